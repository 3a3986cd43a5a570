/**
 * A query prepared against one vocabulary: its tokens with weights, and the units (single tokens and adjacent
 * compounds, joined as compoundRuns says) with the vocabulary tokens each one is similar to.
 *
 * A token's weight is its rarity (IDF of the document frequencies of its spellings SAME_NAME alike or closer, summed,
 * in the index or in the real lists when two names are compared) x its class weight, x INITIAL_WEIGHT for an initial
 * and x PATRONYMIC_WEIGHT for a patronymic; a compound weighs its tokens together. A person's given name also meets
 * its other forms at GIVEN_NAME_FORM (Ted: Theodore). A long word the lists do not know is cut into known words, only
 * to find the names that write it apart (VladimirPutin: the unit's `reach`).
 */
import { SUN_LETTERS } from "./arabic.ts";
import { CLASS_WEIGHT, givenNameForms, isPatronymic, type NameKind, TokenClass } from "./lexicon.ts";
import { isArabicArticle, type Token, tokenize } from "./normalize.ts";
import { isAncestorName } from "./patronymics.ts";
import { joinKeys, joinSkeletons, latinKey, latinSkeleton } from "./phonetic.ts";
import { closeSounds } from "./similarity.ts";
import {
  ANCESTOR_WEIGHT,
  CLOSE_ENOUGH,
  COMPOUND_FLOOR,
  COMPOUND_LENGTH_SLACK,
  COMPOUND_SKELETON_SLACK,
  GIVEN_NAME_FORM,
  INITIAL_WEIGHT,
  INNER_SPLIT_LENGTH,
  KNOWN_NAME_DF,
  KNOWN_WORD,
  LONG_TYPO_LENGTH,
  MAX_INITIALS,
  MIN_JOINABLE_SKELETON,
  PATRONYMIC_WEIGHT,
  SAME_NAME,
  SHORT_JOIN_PIECE,
  SHORT_TOKEN,
  SIMILARITY_FLOOR,
  SPLIT_LENGTH,
  SPLIT_PART_FLOOR,
  SPLIT_PART_FUZZY_LENGTH,
  SPLIT_PART_MIN_LENGTH,
} from "./tuning.ts";
import { pairSimilarity, type Spelling, type Vocabulary, type VocabularyMatches } from "./vocabulary.ts";

export interface QueryUnit {
  /** First and last query token covered. */
  first: number;
  last: number;
  key: string;
  raw: string;
  skeleton: string;
  abjad: boolean;
  weight: number;
  /** Vocabulary id -> similarity, for every vocabulary token at or above the similarity floor. */
  sims: Map<number, number>;
  /**
   * Vocabulary tokens that only help find candidates: the parts of a word written joined that the listed name
   * writes apart (VladimirPutin: vladimir, putin), each with its similarity times its share of the word's letters. The
   * scorer compares the word with the listed words joined.
   */
  reach?: Map<number, number>;
}

/** Query tokens kept: score.ts keys its compound cache on a query token under this (with two 21-bit ids, under 2^53). */
const MAX_QUERY_TOKENS = 32;

/**
 * The vocabulary tokens of both parts, for every way of cutting `key` in two where both parts are known words. Only
 * for a word the lists do not know (KNOWN_WORD), to find the listed names that write it apart.
 */
function splitReach(key: string, raw: string, vocab: Vocabulary): Map<number, number> | undefined {
  const parts = splitParts(key, raw, vocab);
  if (!parts) return undefined;
  // Each part stands for its share of the word: a short known word (co, al) is not the whole of Coyienes.
  const reach = new Map<number, number>();
  for (const [id, { sim, share }] of parts) reach.set(id, sim * share);
  return reach;
}

