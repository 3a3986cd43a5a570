/**
 * The distinct tokens of an index with their document frequencies, and the fuzzy lookup of a query
 * token among them. Fuzzy matching works on this vocabulary, which grows far slower than the number
 * of names.
 *
 * A Latin token's candidates are the tokens within one edit of its folded key (a typo) and of its spelling before
 * folding; within two edits of its key when it is long (TWO_EDIT_LENGTH) and has no close spelling one edit away; the
 * tokens whose key is the word with one typo undone (two letters swapped back or one taken out, then folded); and the
 * tokens with the same consonant skeleton (phonetic.ts), where vowel changes, doubled letters and digraphs vanish
 * (transliteration variants). An Arabic-script or Hebrew token, which has only its skeletons, meets the tokens within
 * one edit of them, Latin transliterations included; a Hangul or Han token meets the tokens within one edit of its
 * key and the Latin tokens spelling one of its readings. Every candidate is then checked with pairSimilarity; those
 * under SIMILARITY_FLOOR are left out.
 */
import { endingAgreement, onsetAgreement, sibilantAgreement, vowelAgreement } from "./arabic.ts";
import { DeletionIndex, type DeletionIndexState } from "./deletion-index.ts";
import { latinKey } from "./phonetic.ts";
import { storedWordSimilarity, tokenSimilarity } from "./similarity.ts";
import { PACKED, type PackedWords, RAW_IS_KEY, tokenFacts } from "./token-facts.ts";
import {
  CLOSE_ENOUGH,
  KEY_DELETION_LENGTH,
  LONG_TYPO_LENGTH,
  SAME_READING_OTHER_CHARACTER,
  SIMILARITY_FLOOR,
  SKELETON_DELETION_LENGTH,
  SKELETON_DISCOUNT,
  SYLLABLE_READING,
  TWO_EDIT_LENGTH,
  TYPO_LOOKUP_LENGTH,
} from "./tuning.ts";

/** A token as the matcher compares it: its folded key, its spelling before folding, its consonant skeleton. */
export interface Spelling {
  key: string;
  /** The ASCII word before phonetic folding (Mertz, where the key is merts); the skeleton for Arabic script. */
  raw: string;
  skeleton: string;
  abjad: boolean;
  /** A Hangul syllable or Han character (cjk.ts). */
  native?: string;
  /** Other spellings (cjk.ts), or other skeletons of a Hebrew word (hebrew.ts). */
  readings?: string[];
  /** An Arabic-script word letter for letter, and its written long vowels (arabic.ts). */
  letters?: string;
  vowels?: string;
}

/** Lookup serials live in an Int32Array: start over well before they would wrap around. */
const SERIAL_LIMIT = 2 ** 30;

/** How many lookups' answers a vocabulary keeps (see Vocabulary.recent): a few megabytes, some tens if all were long. */
const RECENT_LOOKUPS = 8192;

/** A word with two adjacent letters swapped back, or one letter taken out: what it may have been before one typo. */
function typoUndone(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) {
    out.add(word.slice(0, i) + word.slice(i + 1));
    if (i + 1 < word.length && word[i] !== word[i + 1]) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  out.delete(word);
  return out;
}

/** The distinct skeletons, and the ids of each one's tokens: tokens[start[g] .. start[g + 1]), in id order. */
function groupBySkeleton(skeletonOf: string[]): { skeletons: string[]; start: Int32Array; tokens: Int32Array } {
  const groupOf = new Map<string, number>();
  const skeletons: string[] = [];
  const sizes: number[] = [];
  const tokenGroup = new Int32Array(skeletonOf.length);
  skeletonOf.forEach((skeleton, id) => {
    let group = groupOf.get(skeleton);
    if (group === undefined) {
      group = skeletons.length;
      groupOf.set(skeleton, group);
      skeletons.push(skeleton);
      sizes.push(0);
    }
    tokenGroup[id] = group;
    sizes[group]++;
  });
  const start = new Int32Array(sizes.length + 1);
  for (let g = 0; g < sizes.length; g++) start[g + 1] = start[g] + sizes[g];
  const tokens = new Int32Array(skeletonOf.length);
  const fill = start.slice(0, sizes.length);
  tokenGroup.forEach((group, id) => {
    tokens[fill[group]++] = id;
  });
  return { skeletons, start, tokens };
}

export interface VocabularyMatches {
  ids: number[];
  sims: number[];
}

