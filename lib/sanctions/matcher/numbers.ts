/**
 * Numbers written as words or ordinals become digits, so "Brigade Forty-Four", "Brigade 44" and "First
 * International Bank", "1st International Bank" meet. English only: the lists write their names in English or in the
 * original language's transliteration, where such words do not occur as names.
 */

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
};

const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  twentieth: 20,
  thirtieth: 30,
  fortieth: 40,
  fiftieth: 50,
  sixtieth: 60,
  seventieth: 70,
  eightieth: 80,
  ninetieth: 90,
};

const SCALES: Record<string, number> = { hundred: 100, hundredth: 100, thousand: 1000, thousandth: 1000 };

/** "1st", "22nd", "3rd", "44th": the digits. */
const DIGIT_ORDINAL = /^(\d+)(st|nd|rd|th)$/;

export type NumberPart = { kind: "units" | "tens" | "scale" | "digits"; value: number };

export function numberPart(word: string): NumberPart | null {
  if (word in UNITS) return { kind: "units", value: UNITS[word] };
  if (word in TENS) return { kind: "tens", value: TENS[word] };
  if (word in SCALES) return { kind: "scale", value: SCALES[word] };
  const ordinal = DIGIT_ORDINAL.exec(word);
  if (ordinal) return { kind: "digits", value: Number(ordinal[1]) };
  if (/^\d+$/.test(word) && word.length <= 6) return { kind: "digits", value: Number(word) };
  return null;
}

/**
 * Reads a run of number words from `words[start]`: its value and length, or null when the run holds no number word
 * (plain digits alone are left as they are). "forty four", "forty 4", "one hundred twenty", "three".
 */
export function readNumber(words: string[], start: number): { value: number; length: number } | null {
  let total = 0;
  let current = 0;
  let length = 0;
  let wordSeen = false;
  let lastKind: NumberPart["kind"] | null = null;
  for (let i = start; i < words.length; i++) {
    const part = numberPart(words[i]);
    if (!part) break;
    // A number follows another only as units after tens (forty four) or a scale after a number (two hundred).
    if (lastKind !== null) {
      const continues = (lastKind === "tens" && (part.kind === "units" || part.kind === "digits") && part.value < 10) || part.kind === "scale";
      if (!continues) break;
    }
    if (part.kind === "scale") {
      current = Math.max(current, 1) * part.value;
      if (part.value >= 1000) {
        total += current;
        current = 0;
      }
    } else current += part.value;
    if (part.kind !== "digits" || DIGIT_ORDINAL.test(words[i])) wordSeen = true;
    lastKind = part.kind;
    length++;
  }
  if (length === 0 || !wordSeen) return null;
  return { value: total + current, length };
}
