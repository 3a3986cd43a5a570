/**
 * Phonetic folding of normalized tokens.
 *
 * `latinKey` folds the spelling variants that transliteration produces (Andrei/Andrey, Aleksei/Alexey,
 * Tsoi/Tzoi) so they become the same index key; the weighted edit distance (similarity.ts) handles what
 * is left (Grigorii/Grigori, Mohammed/Muhamad).
 *
 * `latinSkeleton` and `arabicSkeleton` keep only consonant classes. Arabic script writes no short
 * vowels, so a name written in Arabic can only be compared with its Latin transliteration on
 * consonants: "حسين" and "Hussein" both become "hsn". Latin tokens with the same skeleton are also
 * the candidates for transliteration variants (Muhammad/Mohamed: mhmd).
 */

import { HARD_C_MIN_LENGTH } from "./tuning.ts";

// Each rule with a literal every string it changes contains: most words need few of the rules, and testing for the
// literal is far cheaper than a global replace (a search folds dozens of typo variants of each word).
const REPLACEMENTS: [string, RegExp, string][] = [
  // The French and German spellings of one sound (Petrovitch, Petrowitsch: Petrovich).
  ["tsch", /tsch/g, "ch"],
  ["tch", /tch/g, "ch"],
  ["ph", /ph/g, "f"],
  ["x", /(?<=[aeiou])x/g, "ks"], // Alexey/Aleksei; elsewhere an x is kept as one letter (Xavier, or a typo)
  ["ck", /ck/g, "k"],
  ["q", /q/g, "k"],
  ["w", /w/g, "v"],
  ["y", /y/g, "i"],
  ["tz", /tz/g, "ts"],
  ["dzh", /dzh/g, "j"],
  ["ou", /ou/g, "u"],
];

const DOUBLE = /([a-z])\1+/g;
const HARD_C = /c(?![eihz])/g;

export function latinKey(word: string): string {
  let s = word;
  for (const [literal, re, to] of REPLACEMENTS) if (s.includes(literal)) s = s.replace(re, to);
  // A c that is no s or ch sound (before a, o, u, a consonant or at the end) is a k: Faberlic / Faberlik, Marco /
  // Marko. Not in a word of three letters or fewer: Co (a company) would become the family name Ko.
  if (s.length >= HARD_C_MIN_LENGTH && s.includes("c")) s = s.replace(HARD_C, "k");
  return s;
}

// As REPLACEMENTS, each with the literal it needs ("" for the vowels, which nearly every key has).
const SKELETON_DIGRAPHS: [string, RegExp, string][] = [
  ["kh", /kh/g, "k"],
  ["sh", /sh/g, "s"],
  ["ch", /ch/g, "s"],
  ["th", /th/g, "t"],
  ["dh", /dh/g, "d"],
  ["gh", /gh/g, "g"],
  ["zh", /zh/g, "j"],
  ["dj", /dj/g, "j"],
  ["c", /c(?=[ei])/g, "s"],
  ["c", /c/g, "k"],
  ["p", /p/g, "b"],
];
const VOWELS = /[aeiou]/g;

/**
 * Skeleton of a Latin key (the output of latinKey). A doubled letter is one consonant (Mohammed, Hassan), but two
 * consonants with a vowel between stay two (Aziz: zz, Mamo: mm): Arabic script writes both, and a skeleton that
 * merged them would make a word of one consonant meet any other (Mamo and عمائم both "m").
 */
export function latinSkeleton(key: string): string {
  let s = key;
  for (const [literal, re, to] of SKELETON_DIGRAPHS) if (s.includes(literal)) s = s.replace(re, to);
  return finishSkeleton(s.replace(DOUBLE, "$1").replace(VOWELS, ""));
}