/**
 * A frozen vocabulary as an index snapshot keeps it (matcher/snapshot): its tokens' spellings, document frequencies
 * and the deletion indexes of its lookups. What is quick to derive (the map by key, the skeleton groups, the lengths)
 * is derived again on load.
 */
export interface VocabularyState {
  keys: string[];
  skeletons: string[];
  raws: string[];
  natives: (string | undefined)[];
  readings: (string[] | undefined)[];
  letters: (string | undefined)[];
  vowels: (string | undefined)[];
  abjad: Uint8Array;
  df: Int32Array;
  byKey1: DeletionIndexState;
  bySkeleton1: DeletionIndexState;
  byLongSpelling: DeletionIndexState;
}

export class Vocabulary {
  readonly keys: string[];
  readonly skeletons: string[];
  /** The first spelling seen of each key (see Spelling.raw). */
  readonly raws: string[];
  /** The character of Hangul and Han tokens; undefined for the others. */
  readonly natives: (string | undefined)[];
  /** The other readings of a token (Spelling.readings), if it has any. */
  readonly readings: (string[] | undefined)[];
  /** Arabic-script tokens' letters and long vowels (Spelling.letters, .vowels); undefined for the others. */
  readonly letters: (string | undefined)[];
  readonly vowels: (string | undefined)[];
  private readonly abjadFlags: number[] = [];
  private readonly byKey = new Map<string, number>();
  private dfCounts: number[] = [];

  abjad!: Uint8Array;
  df!: Int32Array;
  /** keys[id].length and skeletons[id].length, read without the strings when scoring compounds (score.ts). */
  keyLengths!: Uint16Array;
  skeletonLengths!: Uint16Array;
  /** 1 where the token is a single Latin letter as written (raws[id]), which may be an initial (initials.ts). */
  initialLetters!: Uint8Array;
  /** The first character of keys[id] and skeletons[id] (-1 when empty), likewise: a compound's cheapest test. */
  keyFirsts!: Int32Array;
  skeletonFirsts!: Int32Array;
  /**
   * Per token, what kind of Latin word it is (token-facts.ts: PLAIN_LATIN, RAW_IS_KEY, PACKED): one byte read where a
   * lookup read three arrays and a second string.
   */
  private latinKinds!: Uint8Array;
  /**
   * The ASCII keys and spellings of Latin words as bytes side by side (a word's at offsets[id] .. offsets[id + 1]),
   * where a lookup reads them (storedWordSimilarity); empty for the others, and a spelling left as its key.
   */
  private keyCodes!: PackedWords;
  private rawCodes!: PackedWords;
  private byKey1!: DeletionIndex;
  /** Distinct skeletons (bySkeleton1 holds these), and their tokens: groupTokens[groupStart[g] .. groupStart[g + 1]). */
  private groupSkeletons!: string[];
  private groupStart!: Int32Array;
  private groupTokens!: Int32Array;
  /** Per skeleton, the serial of the last lookup that met it (see lookupUncached). */
  private groupChecked!: Int32Array;
  /** Per token, the serial of the last lookup that checked it (see lookupUncached). */
  private checked!: Int32Array;
  private lookupSerial = 0;
  private bySkeleton1!: DeletionIndex;
  /**
   * The long Latin words (LONG_TYPO_LENGTH letters or more) as the lists write them, before folding, with their
   * one-letter deletions: one edit in a long word is found here when folding made it two or three (query.ts).
   */
  byLongSpelling!: DeletionIndex;

  /** An empty vocabulary to add tokens to, or (`state`) the frozen one a snapshot kept. */
  constructor(state?: VocabularyState) {
    this.keys = state?.keys ?? [];
    this.skeletons = state?.skeletons ?? [];
    this.raws = state?.raws ?? [];
    this.natives = state?.natives ?? [];
    this.readings = state?.readings ?? [];
    this.letters = state?.letters ?? [];
    this.vowels = state?.vowels ?? [];
    if (!state) return;
    const n = state.keys.length;
    const lengths = [state.skeletons, state.raws, state.natives, state.readings, state.letters, state.vowels, state.abjad, state.df].map((a) => a.length);
    if (lengths.some((length) => length !== n)) throw new Error("A vocabulary's arrays do not fit together");
    this.abjad = state.abjad;
    this.df = state.df;
    for (let id = 0; id < n; id++) {
      this.byKey.set(Vocabulary.mapKey({ key: this.keys[id], abjad: this.abjad[id] === 1, native: this.natives[id], letters: this.letters[id] }), id);
    }
    this.derive(state);
  }

