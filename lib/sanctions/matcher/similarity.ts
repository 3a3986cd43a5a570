/**
 * Similarity of two normalized tokens (ASCII lower case, already phonetically folded) in 0..1:
 * 1 - weighted edit distance / length of the longer token. The weights make transliteration-like differences cheap
 * (one vowel for another, a vowel, h or v written or left out, close consonants such as s/z, k/g, t/d, a doubled
 * letter, a final s case ending) and keep real typos (a wrong consonant, a transposition) at about one edit.
 *
 * Besides the distance: words of two letters or fewer are alike only when equal, words of three letters (or
 * consonants) may differ by one vowel (or one close consonant), words of very different lengths are not alike, given
 * names differing only in a final a/o are a woman's and a man's (Antonia / Antonio), one stem with two kinds of English
 * ending is two words (Construction / Constructors), and a loose likeness between a
 * word starting with a vowel and one starting with a consonant is two names (Hamid / Ahmad).
 */
import {
  BREATH_INDEL,
  CLOSE_CONSONANT_SUBSTITUTION,
  DERIVED_STEM_MIN_LENGTH,
  DOUBLING,
  EXACT_ONLY_LENGTH,
  FINAL_S,
  FINAL_S_MIN_LENGTH,
  GENDERED_ENDING_MIN_LENGTH,
  LOOSE_LIKENESS,
  MAX_LENGTH_DIFFERENCE,
  SHORT_SKELETON_DISTANCE,
  SHORT_TOKEN,
  SHORT_TOKEN_DISTANCE,
  TRANSPOSITION,
  VOWEL_INDEL,
  VOWEL_SUBSTITUTION,
} from "./tuning.ts";

const VOWELS = "aeiou";
// Close sounds; "ij" is a Latin j for a y (Jusuf/Yusuf, y being folded to i).
const SIMILAR_CONSONANTS = ["sz", "kg", "kc", "kq", "cs", "td", "dz", "bp", "fv", "mn", "ij"];

const SUBSTITUTE = new Float32Array(128 * 128).fill(1);
const INDEL = new Float32Array(128).fill(1);
for (let c = 0; c < 128; c++) SUBSTITUTE[c * 128 + c] = 0;
for (const a of VOWELS) for (const b of VOWELS) if (a !== b) SUBSTITUTE[a.charCodeAt(0) * 128 + b.charCodeAt(0)] = VOWEL_SUBSTITUTION;
for (const [a, b] of SIMILAR_CONSONANTS) {
  SUBSTITUTE[a.charCodeAt(0) * 128 + b.charCodeAt(0)] = CLOSE_CONSONANT_SUBSTITUTION;
  SUBSTITUTE[b.charCodeAt(0) * 128 + a.charCodeAt(0)] = CLOSE_CONSONANT_SUBSTITUTION;
}
for (const v of VOWELS) INDEL[v.charCodeAt(0)] = VOWEL_INDEL;

/** Two letters for close sounds (SIMILAR_CONSONANTS: s/z, k/g, t/d, b/p, f/v, m/n, j/y), either way round. */
export function closeSounds(a: string, b: string): boolean {
  return SUBSTITUTE[(a.charCodeAt(0) & 127) * 128 + (b.charCodeAt(0) & 127)] === CLOSE_CONSONANT_SUBSTITUTION;
}
// h and w/v are often only a breath or a glide between vowels (Mohd/Mohamad, Hawatma/Hatma).
INDEL["h".charCodeAt(0)] = BREATH_INDEL;
INDEL["v".charCodeAt(0)] = BREATH_INDEL;

const MAX_LEN = 64;
const rowA = new Float32Array(MAX_LEN + 1);
const rowB = new Float32Array(MAX_LEN + 1);
const rowC = new Float32Array(MAX_LEN + 1);
const indelB = new Float32Array(MAX_LEN);
/** Each word's characters (their low seven bits, as the cost tables read them), read once a call, not once a cell. */
const codesB = new Uint8Array(MAX_LEN);

/**
 * The first word's costs and characters, kept for the last two words compared: a lookup compares one word (its folded
 * key, then its spelling) with hundreds, and works their costs out once.
 */
const slots = [
  { word: undefined as string | undefined, indel: new Float32Array(MAX_LEN), codes: new Uint8Array(MAX_LEN) },
  { word: undefined as string | undefined, indel: new Float32Array(MAX_LEN), codes: new Uint8Array(MAX_LEN) },
];
let slotToReplace = 0;

