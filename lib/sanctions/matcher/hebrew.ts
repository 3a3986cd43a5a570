/**
 * Hebrew, like Arabic, writes consonants and only some vowels, so a Hebrew word is compared with a Latin spelling on
 * its consonant skeleton (phonetic.ts latinSkeleton). Some letters are read two ways (ב b or v, פ p or f, ו a vowel
 * or v, ח h or kh): each reading gives a skeleton, and the word matches a Latin spelling through any of them
 * (דוד: David through the consonantal vav, משה: Moshe).
 */
import { MAX_HEBREW_SKELETONS } from "./tuning.ts";

/** Each letter's consonant classes as latinSkeleton writes them ("" for a vowel letter or a silent one). */
const LETTERS: Record<string, string[]> = {
  א: [""],
  ב: ["b", "v"],
  ג: ["g"],
  ד: ["d"],
  ה: ["h"],
  ו: ["", "v"],
  ז: ["z"],
  ח: ["h", "k"],
  ט: ["t"],
  י: [""],
  כ: ["k"],
  ך: ["k"],
  ל: ["l"],
  מ: ["m"],
  ם: ["m"],
  נ: ["n"],
  ן: ["n"],
  ס: ["s"],
  ע: [""],
  פ: ["b", "f"],
  ף: ["f"],
  צ: ["ts"],
  ץ: ["ts"],
  ק: ["k"],
  ר: ["r"],
  ש: ["s"],
  ת: ["t"],
};

export const HEBREW_WORD = /\p{Script=Hebrew}/u;
const POINTS = /[\u0591-\u05C7]/g;

// Equal consonants in a row are two (a doubled one is written once), as in Arabic script (phonetic.ts), but for a
// doubled vav, which writes one v.
function finish(s: string): string {
  s = s.replace(/vv+/g, "v");
  return s.length > 1 && s.endsWith("h") ? s.slice(0, -1) : s;
}

/** The consonant skeletons a Hebrew word may be read as, the most usual first. */
export function hebrewSkeletons(word: string): string[] {
  let readings = [""];
  for (const ch of word.replace(POINTS, "")) {
    const options = LETTERS[ch];
    if (!options) continue;
    // A vav at the start or doubled is the consonant v.
    const next = ch === "ו" && (readings[0].length === 0 || word.includes("וו")) ? ["v"] : options;
    readings = readings.flatMap((r) => next.map((o) => r + o)).slice(0, MAX_HEBREW_SKELETONS);
  }
  return [...new Set(readings.map(finish))].filter(Boolean);
}