  /** What a snapshot keeps of this frozen vocabulary (its own arrays, not copies). */
  state(): VocabularyState {
    const { keys, skeletons, raws, natives, readings, letters, vowels, abjad, df } = this;
    return {
      keys,
      skeletons,
      raws,
      natives,
      readings,
      letters,
      vowels,
      abjad,
      df,
      byKey1: this.byKey1.state(),
      bySkeleton1: this.bySkeleton1.state(),
      byLongSpelling: this.byLongSpelling.state(),
    };
  }

  get size(): number {
    return this.keys.length;
  }

  /** Arabic-script tokens are told apart by their letters, Hangul and Han ones by their character. */
  private static mapKey(s: Pick<Spelling, "key" | "abjad" | "native" | "letters">): string {
    return s.native ? `\u0002${s.native}` : s.abjad ? `\u0001${s.letters ?? s.key}` : s.key;
  }

  /** The id of a Latin key. */
  id(key: string, abjad = false): number | undefined {
    return this.byKey.get(Vocabulary.mapKey({ key, abjad }));
  }

  idOf(s: Pick<Spelling, "key" | "abjad" | "native" | "letters">): number | undefined {
    return this.byKey.get(Vocabulary.mapKey(s));
  }

  add(s: Spelling): number {
    const { key, skeleton, abjad, raw, native, readings } = s;
    const mk = Vocabulary.mapKey(s);
    let id = this.byKey.get(mk);
    if (id === undefined) {
      id = this.keys.length;
      this.byKey.set(mk, id);
      this.keys.push(key);
      this.skeletons.push(skeleton);
      this.raws.push(raw);
      // Every id gets an entry, undefined or not: reading a hole in an array is far slower than reading undefined.
      this.natives.push(native || undefined);
      this.readings.push(readings || undefined);
      this.letters.push(s.letters);
      this.vowels.push(s.vowels);
      this.abjadFlags.push(abjad ? 1 : 0);
      this.dfCounts.push(0);
    }
    return id;
  }

  countDocument(id: number): void {
    this.dfCounts[id]++;
  }

  /** Builds the lookup structures; call once after every token was added. */
  freeze(): void {
    this.abjad = Uint8Array.from(this.abjadFlags);
    this.df = Int32Array.from(this.dfCounts);
    this.dfCounts = [];
    this.derive();
  }

  /** The lookup structures of the frozen tokens: built, or (`kept`) restored as a snapshot kept them. */
  private derive(kept?: Pick<VocabularyState, "byKey1" | "bySkeleton1" | "byLongSpelling">): void {
    ({
      keyLengths: this.keyLengths,
      skeletonLengths: this.skeletonLengths,
      keyFirsts: this.keyFirsts,
      skeletonFirsts: this.skeletonFirsts,
      latinKinds: this.latinKinds,
      initialLetters: this.initialLetters,
      keyCodes: this.keyCodes,
      rawCodes: this.rawCodes,
    } = tokenFacts(this));
    this.checked = new Int32Array(this.keys.length);

    // Abjad tokens have no spelling of their own beyond the skeleton, which is their key.
    this.byKey1 = kept
      ? DeletionIndex.restore(kept.byKey1)
      : new DeletionIndex(
          this.keys.map((k, id) => (this.abjad[id] ? "" : k)),
          KEY_DELETION_LENGTH,
          TWO_EDIT_LENGTH,
        );
    // Tokens by skeleton: many share one (Muhammad, Mohamed, Mohammed: mhmd), and a lookup by skeleton meets each
    // skeleton once, with all its tokens. The groups come in the order of their first token, so derived again they
    // are the ones a snapshot's bySkeleton1 points to.
    ({ skeletons: this.groupSkeletons, start: this.groupStart, tokens: this.groupTokens } = groupBySkeleton(this.skeletons));
    this.groupChecked = new Int32Array(this.groupSkeletons.length);
    // One or two consonants: their one-deletion neighbours would be a large part of the vocabulary.
    this.bySkeleton1 = kept ? DeletionIndex.restore(kept.bySkeleton1) : new DeletionIndex(this.groupSkeletons, SKELETON_DELETION_LENGTH);
    this.byLongSpelling = kept
      ? DeletionIndex.restore(kept.byLongSpelling)
      : new DeletionIndex(
          this.raws.map((raw, id) =>
            raw.length >= LONG_TYPO_LENGTH && this.abjad[id] !== 1 && this.natives[id] === undefined && /^[a-z]+$/.test(raw) ? raw : "",
          ),
          LONG_TYPO_LENGTH - 1,
        );
  }

