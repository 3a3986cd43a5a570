/**
 * A query word against two or three adjacent listed words read as one (Abdulaziz / Abd al-Aziz; a word cut in three,
 * Plat Ono Vich), kept at compoundFloor or closer. The similarities are cached for the search: a run of listed words
 * recurs across the names it scores.
 */
import { LATER, type NameTokens, type Pair } from "./alignment.ts";
import { TokenClass } from "./lexicon.ts";
import { joinKeys, joinSkeletons } from "./phonetic.ts";
import { compoundFloor, compoundLengthFits, compoundRuns, joinableSkeleton, type PreparedQuery } from "./query.ts";
import { firstCode } from "./token-facts.ts";
import { pairSimilarity, type Vocabulary } from "./vocabulary.ts";

function runOf(strings: string[], name: NameTokens, a: number, b: number): string[] {
  const out: string[] = [];
  for (let j = a; j <= b; j++) out.push(strings[name.ids[name.start + j]]);
  return out;
}

/**
 * A search's similarities of query tokens to runs of two or three listed tokens read as one word: the same whichever
 * name the run occurs in. Keyed by numbers (far quicker to look up than strings): the query token and the run's first
 * two vocabulary ids (a query token under 32, ids under 2^21 as the vocabulary holds: under 2^53), then the third.
 */
export interface CompoundCache {
  pairs: Map<number, number>;
  triples: Map<number, Map<number, number>>;
}

export const emptyCompoundCache = (): CompoundCache => ({ pairs: new Map(), triples: new Map() });

const ID_SPAN = 2 ** 21;

/** Pushes onto `pairs` each query word close enough to a run of the name's words read as one. */
export function compoundPairs(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number, compoundCache: CompoundCache, pairs: Pair[]): void {
  const joinable = (j: number) => {
    const id = name.ids[name.start + j];
    return joinableSkeleton(vocab.skeletonLengths[id], vocab.abjad[id] === 1, name.classes[name.start + j]);
  };
  // A name's tokens are a range of the index's arrays: read in place (a subarray per name scored was garbage).
  const isParticle = (j: number) => name.classes[name.start + j] === TokenClass.Particle;
  compoundRuns(isParticle, k, joinable, (a, b) => {
    let abjad = false;
    let keyLength = 0;
    let skeletonLength = 0;
    for (let j = a; j <= b; j++) {
      const id = name.ids[name.start + j];
      if (vocab.abjad[id]) abjad = true;
      keyLength += vocab.keyLengths[id];
      skeletonLength += vocab.skeletonLengths[id];
    }
    const firstId = name.ids[name.start + a];
    const keyStart = vocab.keyFirsts[firstId];
    const skeletonStart = vocab.skeletonFirsts[firstId];
    let key: string | undefined;
    let raw: string | undefined;
    let skeleton: string | undefined;
    for (let i = 0; i < q.tokens.length; i++) {
      const t = q.tokens[i];
      // Cheap rejections before the edit distance: same first letter, about the same length.
      const skeletons = abjad || t.abjad;
      if (skeletons) {
        if (firstCode(t.skeleton) !== skeletonStart || !compoundLengthFits(t.skeleton.length, skeletonLength, true)) continue;
      } else if (firstCode(t.key) !== keyStart || !compoundLengthFits(t.key.length, keyLength, false)) continue;
      const head = (i * ID_SPAN + name.ids[name.start + a]) * ID_SPAN + name.ids[name.start + a + 1];
      let third: Map<number, number> | undefined;
      if (b > a + 1) {
        third = compoundCache.triples.get(head);
        if (!third) {
          third = new Map();
          compoundCache.triples.set(head, third);
        }
      }
      let sim = third ? third.get(name.ids[name.start + b]) : compoundCache.pairs.get(head);
      if (sim === undefined) {
        key ??= joinKeys(runOf(vocab.keys, name, a, b));
        raw ??= joinKeys(runOf(vocab.raws, name, a, b));
        skeleton ??= joinSkeletons(runOf(vocab.skeletons, name, a, b));
        let letters: string | undefined = "";
        for (let j = a; j <= b && letters !== undefined; j++) {
          const part = vocab.letters[name.ids[name.start + j]];
          letters = part === undefined ? undefined : letters + part;
        }
        // In the shape of Vocabulary.spelling's: one shape of argument keeps pairSimilarity's code fast.
        sim = pairSimilarity(t, { key, raw, skeleton, abjad, native: undefined, readings: undefined, letters: letters || undefined, vowels: undefined });
        if (third) third.set(name.ids[name.start + b], sim);
        else compoundCache.pairs.set(head, sim);
      }
      if (sim >= compoundFloor(skeletons)) pairs.push({ sim, rank: 0, qFirst: i, qLast: i, nFirst: a, nLast: b, initial: false, order: LATER });
    }
  });
}