const S = "s".charCodeAt(0);
const isVowelCode = (c: number) => c === 97 || c === 101 || c === 105 || c === 111 || c === 117;

function indelCosts(s: string, length: number, out: Float32Array, codes: Uint8Array): void {
  let before = -1;
  for (let i = 0; i < length; i++) {
    const c = s.charCodeAt(i);
    out[i] = c === before ? DOUBLING : INDEL[c & 127];
    codes[i] = c & 127;
    before = c;
  }
  // A final s after a consonant is often only a case ending (Latvian Lavrovs, Sergejs; Andrejs).
  if (length >= FINAL_S_MIN_LENGTH && s.charCodeAt(length - 1) === S && out[length - 1] === 1 && !VOWELS.includes(s[length - 2])) out[length - 1] = FINAL_S;
}

/** indelCosts of an ASCII word held as bytes (codes[start .. start + length)). */
function indelCostsOfCodes(codes: Uint8Array, start: number, length: number, out: Float32Array, outCodes: Uint8Array): void {
  let before = -1;
  for (let i = 0; i < length; i++) {
    const c = codes[start + i];
    out[i] = c === before ? DOUBLING : INDEL[c];
    outCodes[i] = c;
    before = c;
  }
  if (length >= FINAL_S_MIN_LENGTH && codes[start + length - 1] === S && out[length - 1] === 1 && !isVowelCode(codes[start + length - 2]))
    out[length - 1] = FINAL_S;
}

/** The slot holding `a`'s costs, worked out if neither does. */
function slotOf(a: string, la: number) {
  if (slots[0].word === a) return slots[0];
  if (slots[1].word === a) return slots[1];
  const slot = slots[slotToReplace];
  slotToReplace = 1 - slotToReplace;
  indelCosts(a, la, slot.indel, slot.codes);
  slot.word = a;
  return slot;
}

/**
 * Weighted optimal-string-alignment distance; characters outside ASCII cost 1 like any other.
 * Stops early and returns a value above `limit` once every alignment costs more than `limit`.
 */
export function weightedDistance(a: string, b: string, limit = Infinity): number {
  const lb = Math.min(b.length, MAX_LEN);
  indelCosts(b, lb, indelB, codesB);
  return distanceToB(a, lb, limit);
}

/** weightedDistance from a to the word in indelB and codesB, of length lb. */
function distanceToB(a: string, lb: number, limit: number): number {
  const la = Math.min(a.length, MAX_LEN);
  const { indel: indelA, codes: codesA } = slotOf(a, la);
  // prev2: row i-2, prev: row i-1, cur: row i
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  prev[0] = 0;
  for (let j = 1; j <= lb; j++) prev[j] = prev[j - 1] + indelB[j - 1];
  for (let i = 1; i <= la; i++) {
    const ca = codesA[i - 1];
    const delA = indelA[i - 1];
    cur[0] = prev[0] + delA;
    let rowMin = cur[0];
    for (let j = 1; j <= lb; j++) {
      const cb = codesB[j - 1];
      let d = prev[j - 1] + SUBSTITUTE[ca * 128 + cb];
      const del = prev[j] + delA;
      if (del < d) d = del;
      const ins = cur[j - 1] + indelB[j - 1];
      if (ins < d) d = ins;
      if (i > 1 && j > 1 && ca !== cb && ca === codesB[j - 2] && codesA[i - 2] === cb) {
        const t = prev2[j - 2] + TRANSPOSITION;
        if (t < d) d = t;
      }
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return rowMin;
    const rotated = prev2;
    prev2 = prev;
    prev = cur;
    cur = rotated;
  }
  return prev[lb];
}

/**
 * Given names that differ only in a final a or o are a woman's and a man's (Antonia, Antonio; Maria, Mario): not
 * spellings of one name.
 */
function genderedEndings(a: string, b: string): boolean {
  if (a.length < GENDERED_ENDING_MIN_LENGTH || a.length !== b.length) return false;
  const x = a[a.length - 1];
  const y = b[b.length - 1];
  return x !== y && (x === "a" || x === "o") && (y === "a" || y === "o") && a.slice(0, -1) === b.slice(0, -1);
}

/**
 * 0..1; below `floor` the answer is 0. Skeletons (consonants only) are compared with `skeletons`. Three-letter words
 * differ by at most one vowel (Ali / Ale), three-consonant skeletons by one close consonant (Hashim / Hisham: hsm /
 * hsn); shorter words must be equal.
 */
export function tokenSimilarity(a: string, b: string, floor = 0, skeletons = false): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  if (lengthsApart(a.length, b.length, longer)) return 0;
  const short = skeletons ? SHORT_SKELETON_DISTANCE : SHORT_TOKEN_DISTANCE;
  const limit = longer <= SHORT_TOKEN ? short : (1 - floor) * longer;
  const distance = weightedDistance(a, b, limit);
  const sim = 1 - distance / longer;
  if (distance > limit || sim < floor) return 0;
  if (!skeletons && closeButApart(a, b, sim, distance)) return 0;
  return sim;
}