  /** latinSimilarity against token id, read from its packed bytes (PACKED). */
  private packedSimilarity(key: string, raw: string, id: number, kind: number, latinFloor: number): number {
    const { codes, offsets } = this.keyCodes;
    const folded = storedWordSimilarity(key, codes, offsets[id], offsets[id + 1] - offsets[id], this.keys, id, latinFloor);
    if (folded === 1 || (raw === key && kind & RAW_IS_KEY)) return folded;
    const stored = kind & RAW_IS_KEY ? this.keyCodes : this.rawCodes;
    const words = kind & RAW_IS_KEY ? this.keys : this.raws;
    return Math.max(folded, storedWordSimilarity(raw, stored.codes, stored.offsets[id], stored.offsets[id + 1] - stored.offsets[id], words, id, latinFloor));
  }

  spelling(id: number): Spelling {
    return {
      key: this.keys[id],
      raw: this.raws[id],
      skeleton: this.skeletons[id],
      abjad: this.abjad[id] === 1,
      native: this.natives[id],
      readings: this.readings[id],
      letters: this.letters[id],
      vowels: this.vowels[id],
    };
  }

  /**
   * The latest lookups' answers by what they depend on. Searches repeat their words a great deal (Muhammad, Abd
   * al-Rahman, a family name across a batch), and an Arabic-script word's lookup checks thousands of skeletons that
   * are one consonant off. The answers are never changed by their callers.
   */
  private readonly recent = new Map<string, VocabularyMatches>();

  /** Forgets the lookups answered so far (a benchmark measures searches from none). */
  forgetLookups(): void {
    this.recent.clear();
  }

  /**
   * Vocabulary tokens similar to a query token (a Latin key, or an Arabic-script skeleton). Between two Latin
   * spellings, those under `latinFloor` are left out (a compound must be closer than a word: see query.ts), which
   * lets the edit distance stop early.
   */
  lookup(token: Spelling, edits = 2, latinFloor = SIMILARITY_FLOOR): VocabularyMatches {
    const { key, raw, skeleton, abjad, native, readings, letters, vowels } = token;
    const cacheKey = `${edits}\u0000${latinFloor}\u0000${abjad ? 1 : 0}\u0000${key}\u0000${raw}\u0000${skeleton}\u0000${native ?? ""}\u0000${readings?.join("\u0001") ?? ""}\u0000${letters ?? ""}\u0000${vowels ?? ""}`;
    const cached = this.recent.get(cacheKey);
    if (cached) {
      // Most recently used last: the first key is the one to drop.
      this.recent.delete(cacheKey);
      this.recent.set(cacheKey, cached);
      return cached;
    }
    const found = this.lookupUncached(token, edits, latinFloor);
    if (this.recent.size >= RECENT_LOOKUPS) this.recent.delete(this.recent.keys().next().value as string);
    this.recent.set(cacheKey, found);
    return found;
  }