/** The parts of splitReach, each with its similarity and its share of the word's letters. */
function splitParts(key: string, raw: string, vocab: Vocabulary, depth = 0): Map<number, { sim: number; share: number }> | undefined {
  if (key.length < (depth > 0 ? INNER_SPLIT_LENGTH : SPLIT_LENGTH) || raw.length < SPLIT_LENGTH) return undefined;
  const reach = new Map<number, { sim: number; share: number }>();
  type Found = VocabularyMatches & { shares?: number[] };
  const none: Found = { ids: [], sims: [] };
  const part = (text: string): Found => {
    const key = latinKey(text);
    const id = vocab.id(key, false);
    if (id !== undefined) return { ids: [id], sims: [1] };
    if (text.length < SPLIT_PART_FUZZY_LENGTH) return none;
    const found = vocab.lookup({ key, raw: text, skeleton: latinSkeleton(key), abjad: false }, 1);
    if (found.sims.some((s) => s >= SPLIT_PART_FLOOR) || depth > 0) return found;
    // A part may itself be two words (vanderbilt: van, derbilt: der, bilt).
    const inner = splitParts(key, text, vocab, depth + 1);
    return inner ? { ids: [...inner.keys()], sims: [...inner.values()].map((p) => p.sim), shares: [...inner.values()].map((p) => p.share) } : found;
  };
  for (let i = SPLIT_PART_MIN_LENGTH; i <= raw.length - SPLIT_PART_MIN_LENGTH; i++) {
    const left = part(raw.slice(0, i));
    if (!left.sims.some((s) => s >= SPLIT_PART_FLOOR)) continue;
    const right = part(raw.slice(i));
    if (!right.sims.some((s) => s >= SPLIT_PART_FLOOR)) continue;
    for (const [found, share] of [
      [left, i / raw.length],
      [right, 1 - i / raw.length],
    ] as const) {
      found.ids.forEach((id, k) => {
        const sim = found.sims[k];
        if (sim < SPLIT_PART_FLOOR) return;
        const was = reach.get(id);
        const part = { sim, share: share * (found.shares?.[k] ?? 1) };
        if (!was || sim * part.share > was.sim * was.share) reach.set(id, part);
      });
    }
  }
  return reach.size ? reach : undefined;
}

/**
 * One edit in a long word (eight letters or more) must not lose it. Folding can make that edit two or three on the
 * folded keys the vocabulary is looked up by (Alxander: alxander, Alexander: aleksander; Soxthward: soksthvard,
 * Southward: suthvard): when no spelling CLOSE_ENOUGH was found, the word as written is looked up one edit away among
 * the long words as the lists write them, and those found are compared as usual (pairSimilarity).
 */
function addLongTypos(token: Spelling, vocab: Vocabulary, found: Map<number, number>): void {
  if (token.abjad || token.native || token.raw.length < LONG_TYPO_LENGTH - 1 || !/^[a-z]+$/.test(token.raw)) return;
  for (const sim of found.values()) if (sim >= CLOSE_ENOUGH) return;
  vocab.byLongSpelling.candidates(token.raw, (id) => {
    if (found.has(id)) return;
    const sim = pairSimilarity(token, vocab.spelling(id));
    if (sim >= SIMILARITY_FLOOR) found.set(id, sim);
  });
}

export interface PreparedQuery {
  tokens: (Token & { weight: number })[];
  units: QueryUnit[];
  totalWeight: number;
  /** totalWeight without the tokens a name may leave unmatched at no cost (see score.ts). */
  minimumWeight: number;
  /**
   * Per token: a short word written as initials (U.S., JC in a name otherwise in lower case), which may stand for as
   * many words; not a word in a name written all in capitals (KO CHOL HUN), nor one such as "Om".
   */
  writtenAsInitials: boolean[];
  /**
   * Per vocabulary token, the units similar to it: unit index and similarity, in pairs. A listed name is scored by
   * looking each of its words up once, not once per unit.
   */
  unitsByToken: Map<number, number[]>;
}

export function idf(df: number, documents: number): number {
  return Math.log(1 + documents / Math.max(1, df));
}

