/**
 * fontkit (inside pdf-lib) shapes Arabic and lays out right-to-left text correctly, but it decides the script
 * once per drawn string: an Arabic name inside a Latin line would be drawn unjoined and back to front. So a line
 * is cut into runs of one direction, each drawn on its own, and the runs are ordered by the line's direction.
 */

function isRtl(cp: number): boolean {
  return (cp >= 0x0590 && cp <= 0x08ff) || (cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff);
}

const STRONG = /\p{L}/u;

/** The line's runs in drawing order (left to right); a right-to-left run stays in logical order for fontkit. */
export function directionRuns(line: string): string[] {
  const chars = [...line];
  if (!chars.some((ch) => isRtl(ch.codePointAt(0)!))) return [line];
  const runs: { text: string; rtl: boolean }[] = [];
  let i = 0;
  while (i < chars.length) {
    const rtl = isRtl(chars[i].codePointAt(0)!);
    let end = i;
    if (rtl) {
      // from this right-to-left letter to the last one before a left-to-right letter, with what lies between
      for (let j = i; j < chars.length; j++) {
        const cp = chars[j].codePointAt(0)!;
        if (isRtl(cp)) end = j;
        else if (STRONG.test(chars[j])) break;
      }
    } else {
      while (end + 1 < chars.length && !isRtl(chars[end + 1].codePointAt(0)!)) end++;
    }
    runs.push({ text: chars.slice(i, end + 1).join(""), rtl });
    i = end + 1;
  }
  const firstStrong = chars.find((ch) => STRONG.test(ch) || isRtl(ch.codePointAt(0)!));
  const rtlLine = firstStrong !== undefined && isRtl(firstStrong.codePointAt(0)!);
  return (rtlLine ? runs.reverse() : runs).map((r) => r.text);
}
