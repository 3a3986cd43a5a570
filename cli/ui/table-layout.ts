/** How a table fits a width: side by side (some columns cut with "…"), or one field per line when it cannot. */
export type TableLayout = { kind: "columns"; widths: number[] } | { kind: "stacked" };

export const COLUMN_GAP = 2;

/**
 * The columns at their natural widths when they fit; else the columns that may be cut (`shrinkTo[i]`, the narrowest
 * they may get) lose characters, widest first; when even that does not fit, the stacked layout, which loses nothing.
 */
export function tableLayout(headers: string[], cells: string[][], room: number, shrinkTo: (number | undefined)[]): TableLayout {
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
  let overflow = widths.reduce((a, b) => a + b, 0) + COLUMN_GAP * (widths.length - 1) - room;
  while (overflow > 0) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      const floor = shrinkTo[i];
      if (floor !== undefined && widths[i] > Math.max(floor, headers[i].length) && (widest < 0 || widths[i] > widths[widest])) widest = i;
    }
    if (widest < 0) return { kind: "stacked" };
    widths[widest]--;
    overflow--;
  }
  return { kind: "columns", widths };
}

/** The value cut to the width, its end replaced by "…". */
export const cut = (value: string, width: number) => (value.length <= width ? value : `${value.slice(0, Math.max(0, width - 1))}…`);

/** One table line: every cell but the last padded (trailing spaces would wrap a full-width line). */
export const tableLine = (values: string[], widths: number[]) =>
  values.map((v, i) => (i === values.length - 1 ? cut(v, widths[i]) : cut(v, widths[i]).padEnd(widths[i]))).join(" ".repeat(COLUMN_GAP));

/**
 * A row as "HEADER  value" lines, the headers aligned, each value wrapped at the width with its continuation under the
 * value, so nothing is cut.
 */
export function stackedLines(headers: string[], values: string[], room: number): string[] {
  const label = Math.max(...headers.map((h) => h.length));
  const valueRoom = Math.max(10, room - label - COLUMN_GAP);
  return headers.flatMap((header, i) => {
    const parts = wrapText(values[i], valueRoom);
    return parts.map((part, j) => `${(j === 0 ? header : "").padEnd(label)}${" ".repeat(COLUMN_GAP)}${part}`.trimEnd());
  });
}

/** Text in lines of at most `room` characters, broken at spaces where it can, else mid-word (ids, URLs). */
export function wrapText(text: string, room: number): string[] {
  const lines: string[] = [];
  let rest = text.replace(/\s*\n\s*/g, " ");
  while (rest.length > room) {
    let at = rest.lastIndexOf(" ", room);
    if (at < room / 2) at = room;
    lines.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  lines.push(rest);
  return lines;
}