/**
 * Adjacent token runs worth comparing as one word: pairs, and triples around a particle (abd al aziz).
 * A word of `joinable` false is never glued to a neighbour.
 */
export function compoundRuns(
  isParticle: (i: number) => boolean,
  count: number,
  joinable: (i: number) => boolean,
  visit: (first: number, last: number) => void,
  short?: (i: number) => boolean,
): void {
  for (let i = 0; i + 1 < count; i++) {
    if (!joinable(i) || !joinable(i + 1)) continue;
    visit(i, i + 1);
    // After an article any word joins: عبد ال له is Abdullah, though له alone says too little to join. A word
    // cut in three (Plat Ono Vich) joins across its short middle piece.
    if (i + 2 < count && (isParticle(i + 1) || (short?.(i + 1) && joinable(i + 2)))) visit(i, i + 2);
  }
}

/**
 * A searched given name the lists know, a letter from another given name they know, is that other name, not a typo of
 * it: Marco is not Mario, Karim not Kasim. Its unit drops a known listed word of the same length that differs from it
 * in one letter, a consonant, unless for a close sound (Jusuf / Yusuf): a vowel is a spelling (Omar / Umar), and two
 * letters swapped (Abkar / Akbar) a typo. A word the lists do not know (Mraio) may be a typo and keeps
 * every near word; so does a letter left out or added (Jail / Jalil). Only the first name word of a person's name of
 * two or more words: the given name, the place where common names a letter apart meet a shared family name. `known`
 * is where names are counted: the real lists when a pair is compared (compareNames), else the index searched.
 */
function otherKnownGivenName(units: QueryUnit[], raw: Token[], vocab: Vocabulary, known: Vocabulary): void {
  const names = raw.filter((t) => t.cls === TokenClass.Name);
  const t = names[0];
  if (names.length < 2 || t.abjad || t.native || t.key.length <= SHORT_TOKEN) return;
  const own = known.id(t.key);
  if (own === undefined || known.df[own] < KNOWN_NAME_DF) return;
  const u = units.find((unit) => unit.first === unit.last && raw[unit.first] === t);
  if (!u) return;
  for (const [id, sim] of u.sims) {
    const key = vocab.keys[id];
    if (sim >= 1 || key.length !== t.key.length || vocab.abjad[id] === 1 || vocab.natives[id] !== undefined) continue;
    if (!consonantChanged(t.key, key)) continue;
    const other = known === vocab ? id : known.id(key);
    if (other !== undefined && known.df[other] >= KNOWN_NAME_DF) u.sims.delete(id);
  }
}

const VOWEL_LETTERS = "aeiou";

/** Two words of one length differing in one letter only, a consonant (for another letter, not a close sound). */
function consonantChanged(a: string, b: string): boolean {
  let at = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (at >= 0) return false;
    at = i;
  }
  if (at < 0) return false;
  const vowels = VOWEL_LETTERS.includes(a[at]) && VOWEL_LETTERS.includes(b[at]);
  return !vowels && !closeSounds(a[at], b[at]);
}

/**
 * An Arabic-script word of a single consonant (علي Ali, ابو Abu) says too little to be glued to its
 * neighbour: علي خامنئي would become lkmn, Loqman. The article is the exception (عبد الله).
 */
export function joinableSkeleton(skeletonLength: number, abjad: boolean, cls: TokenClass): boolean {
  return !abjad || cls === TokenClass.Particle || skeletonLength >= MIN_JOINABLE_SKELETON;
}

/**
 * Words written apart and together differ by little more than the space (Rahim Reza / Rahimreza); a
 * compound much longer than the single word only says that one part is missing.
 */
export function compoundLengthFits(singleLength: number, compoundLength: number, skeletons: boolean): boolean {
  return Math.abs(singleLength - compoundLength) <= (skeletons ? COMPOUND_SKELETON_SLACK : COMPOUND_LENGTH_SLACK);
}

