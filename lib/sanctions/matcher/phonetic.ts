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

const REPLACEMENTS: [RegExp, string][] = [
  // The French and German spellings of one sound (Petrovitch, Petrowitsch: Petrovich).
  [/tsch/g, "ch"],
  [/tch/g, "ch"],
  [/ph/g, "f"],
  [/(?<=[aeiou])x/g, "ks"], // Alexey/Aleksei; elsewhere an x is kept as one letter (Xavier, or a typo)
  [/ck/g, "k"],
  [/q/g, "k"],
  [/w/g, "v"],
  [/y/g, "i"],
  [/tz/g, "ts"],
  [/dzh/g, "j"],
  [/ou/g, "u"],
];

const DOUBLE = /([a-z])\1+/g;

export function latinKey(word: string): string {
  let s = word;
  for (const [re, to] of REPLACEMENTS) s = s.replace(re, to);
  return s;
}

const SKELETON_DIGRAPHS: [RegExp, string][] = [
  [/kh/g, "k"],
  [/sh/g, "s"],
  [/ch/g, "s"],
  [/th/g, "t"],
  [/dh/g, "d"],
  [/gh/g, "g"],
  [/zh/g, "j"],
  [/dj/g, "j"],
  [/c(?=[ei])/g, "s"],
  [/c/g, "k"],
  [/p/g, "b"],
  [/[aeiou]/g, ""],
];

/** Skeleton of a Latin key (the output of latinKey). */
export function latinSkeleton(key: string): string {
  let s = key;
  for (const [re, to] of SKELETON_DIGRAPHS) s = s.replace(re, to);
  return finishSkeleton(s);
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

/** Skeleton of one Arabic-script word (already NFKD-decomposed and stripped of marks, article split off). */
export function arabicSkeleton(word: string): string {
  let s = "";
  for (let i = 0; i < word.length; i++) {
    const ch = word[i];
    if (ch === "و") {
      if (consonantalWaw(word, i)) s += "v";
    } else s += ARABIC_CONSONANTS[ch] ?? "";
  }
  return finishSkeleton(s);
}

const LONG_VOWEL_LETTERS = "اىةيءئ";

/**
 * Waw is the consonant w (v in Persian) at the start of a word (Walid, Vahid), after an alif (Azzawi,
 * Dawud) or before a vowel letter (Hawatma, Alawi); between consonants it is the vowel u/o (Yusuf).
 */
function consonantalWaw(word: string, i: number): boolean {
  return i === 0 || word[i - 1] === "ا" || (i + 1 < word.length && LONG_VOWEL_LETTERS.includes(word[i + 1]));
}

// A final h is often an unwritten vowel ending in Latin (Fatimah/Fatima) and a ta marbuta in Arabic.
function finishSkeleton(s: string): string {
  s = s.replace(DOUBLE, "$1");
  return s.length > 1 && s.endsWith("h") ? s.slice(0, -1) : s;
}

/** The key of several tokens written as one word (Abd al-Aziz -> Abdalaziz). */
export function joinKeys(keys: string[]): string {
  return keys.join("");
}

export function joinSkeletons(skeletons: string[]): string {
  return skeletons.join("").replace(DOUBLE, "$1");
}
