/**
 * What an alignment is made of (score.ts and the rules it applies): pairs of a span of query tokens and a span of
 * listed tokens with their similarity, and the listed name's tokens as the scorer reads them, in place in the index's
 * arrays.
 */
import { TokenClass } from "./lexicon.ts";
import type { PreparedQuery } from "./query.ts";
import type { Vocabulary } from "./vocabulary.ts";

/** The most tokens of a listed name the scorer reads: the size of its scratch arrays. */
export const MAX_TOKENS = 64;

export interface Pair {
  sim: number;
  /** The order of the greedy alignment: sim, less 1 for a lone particle on either side. */
  rank: number;
  qFirst: number;
  qLast: number;
  nFirst: number;
  nLast: number;
  /** An initial against the word(s) it may stand for. Always set: pairs of one shape keep the scorer's code fast. */
  initial: boolean;
  /** Among pairs of equal rank and size, lower first: a unit's pairs by unit, then by listed word, then all others. */
  order: number;
}

/** The order of the pairs that are not a query unit against one listed word: after those, in the order found. */
export const LATER = 2 ** 30;

export interface NameTokens {
  ids: Int32Array;
  classes: Uint8Array;
  start: number;
  end: number;
  /** An organization, vessel or aircraft: a listed word the query leaves out counts more than a middle name does. */
  company: boolean;
  /** Whether a name word of it is a single Latin letter (an initial): only then are listed initials looked for. */
  listedInitial: boolean;
}

/**
 * fn(q), worked out once for the last query asked about: every name a search scores asks the same of its query, and
 * a search scores a few hundred names.
 */
export function perQuery<T>(fn: (q: PreparedQuery) => T): (q: PreparedQuery) => T {
  let last: PreparedQuery | undefined;
  let value: T;
  return (q) => {
    if (q !== last) {
      value = fn(q);
      last = q;
    }
    return value;
  };
}

/** The Arabic article written in Latin letters as a word of its own (al-Tikriti, el-Sayed, l-). */
export const ARTICLES = new Set(["al", "el", "l"]);

/** A query or listed token written in Arabic or Hebrew script, or a Hangul or Han syllable. */
export const queryForeign = (q: PreparedQuery, i: number) => q.tokens[i].abjad || q.tokens[i].native !== undefined;
export const nameForeign = (vocab: Vocabulary, name: NameTokens, j: number) => {
  const id = name.ids[name.start + j];
  return vocab.abjad[id] === 1 || vocab.natives[id] !== undefined;
};

/** The Arabic article, in Arabic script or in Latin letters (al-, el-), at name position j. */
export function isArticleAt(vocab: Vocabulary, name: NameTokens, j: number): boolean {
  const id = name.ids[name.start + j];
  if (name.classes[name.start + j] !== TokenClass.Particle) return false;
  return vocab.abjad[id] === 1 ? vocab.keys[id] === "l" : ARTICLES.has(vocab.raws[id]);
}
