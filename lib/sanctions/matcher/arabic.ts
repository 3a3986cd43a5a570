/**
 * What an Arabic-script word says beyond its consonant skeleton (phonetic.ts), for stricter comparisons:
 *
 * - `arabicLetters`: the word letter for letter (variants of one letter made one), so two Arabic-script names are
 *   compared as written (حسین and حسن differ by a letter) instead of on their skeletons (both hsn).
 * - `arabicVowels`: the long vowels it writes after each consonant (ا a, و u, ي/ی i). A Latin spelling must have a
 *   vowel of that kind in the same place: حسین is Hussein or Husayn, not Hassan; محمدی is Mohammadi, not Mohammed.
 *   Short vowels are not written in Arabic script, so a Latin vowel where the word writes none costs nothing.
 */
import { FEMININE_ENDING_MISSING, MISSING_LONG_VOWEL, NISBA_WITHOUT_YA, ONSET_ADDED, ONSET_LOST, ONSET_VOWEL_DROPPED, SIBILANT_MISMATCH } from "./tuning.ts";

const LETTERS: Record<string, string> = {
  ا: "a",
  أ: "a",
  إ: "a",
  آ: "a",
  ٱ: "a",
  ب: "b",
  پ: "p",
  ت: "t",
  ث: "c",
  ج: "j",
  چ: "C",
  ح: "H",
  خ: "x",
  د: "d",
  ذ: "D",
  ر: "r",
  ز: "z",
  ژ: "Z",
  س: "s",
  ش: "S",
  ص: "K",
  ض: "Q",
  ط: "T",
  ظ: "V",
  ع: "e",
  غ: "g",
  ف: "f",
  ڤ: "v",
  ق: "q",
  ك: "k",
  ک: "k",
  گ: "G",
  ل: "l",
  م: "m",
  ن: "n",
  ه: "h",
  ە: "h",
  ہ: "h",
  ھ: "h",
  ة: "h",
  و: "w",
  ؤ: "w",
  ي: "y",
  ی: "y",
  ى: "y",
  ئ: "y",
  ۍ: "y",
  ې: "y",
  ٹ: "T",
  ڈ: "d",
  ڑ: "r",
  ں: "n",
  ځ: "z",
  څ: "s",
  ډ: "d",
  ړ: "r",
  ږ: "Z",
  ښ: "S",
  ګ: "G",
  ڼ: "n",
  ټ: "T",
};

/** The word letter for letter (see above); hamza alone and unknown letters are left out. */
export function arabicLetters(word: string): string {
  let out = "";
  for (const ch of word) out += LETTERS[ch] ?? "";
  return out;
}

// Alif maksura ى is a final a in Arabic but written for a final i in Egypt and in Persian (باهاجى Bahaji).
const VOWEL_LETTERS: Record<string, string> = { ا: "a", آ: "a", ى: "y", و: "u", ي: "i", ی: "i", ې: "i" };
const SILENT = new Set(["ء", "ئ", "ؤ", "ع", "ة", "أ", "إ"]);

/**
 * For each consonant of the word, the long vowel written after it ("-" for none): حسین "-i-", محمدی "---i".
 * A waw or ya at the start of the word, or after a vowel letter, is a consonant (Walid, Yasin, Dawud).
 */
export function arabicVowels(word: string): string {
  let out = "";
  let previousVowel = true;
  for (const ch of word) {
    if (SILENT.has(ch)) continue;
    const vowel = VOWEL_LETTERS[ch];
    const consonantal = (ch === "و" || ch === "ي" || ch === "ی") && previousVowel;
    if (vowel && !consonantal) {
      if (out.length > 0 && out.endsWith("-")) out = `${out.slice(0, -1)}${vowel}`;
      previousVowel = true;
      continue;
    }
    if (!LETTERS[ch]) continue;
    out += "-";
    previousVowel = false;
  }
  return out;
}

const LATIN_VOWEL = /[aeiouy]/;
/** A vowel letter, but not a y before a vowel (Yaseen, Yusuf), which is a consonant. */
const isLatinVowel = (latin: string, i: number) => LATIN_VOWEL.test(latin[i]) && !(latin[i] === "y" && i + 1 < latin.length && /[aeiou]/.test(latin[i + 1]));

const DIGRAPHS = new Set(["sh", "kh", "th", "dh", "gh", "ch", "zh", "ts"]);

/**
 * A Latin spelling cut at its consonants (a digraph or a doubled letter is one), each with the vowels that follow
 * it: ehsan -> h "", s "a", n "".
 */
function latinVowelsAfterConsonants(latin: string): string[] {
  const runs: string[] = [];
  let i = 0;
  while (i < latin.length && isLatinVowel(latin, i)) i++; // a leading vowel is an alif or ayn, not counted
  while (i < latin.length) {
    const step = DIGRAPHS.has(latin.slice(i, i + 2)) ? 2 : 1;
    const consonant = latin.slice(i, i + step);
    i += step;
    while (i < latin.length && latin[i] === consonant[consonant.length - 1]) i++;
    let vowels = "";
    while (i < latin.length && isLatinVowel(latin, i)) vowels += latin[i++];
    runs.push(vowels);
  }
  return runs;
}

/** Consonants the Arabic article assimilates to (ar-Rahman, ad-Din, as-Sayyid), as skeleton letters. */
export const SUN_LETTERS = new Set(["t", "d", "r", "z", "s", "l", "n"]);

const COMPATIBLE: Record<string, RegExp> = { a: /[ae]/, i: /[iey]/, u: /[uow]/, y: /[aeiy]/ };

