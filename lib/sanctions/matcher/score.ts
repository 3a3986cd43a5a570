/**
 * Scores one indexed name against a prepared query.
 *
 * Query and name tokens are aligned greedily, most similar pair first, each token used once; a query
 * token may also meet two or three adjacent name tokens written apart (Abd al-Aziz / Abdulaziz) and
 * the other way round. With the weights w (rarity of the token, times its class weight: legal forms,
 * honorifics and particles count little), the share of the query that is matched is
 *   Q = sum(sim * w of matched query tokens) / sum(w of all query tokens)
 * and the share of the name that is matched is N, likewise. A name may carry more tokens than the query
 * (missing middle names), so N only tempers the score:  score = Q * (NAME_COVERAGE_FLOOR + (1 - NAME_COVERAGE_FLOOR) * N).
 */
import { CLASS_WEIGHT, TokenClass } from "./lexicon";
import { joinKeys, joinSkeletons } from "./phonetic";
import { compoundLengthFits, compoundRuns, type PreparedQuery } from "./query";
import { pairSimilarity, SIMILARITY_FLOOR, type Vocabulary } from "./vocabulary";

const NAME_COVERAGE_FLOOR = 0.7;
const MAX_TOKENS = 64;

const nameWeights = new Float64Array(MAX_TOKENS);
const usedQuery = new Uint8Array(MAX_TOKENS);
const usedName = new Uint8Array(MAX_TOKENS);

interface Pair {
  sim: number;
  /** The order of the greedy alignment: sim, less 1 for a lone particle on either side. */
  rank: number;
  qFirst: number;
  qLast: number;
  nFirst: number;
  nLast: number;
}

export interface NameTokens {
  ids: Int32Array;
  classes: Uint8Array;
  start: number;
  end: number;
}

export function scoreName(q: PreparedQuery, vocab: Vocabulary, idfs: Float32Array, name: NameTokens, compoundCache: Map<string, number>): number {
  const k = Math.min(name.end - name.start, MAX_TOKENS);
  let nameTotal = 0;
  for (let j = 0; j < k; j++) {
    const w = idfs[name.ids[name.start + j]] * CLASS_WEIGHT[name.classes[name.start + j] as 0 | 1 | 2 | 3];
    nameWeights[j] = w;
    nameTotal += w;
  }

  const pairs: Pair[] = [];
  for (const u of q.units) {
    if (u.sims.size === 0) continue;
    for (let j = 0; j < k; j++) {
      const sim = u.sims.get(name.ids[name.start + j]);
      if (sim !== undefined) pairs.push({ sim, rank: 0, qFirst: u.first, qLast: u.last, nFirst: j, nLast: j });
    }
  }
  compoundRuns(name.classes.subarray(name.start, name.start + k), k, (a, b) => {
    const ids: number[] = [];
    for (let j = a; j <= b; j++) ids.push(name.ids[name.start + j]);
    const abjad = ids.some((id) => vocab.abjad[id] === 1);
    const key = joinKeys(ids.map((id) => vocab.keys[id]));
    for (let i = 0; i < q.tokens.length; i++) {
      const t = q.tokens[i];
      // Cheap rejections before the edit distance: a compound is only worth it for a long query token.
      if (!compoundLengthFits(t.key.length, key.length, abjad || t.abjad) || (!abjad && !t.abjad && t.key[0] !== key[0])) continue;
      const cacheKey = `${i}:${ids.join(",")}`;
      let sim = compoundCache.get(cacheKey);
      if (sim === undefined) {
        sim = pairSimilarity(t.key, t.skeleton, t.abjad, key, joinSkeletons(ids.map((id) => vocab.skeletons[id])), abjad);
        compoundCache.set(cacheKey, sim);
      }
      if (sim >= SIMILARITY_FLOOR) pairs.push({ sim, rank: 0, qFirst: i, qLast: i, nFirst: a, nLast: b });
    }
  });
  if (pairs.length === 0) return 0;
  for (const p of pairs) {
    const queryParticle = p.qFirst === p.qLast && q.tokens[p.qFirst].cls === TokenClass.Particle;
    const nameParticle = p.nFirst === p.nLast && name.classes[name.start + p.nFirst] === TokenClass.Particle;
    // A name word matched to a particle (Bono/bin) is worth what a particle is worth.
    if (queryParticle !== nameParticle && p.qFirst === p.qLast && p.nFirst === p.nLast) p.sim *= CLASS_WEIGHT[TokenClass.Particle];
    // Particles are aligned last, with what is left, so that one does not break up a compound
    // (the "al" of Abd al-Rahman / Abderrahmane).
    p.rank = queryParticle || nameParticle ? p.sim - 1 : p.sim;
  }
  // Best first; among equals, the pair covering more tokens.
  pairs.sort((x, y) => y.rank - x.rank || y.qLast - y.qFirst + y.nLast - y.nFirst - (x.qLast - x.qFirst + x.nLast - x.nFirst));

  usedQuery.fill(0, 0, q.tokens.length);
  usedName.fill(0, 0, k);
  let queryMatched = 0;
  let nameMatched = 0;
  for (const p of pairs) {
    let free = true;
    for (let i = p.qFirst; i <= p.qLast && free; i++) if (usedQuery[i]) free = false;
    for (let j = p.nFirst; j <= p.nLast && free; j++) if (usedName[j]) free = false;
    if (!free) continue;
    for (let i = p.qFirst; i <= p.qLast; i++) {
      usedQuery[i] = 1;
      queryMatched += p.sim * q.tokens[i].weight;
    }
    for (let j = p.nFirst; j <= p.nLast; j++) {
      usedName[j] = 1;
      nameMatched += p.sim * nameWeights[j];
    }
  }
  const queryShare = q.totalWeight > 0 ? queryMatched / q.totalWeight : 0;
  const nameShare = nameTotal > 0 ? nameMatched / nameTotal : 0;
  return queryShare * (NAME_COVERAGE_FLOOR + (1 - NAME_COVERAGE_FLOOR) * nameShare);
}