  private lookupUncached(token: Spelling, edits: number, latinFloor: number): VocabularyMatches {
    const { key, raw, skeleton, abjad } = token;
    const found: VocabularyMatches = { ids: [], sims: [] };
    const exact = this.idOf(token);
    if (exact !== undefined) {
      found.ids.push(exact);
      found.sims.push(1);
    }
    // A token is checked once per lookup: its stamp is set to the lookup's serial (a Set per lookup cost a fifth of an
    // Arabic-script word's lookup, which meets a thousand tokens or more, many twice).
    if (++this.lookupSerial > SERIAL_LIMIT) {
      this.lookupSerial = 1;
      this.checked.fill(0);
      this.groupChecked.fill(0);
    }
    const serial = this.lookupSerial;
    const checked = this.checked;
    if (exact !== undefined) checked[exact] = serial;
    const keep = (id: number, sim: number) => {
      if (sim >= SIMILARITY_FLOOR) {
        found.ids.push(id);
        found.sims.push(sim);
      }
    };
    // A Latin word against a Latin word (most of what a lookup meets) is compared on the arrays, without a Spelling
    // made for each: the same as pairSimilarity's Latin branch.
    const latinToken = !abjad && !token.native && !token.readings;
    const { latinKinds } = this;
    const check = (id: number) => {
      if (checked[id] === serial) return;
      checked[id] = serial;
      const kind = latinToken ? latinKinds[id] : 0;
      if (kind === 0) keep(id, pairSimilarity(token, this.spelling(id), latinFloor));
      else if (kind & PACKED) keep(id, this.packedSimilarity(key, raw, id, kind, latinFloor));
      else {
        const other = this.keys[id];
        keep(id, latinSimilarity(key, raw, other, kind & RAW_IS_KEY ? other : this.raws[id], latinFloor));
      }
    };
    const { groupChecked, groupStart, groupTokens } = this;
    // An Arabic-script word meets a Latin word on their consonant skeletons and openings alone, unless one of its
    // skeletons is the Latin word's (then the written vowels weigh too: see pairSimilarity): the skeletons of a group
    // are compared once for all (such a lookup meets about seven Latin words per skeleton), the openings word by word.
    const ownSkeleton = (other: string) => other === skeleton || (token.readings?.includes(other) ?? false);
    const checkSkeleton = (group: number) => {
      if (groupChecked[group] === serial) return;
      groupChecked[group] = serial;
      const shared = abjad && !ownSkeleton(this.groupSkeletons[group]);
      let latin = -1;
      for (let p = groupStart[group]; p < groupStart[group + 1]; p++) {
        const id = groupTokens[p];
        if (!shared || this.abjad[id] === 1 || this.natives[id] !== undefined || this.readings[id] !== undefined) check(id);
        else if (checked[id] !== serial) {
          checked[id] = serial;
          if (latin < 0) latin = abjadLatinSimilarity(token, this.spelling(id), false);
          // Under the floor on skeletons alone, no letter agreement (at most 1) lifts it.
          if (latin > 0) keep(id, latin * letterAgreement(token.letters, this.raws[id]));
        }
      }
    };
    if (abjad) {
      this.bySkeleton1.candidates(skeleton, checkSkeleton);
      for (const other of token.readings ?? []) this.bySkeleton1.candidates(other, checkSkeleton);
    } else if (token.native) {
      // The same character, and the Latin tokens spelling one of its readings.
      this.byKey1.candidates(key, check, 1);
      for (const reading of token.readings ?? []) this.byKey1.candidates(latinKey(reading), check, 0);
    } else {
      this.byKey1.candidates(key, check, 1);
      // Two edits away only for a word with no close spelling one edit away: most words have one, and the
      // two-edit neighbourhood is large.
      if (edits > 1 && !found.sims.some((sim) => sim >= CLOSE_ENOUGH)) this.byKey1.candidates(key, check, 2);
      // Folding can turn one typo into two edits (Mertz: merts, Merz: merz): the spelling is looked up too.
      if (raw !== key) this.byKey1.candidates(raw, check, 1);
      // A typo can break or make a spelling that folding changes (Hpeap for Pheap: hpeap is two edits from the key
      // feap): the word with the typo undone, letters swapped back or one taken out, is folded and looked up as well.
      // Only for a word looked up as written (edits 2): words joined or split must be close as they are.
      if (edits > 1 && raw.length >= TYPO_LOOKUP_LENGTH && !found.sims.some((sim) => sim >= CLOSE_ENOUGH)) {
        for (const variant of typoUndone(raw)) {
          const folded = latinKey(variant);
          if (folded !== key) this.byKey1.candidates(folded, check, 0);
        }
      }
      // Same consonants, other vowels (Muhammad/Mohamed); for a Latin token, one changed consonant
      // on top of that adds many candidates and hardly a match.
      this.bySkeleton1.candidates(skeleton, checkSkeleton, 0);
    }
    return found;
  }
}

/**
 * Similarity of two tokens: the better of their folded keys and their spellings; when either is Arabic script, on
 * consonant skeletons only.
 */
export function pairSimilarity(a: Spelling, b: Spelling, latinFloor = SIMILARITY_FLOOR): number {
  if (a.native || b.native) return syllableSimilarity(a, b);
  if (a.readings || b.readings) return readingsSimilarity(a, b);
  if (!a.abjad && !b.abjad) return latinSimilarity(a.key, a.raw, b.key, b.raw, latinFloor);
  if (a.abjad && b.abjad) {
    // Two Arabic-script words as written; an Arabic-script and a Hebrew word on skeletons, as another script.
    if (a.letters !== undefined && b.letters !== undefined) return tokenSimilarity(a.letters, b.letters, SIMILARITY_FLOOR);
    if (a.letters === undefined && b.letters === undefined) return tokenSimilarity(a.skeleton, b.skeleton, SIMILARITY_FLOOR, true);
    return tokenSimilarity(a.skeleton, b.skeleton, SIMILARITY_FLOOR / SKELETON_DISCOUNT ** 2, true) * SKELETON_DISCOUNT ** 2;
  }
  return abjadLatinSimilarity(a.abjad ? a : b, a.abjad ? b : a, true);
}