/** Words this short, or of lengths this far apart, are not alike (unless equal). */
function lengthsApart(la: number, lb: number, longer: number): boolean {
  return longer <= EXACT_ONLY_LENGTH || Math.abs(la - lb) > longer * MAX_LENGTH_DIFFERENCE;
}

/**
 * Two Latin words close by their letters that are different words. Tested only for pairs close enough to be taken
 * for one (most pairs a lookup meets are not, and these patterns cost more than the distance): two words of one stem
 * (gendered endings, a surname and a patronymic, two derivations); and Hamid is not Ahmad: a loose likeness between a
 * word starting with a vowel and one starting with a consonant is two names that share their consonants, not one
 * name spelt two ways (one edit, Ssad / Asad, is still a typo).
 */
function closeButApart(a: string, b: string, sim: number, distance: number): boolean {
  if (genderedEndings(a, b) || surnameAgainstPatronymic(a, b) || otherDerivation(a, b)) return true;
  return sim < LOOSE_LIKENESS && distance > 1 && VOWELS.includes(a[0]) !== VOWELS.includes(b[0]);
}

/**
 * tokenSimilarity(a, words[id], floor) for a Latin word held as ASCII bytes too (codes[start .. start + length), as
 * Vocabulary keeps its words): the same answer, without reading the word's string unless the two are close. A lookup
 * compares a word with hundreds of listed words scattered in memory; their bytes side by side are read far faster.
 */
export function storedWordSimilarity(a: string, codes: Uint8Array, start: number, length: number, words: string[], id: number, floor: number): number {
  if (a.length === length) {
    let same = true;
    for (let i = 0; i < length && same; i++) same = a.charCodeAt(i) === codes[start + i];
    if (same) return 1;
  }
  const longer = Math.max(a.length, length);
  if (lengthsApart(a.length, length, longer)) return 0;
  const limit = longer <= SHORT_TOKEN ? SHORT_TOKEN_DISTANCE : (1 - floor) * longer;
  const lb = Math.min(length, MAX_LEN);
  indelCostsOfCodes(codes, start, lb, indelB, codesB);
  const distance = distanceToB(a, lb, limit);
  const sim = 1 - distance / longer;
  if (distance > limit || sim < floor) return 0;
  return closeButApart(a, words[id], sim, distance) ? 0 : sim;
}

const PATRONYMIC_END = /(?:ovich|evich|ovych|evych|ovna|evna|ivna|ichna)$/;
const SURNAME_END = /(?:ov|ev|ova|eva|in|ina)$/;

/**
 * An East Slavic family name made from a given name is not the patronymic made from it (Vladimirova, a family name,
 * is not Vladimirovna, a father's name), though they are a letter or two apart: they are different parts of a name.
 */
function surnameAgainstPatronymic(a: string, b: string): boolean {
  const pa = PATRONYMIC_END.test(a);
  const pb = PATRONYMIC_END.test(b);
  return pa !== pb && SURNAME_END.test(pa ? b : a);
}

// English derivational endings, those of one kind together: the act (-ion), the agent (-or, -er), the doing (-ing),
// the result (-ment), each with its plural.
const DERIVATION = /(?:ions?|ors?|ers?|ings?|ments?)$/;
const derivationKind = (ending: string) => ending.replace(/s$/, "").replace("er", "or");

/**
 * One stem with two derivational endings of different kinds makes two words, not a misspelling of one (Construction,
 * Constructors; Printing, Printers): a company doing the one is not the company doing the other.
 */
function otherDerivation(a: string, b: string): boolean {
  const x = DERIVATION.exec(a);
  const y = DERIVATION.exec(b);
  if (!x || !y || derivationKind(x[0]) === derivationKind(y[0])) return false;
  const stem = a.slice(0, x.index);
  return stem.length >= DERIVED_STEM_MIN_LENGTH && stem === b.slice(0, y.index);
}