// Arabic, Persian, Urdu and Pashto letters to the consonant class their usual transliterations share.
// Alif, waw, ya, alif maksura, hamza, ta marbuta and ayn are vowels or silent in Latin spellings.
// ض is d in Arabic names (Ramadan) but z in Persian and Urdu ones (Zia, Reza, Fazal); z is kept and
// the edit distance counts d/z as close.
const ARABIC_CONSONANTS: Record<string, string> = {
  ب: "b",
  پ: "b",
  ت: "t",
  ث: "t",
  ج: "j",
  چ: "s",
  ح: "h",
  خ: "k",
  د: "d",
  ذ: "d",
  ر: "r",
  ز: "z",
  ژ: "j",
  س: "s",
  ش: "s",
  ص: "s",
  ض: "z",
  ط: "t",
  ظ: "z",
  غ: "g",
  ف: "f",
  ڤ: "f",
  ق: "k",
  ك: "k",
  ک: "k",
  گ: "g",
  ل: "l",
  م: "m",
  ن: "n",
  ه: "h",
  ە: "h",
  ہ: "h",
  ھ: "h",
  ٹ: "t",
  ڈ: "d",
  ڑ: "r",
  ں: "n",
  // Pashto
  ځ: "z",
  څ: "s",
  ډ: "d",
  ړ: "r",
  ږ: "j",
  ښ: "s",
  ګ: "g",
  ڼ: "n",
  ټ: "t",
};

/** Letters read otherwise in a region: qaf and jim as g (North Africa, the Gulf; Egypt), dad as d (Arabic, not Persian). */
const REGIONAL_READINGS: Record<string, string> = { ق: "g", ج: "g", ض: "d" };

/**
 * Skeleton of one Arabic-script word (already NFKD-decomposed and stripped of marks, article split off); with
 * `wawAsVowel`, a waw read as the consonant w is read as a vowel instead; the letters in `regional` are read as
 * REGIONAL_READINGS has them (see arabicSkeletons).
 */
export function arabicSkeleton(word: string, wawAsVowel = false, regional = ""): string {
  let s = "";
  for (let i = 0; i < word.length; i++) {
    const ch = word[i];
    if (ch === "و") {
      if (!wawAsVowel && consonantalWaw(word, i)) s += "v";
    } else if (regional.includes(ch)) s += REGIONAL_READINGS[ch];
    else s += ARABIC_CONSONANTS[ch] ?? "";
  }
  return finishSkeleton(s);
}

/**
 * The skeletons an Arabic-script word may be read as, the usual one first, then:
 * - its consonantal waws read as vowels: French spellings write a w next to a vowel "ou", which reads as a vowel
 *   (وافي Ouafi, تواتي Touati, شاوشي Chaouchi) where English spellings write the w (Wafi, Tawati);
 * - its qafs and jims read g, as North Africa and the Gulf say qaf (الرزقي Rezgui, قاسم Gacem) and Egypt jim (جمال
 *   Gamal), and its dads read d, as Arabic says it (الأخضري Akhdari) where Persian and Urdu say z (Reza, Fazal):
 *   all of them at once (a name seldom has two of these letters, and each reading is one more lookup).
 */
export function arabicSkeletons(word: string): string[] {
  const regional = [...new Set([...word].filter((ch) => ch in REGIONAL_READINGS))].join("");
  const out = new Set([arabicSkeleton(word)]);
  if (word.includes("و")) out.add(arabicSkeleton(word, true));
  if (regional) for (const waw of word.includes("و") ? [false, true] : [false]) out.add(arabicSkeleton(word, waw, regional));
  return [...out].filter(Boolean);
}

const LONG_VOWEL_LETTERS = "اىةيءئ";

/**
 * Waw is the consonant w (v in Persian) at the start of a word (Walid, Vahid), after an alif (Azzawi,
 * Dawud) or before a vowel letter (Hawatma, Alawi); between consonants it is the vowel u/o (Yusuf).
 */
function consonantalWaw(word: string, i: number): boolean {
  return i === 0 || word[i - 1] === "ا" || (i + 1 < word.length && LONG_VOWEL_LETTERS.includes(word[i + 1]));
}

// A final h is often an unwritten vowel ending in Latin (Fatimah/Fatima) and a ta marbuta in Arabic. Letters doubled
// in the skeleton are two consonants: a Latin doubled letter is merged before its vowels are taken out, and Arabic
// script writes a doubled consonant once (with a shadda, dropped), so two equal letters in a row are two (ممدوح).
function finishSkeleton(s: string): string {
  return s.length > 1 && s.endsWith("h") ? s.slice(0, -1) : s;
}

/** The key of several tokens written as one word (Abd al-Aziz -> Abdalaziz). */
export function joinKeys(keys: string[]): string {
  return keys.join("");
}

export function joinSkeletons(skeletons: string[]): string {
  return skeletons.join("").replace(DOUBLE, "$1");
}