/** Two Latin words: the better of their folded keys and their spellings. */
function latinSimilarity(aKey: string, aRaw: string, bKey: string, bRaw: string, latinFloor: number): number {
  const folded = tokenSimilarity(aKey, bKey, latinFloor);
  if (folded === 1 || (aRaw === aKey && bRaw === bKey)) return folded;
  return Math.max(folded, tokenSimilarity(aRaw, bRaw, latinFloor));
}

/** What an Arabic-script word's letters say beyond its skeleton, against a Latin spelling: opening, ending, sibilants. */
function letterAgreement(letters: string | undefined, latin: string): number {
  return onsetAgreement(letters, latin) * endingAgreement(letters, latin) * sibilantAgreement(letters, latin);
}

/**
 * An Arabic-script word against a Latin one, on their consonant skeletons: where the consonants agree, the written
 * long vowels are what tells Hussein (حسین) from Hassan (حسن); and (`withLetters`) what its letters say beyond the
 * skeleton must agree with the Latin (letterAgreement: أيمن is Ayman, not Man). Under SIMILARITY_FLOOR, 0.
 */
function abjadLatinSimilarity(abjad: Spelling, latin: Spelling, withLetters: boolean): number {
  const skeletonSim = tokenSimilarity(abjad.skeleton, latin.skeleton, SIMILARITY_FLOOR / SKELETON_DISCOUNT, true) * SKELETON_DISCOUNT;
  if (skeletonSim === 0) return 0;
  const vowels = abjad.vowels && abjad.skeleton === latin.skeleton ? vowelAgreement(abjad.vowels, latin.raw) : 1;
  const sim = skeletonSim * vowels * (withLetters ? letterAgreement(abjad.letters, latin.raw) : 1);
  return sim >= SIMILARITY_FLOOR ? sim : 0;
}

/**
 * Syllables read the same are not the same name in their own script (정 and 종, 石 and 市): compared as written. A
 * syllable spelt as one of its usual readings (박 / Park), rather than its key, is nearly the same.
 */
function syllableSimilarity(a: Spelling, b: Spelling): number {
  if (a.native && b.native) return a.native === b.native ? 1 : SAME_READING_OTHER_CHARACTER;
  if (a.abjad || b.abjad) return 0;
  const [syllable, latin] = a.native ? [a, b] : [b, a];
  if (syllable.key === latin.key || syllable.raw === latin.raw) return 1;
  if (syllable.readings?.some((r) => r === latin.raw || latinKey(r) === latin.key)) return SYLLABLE_READING;
  // A syllable is spelt one of its readings or it is another syllable (Cheng is not Chen).
  return 0;
}

/** The best of a Hebrew word's skeletons (or an Arabic compound's, with its article assimilated) against the other token. */
function readingsSimilarity(a: Spelling, b: Spelling): number {
  // Two words written in Arabic letters are compared as written, whichever skeletons they may be read as.
  if (a.abjad && b.abjad && a.letters !== undefined && b.letters !== undefined) return tokenSimilarity(a.letters, b.letters, SIMILARITY_FLOOR);
  let best = 0;
  for (const x of [a.skeleton, ...(a.abjad ? otherReadings(a, b) : [])]) {
    for (const y of [b.skeleton, ...(b.abjad ? otherReadings(b, a) : [])]) {
      best = Math.max(best, pairSimilarity({ ...a, skeleton: x, readings: undefined }, { ...b, skeleton: y, readings: undefined }));
    }
  }
  return best;
}

/**
 * A word's other skeletons, as they may meet `other`: an Arabic-script word's reading with its waws as vowels is the
 * French spelling's, which writes them "ou" (Touati, Chaouchi): it meets only a Latin word so written, not any word
 * short of the w (الطويل Taouil, never Tal). Hebrew words and foreign names in Han characters read every way.
 */
function otherReadings(word: Spelling, other: Spelling): string[] {
  if (!word.readings) return [];
  if (word.letters === undefined || (!other.abjad && other.raw.includes("ou"))) return word.readings;
  // Every v of an Arabic-script skeleton is a waw: a reading with fewer reads waws as vowels.
  const waws = countV(word.skeleton);
  return word.readings.filter((r) => countV(r) === waws);
}

function countV(skeleton: string): number {
  let n = 0;
  for (const ch of skeleton) if (ch === "v") n++;
  return n;
}