/**
 * Joining words is a guess, so the joined spelling must be close (not Mike Lee / Mekele). Skeletons
 * keep their usual floor: the Arabic article assimilates in Latin (عبد الرحمن / Abderrahmane), so
 * joined skeletons are seldom exact.
 */
export function compoundFloor(skeletons: boolean): number {
  return skeletons ? SIMILARITY_FLOOR : COMPOUND_FLOOR;
}

/** Where a query token's rarity is read: the index's own vocabulary, or the real lists' when two names are compared. */
export interface WeightSource {
  vocab: Vocabulary;
  documents: number;
}

/**
 * The article written in Arabic script before a word starting with a sun letter is pronounced as that letter and
 * Latin spellings often write it so (عبد الرحمن: Abdurrahman, Abdur Rahman): the joined skeleton without it.
 */
function assimilatedSkeleton(part: Token[]): string | undefined {
  let changed = false;
  const skeletons: string[] = [];
  part.forEach((t, i) => {
    const next = part[i + 1];
    if (isArabicArticle(t.key, t.abjad, t.cls) && next && SUN_LETTERS.has(next.skeleton[0])) changed = true;
    else skeletons.push(t.skeleton);
  });
  return changed ? joinSkeletons(skeletons) : undefined;
}

export function prepareQuery(term: string, kind: NameKind, vocab: Vocabulary, documents: number, weights?: WeightSource): PreparedQuery | null {
  const raw = tokenize(term, kind).slice(0, MAX_QUERY_TOKENS);
  if (raw.length === 0) return null;
  const units: QueryUnit[] = [];
  const queryTokens = raw;
  const addUnit = (first: number, last: number, key: string, skeleton: string, abjad: boolean, raw: string, token?: Spelling) => {
    // A compound must be close anyway (COMPOUND_FLOOR): one edit away is enough, and far cheaper.
    const { ids, sims } = vocab.lookup(token ?? { key, raw, skeleton, abjad }, first === last ? 2 : 1, first === last ? SIMILARITY_FLOOR : COMPOUND_FLOOR);
    const map = new Map<number, number>();
    // Chinese or Japanese characters joined are read in pinyin: a spelling for Latin words, never an Arabic-script or
    // Hebrew word's consonants (未来 is not ولی).
    let han = false;
    for (let i = first; i <= last; i++) if (queryTokens[i].native !== undefined) han = true;
    for (let i = 0; i < ids.length; i++) {
      const compound = first !== last;
      if (han && vocab.abjad[ids[i]] === 1) continue;
      const skeletons = abjad || vocab.abjad[ids[i]] === 1;
      const length = skeletons ? skeleton.length : key.length;
      const other = skeletons ? vocab.skeletons[ids[i]].length : vocab.keys[ids[i]].length;
      if (!compound || (sims[i] >= compoundFloor(skeletons) && compoundLengthFits(other, length, skeletons))) map.set(ids[i], sims[i]);
    }
    if (first === last) addLongTypos(token ?? { key, raw, skeleton, abjad }, vocab, map);
    // A word the lists know as it is written is not split.
    const known = sims.some((sim) => sim >= KNOWN_WORD);
    const reach = first === last && !abjad && !known ? splitReach(key, raw, vocab) : undefined;
    units.push({ first, last, key, raw, skeleton, abjad, weight: 0, sims: map, ...(reach ? { reach } : {}) });
  };
  for (let i = 0; i < raw.length; i++) addUnit(i, i, raw[i].key, raw[i].skeleton, raw[i].abjad, raw[i].raw, raw[i]);
  if (kind !== "company") otherKnownGivenName(units, raw, vocab, weights?.vocab ?? vocab);
  // A person's given name meets its other forms (Ted: Theodore, John: Juan), as a variant.
  if (kind !== "company") {
    for (const u of units) {
      const t = raw[u.first];
      if (t.abjad || t.native || t.cls !== TokenClass.Name) continue;
      for (const form of givenNameForms(t.raw)) {
        const id = vocab.id(latinKey(form), false);
        if (id !== undefined && (u.sims.get(id) ?? 0) < GIVEN_NAME_FORM) u.sims.set(id, GIVEN_NAME_FORM);
      }
    }
  }

  const tokens = raw.map((t, i) => {
    let df = 0;
    if (weights) {
      const similar = weights.vocab.lookup(t);
      for (let k = 0; k < similar.ids.length; k++) if (similar.sims[k] >= SAME_NAME) df += weights.vocab.df[similar.ids[k]];
    } else for (const [id, sim] of units[i].sims) if (sim >= SAME_NAME) df += vocab.df[id];
    const total = weights?.documents ?? documents;
    // An initial says less than the word it stands for, however rare the letter is as a word of its own.
    const initial = !t.abjad && !t.native && t.raw.length === 1 ? INITIAL_WEIGHT : 1;
    // A patronymic (Viktorovich) says less than a given name; a father's or grandfather's name in a chain of bin/ben,
    // and the particle before it, less again (isAncestorName).
    const ancestor = isAncestorName(raw, i) || (i + 1 < raw.length && isAncestorName(raw, i + 1)) ? ANCESTOR_WEIGHT : 1;
    const patronymic = (!t.abjad && isPatronymic(t.raw) ? PATRONYMIC_WEIGHT : 1) * ancestor;
    return { ...t, weight: idf(Math.min(df, total), total) * CLASS_WEIGHT[t.cls] * initial * patronymic };
  });
  for (const u of units) u.weight = tokens[u.first].weight;

  compoundRuns(
    (i) => raw[i].cls === TokenClass.Particle,
    raw.length,
    (i) => joinableSkeleton(raw[i].skeleton.length, raw[i].abjad, raw[i].cls),
    (first, last) => {
      const part = raw.slice(first, last + 1);
      const abjad = part.some((t) => t.abjad);
      const key = joinKeys(part.map((t) => t.key));
      const skeleton = joinSkeletons(part.map((t) => t.skeleton));
      const letters = part.every((t) => t.letters !== undefined) ? part.map((t) => t.letters).join("") : undefined;
      const assimilated = assimilatedSkeleton(part);
      const spelling: Spelling | undefined =
        letters === undefined && !assimilated
          ? undefined
          : { key, raw: key, skeleton, abjad, ...(letters === undefined ? {} : { letters }), ...(assimilated ? { readings: [assimilated] } : {}) };
      addUnit(first, last, key, skeleton, abjad, joinKeys(part.map((t) => t.raw)), spelling);
      const u = units[units.length - 1];
      for (let i = first; i <= last; i++) u.weight += tokens[i].weight;
    },
    (i) => !raw[i].abjad && !raw[i].native && raw[i].raw.length <= SHORT_JOIN_PIECE,
  );
  const totalWeight = tokens.reduce((s, t) => s + t.weight, 0);
  const optional = tokens.reduce((s, t) => s + (isArabicArticle(t.key, t.abjad, t.cls) ? t.weight : 0), 0);
  const lowerCase = /\p{Ll}/u.test(term);
  const writtenAsInitials = tokens.map(
    (t) => !t.abjad && !t.native && t.raw.length > 1 && t.raw.length <= MAX_INITIALS && lowerCase && /^\p{Lu}+$/u.test(t.text),
  );
  const unitsByToken = new Map<number, number[]>();
  units.forEach((u, index) => {
    for (const [id, sim] of u.sims) {
      const entries = unitsByToken.get(id);
      if (entries) entries.push(index, sim);
      else unitsByToken.set(id, [index, sim]);
    }
  });
  return { tokens, units, totalWeight, minimumWeight: totalWeight - optional, writtenAsInitials, unitsByToken };
}