/**
 * How well a Latin spelling agrees with the long vowels an Arabic-script word writes: 1 when it does (or when the two
 * cannot be aligned consonant for consonant), less for each written long vowel the Latin spelling has not
 * (MISSING_LONG_VOWEL: ya and waw are surer signs than alif, often a hamza's seat), less again for a Latin -i ending
 * where the word writes no final ya (`penalty`).
 */
export function vowelAgreement(vowels: string, latin: string, penalty = NISBA_WITHOUT_YA): number {
  if (!vowels) return 1;
  const runs = latinVowelsAfterConsonants(latin);
  if (runs.length !== vowels.length) return 1;
  let factor = 1;
  for (let k = 0; k < vowels.length; k++) {
    const wanted = vowels[k];
    if (wanted === "-") continue;
    if (!COMPATIBLE[wanted].test(runs[k])) factor *= MISSING_LONG_VOWEL[wanted];
  }
  // A Latin -i ending (the nisba of Mohammadi, Hasani) where the word writes no final ya.
  if (vowels.endsWith("-") && /[iy]$/.test(latin) && !/[aeou][iy]$/.test(latin)) factor *= penalty;
  return factor;
}

const LATIN_ONSET_VOWEL = /^[aeiou]/;
/** A Latin spelling opening with the article assimilated to a sun letter (Ettaher, Errachid) or joined (Elhadi). */
const LATIN_ARTICLE_ONSET = /^(?:[aeiou]([bcdfghjklmnpqrstvwxz])\1|[ae]l)/;

/**
 * How well a Latin spelling agrees with how an Arabic-script word begins (`letters`, from arabicLetters). The start of
 * a word is the one place where Arabic script writes a vowel's seat (alif, or ayn, a consonant Latin writes as a
 * vowel): a word that opens with one is spelt from a vowel (أيمن Ayman, عمر Omar), a word that opens with a consonant
 * from that consonant. Without this, a short word is alike any Latin word with its two consonants (أيمن / Man).
 * - Opening alif with a consonant after it, the Latin without its vowel: a dropped short vowel, as North African
 *   spellings drop it (إبراهيم Brahim, إسماعيل Smail): ONSET_VOWEL_DROPPED.
 * - Opening ayn, or a long vowel or diphthong (عا, آ, أي), the Latin from a consonant: a sound lost, ONSET_LOST.
 * - Opening consonant, the Latin from a vowel: a vowel added, ONSET_ADDED; unless it is the article before the word
 *   (Ettaher for الطاهر), or the waw or ya itself written as a vowel (Oualid for وليد, Iyad).
 */
export function onsetAgreement(letters: string | undefined, latin: string): number {
  if (!letters || !latin) return 1;
  const arabicVowel = letters[0] === "a" || letters[0] === "e";
  const latinVowel = LATIN_ONSET_VOWEL.test(latin);
  // An opening ya or waw is a consonant the skeleton leaves out (ي) or that Latin writes as a vowel (و, Oualid):
  // a Latin word opening with another consonant has lost it (یاسین is Yasin, not Son).
  if (letters[0] === "y" && !/^[yjie]/.test(latin)) return ONSET_LOST;
  if (letters[0] === "w" && !/^[wvou]/.test(latin)) return ONSET_LOST;
  // The other way round: a Latin opening y or w before a vowel is a consonant the Arabic must write (Yusuf is يوسف,
  // not سيف Saif).
  if (/^[yw][aeiou]/.test(latin) && !"ywa".includes(letters[0])) return ONSET_LOST;
  if (arabicVowel === latinVowel) return 1;
  if (arabicVowel) {
    const longAfter = letters.length > 1 && "awy".includes(letters[1]);
    return letters[0] === "a" && !longAfter ? ONSET_VOWEL_DROPPED : ONSET_LOST;
  }
  if (LATIN_ARTICLE_ONSET.test(latin)) return 1;
  if (letters[0] === "w" && /^[ou]/.test(latin)) return 1;
  if (letters[0] === "y" && latin[0] === "i") return 1;
  return ONSET_ADDED;
}

/**
 * A word ending in ta marbuta or heh (letters ending "h": حسنة Hasna, فاطمه Fatima, الله Allah) ends in Latin in a
 * vowel, an h or a t (Hasna, Fatimah, Hikmat): a Latin spelling ending in another consonant lacks the ending, and is
 * another name (Hasan, حسن): FEMININE_ENDING_MISSING.
 */
export function endingAgreement(letters: string | undefined, latin: string): number {
  if (!letters?.endsWith("h") || letters.length < 2 || !latin) return 1;
  return /[aeiouyht]$/.test(latin) ? 1 : FEMININE_ENDING_MISSING;
}

/** Letters (arabicLetters) a Latin sh may stand for: shin, tcheh, zhe, jim (French dj, sh in some spellings). */
const SH_SOUNDS = /[SCZj]/;
/** ... and a Latin ch: those, and kha, kaf and qaf (the German ch of Bach, the Spanish and Italian ch of Chaled). */
const CH_SOUNDS = /[SCZjxkq]/;
const PLAIN_SIBILANTS = /[sKc]/;

/**
 * A Latin spelling with sh or ch where the Arabic-script word writes only plain sibilants (sin, sad, tha) and nothing
 * a Latin sh or ch stands for: the two have another consonant, which the skeleton merged (سعيد Saeed is not Cheade,
 * السقا al-Saqqa not Sheik). SIBILANT_MISMATCH.
 */
export function sibilantAgreement(letters: string | undefined, latin: string): number {
  if (!letters || !PLAIN_SIBILANTS.test(letters)) return 1;
  if (latin.includes("sh") && !SH_SOUNDS.test(letters)) return SIBILANT_MISMATCH;
  if (latin.includes("ch") && !CH_SOUNDS.test(letters)) return SIBILANT_MISMATCH;
  return 1;
}
