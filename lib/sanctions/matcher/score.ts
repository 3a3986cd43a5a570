/**
 * Scores one indexed name against a prepared query, 0..1.
 *
 * Alignment. Candidate pairs are a query unit (a word, or two or three adjacent words read as one) against one listed
 * word, as the vocabulary lookup found them (query.ts); a query word against two or three adjacent listed words read
 * as one (Abdulaziz / Abd al-Aziz), at COMPOUND_FLOOR or closer; and initials (initials.ts). A pair of a person's own
 * name and the other's father's name is weakened (patronymics.ts); a name word met by a particle counts as a particle
 * does (its similarity x the particle class weight). Pairs are then taken greedily, most similar first (particles
 * last, so that one does not break up a compound; among equals the pair covering more words), each token used once;
 * the pairs taken are weakened where they look closer than they are (loose-evidence.ts), and a pair left at 0 frees
 * its tokens.
 *
 * Weights. A query token weighs its rarity (IDF) x its class weight (CLASS_WEIGHTS), less for an initial or a
 * patronymic (query.ts); a listed token its rarity (a patronymic's less) x its class weight. An Arabic-script article
 * left over on either side weighs nothing (Latin spellings fuse it into the next word).
 *
 *   Q  = sum(sim x w of the query tokens aligned) / sum(w of the query tokens)     how much of the query is found
 *   N  = sum(w of the listed tokens aligned) / sum(w of the listed tokens)         how much of the name is accounted for
 *   N' = sum(sim x w of the listed tokens aligned) / sum(w of the listed tokens)
 *   conflict = (1 - SUBSTITUTION_PENALTY x max(substituted, country)) x (ANOTHER_ANCESTOR when another father)
 *     substituted: the smaller of the two sides' shares of name words left over (a word in another's place);
 *     country: for a company, the larger side's share of country words left over (Banco Santander / ... México)
 *   score = conflict x Q x (f + (1 - f) x N)
 *     f: SYLLABIC_COVERAGE_FLOOR for a query all of Hangul or Han syllables, else COMPANY_COVERAGE_FLOOR for a
 *     company, else NAME_COVERAGE_FLOOR: a query that leaves out middle names still matches, one of whose words only a
 *     part is found does not.
 * When NAME_SIDE_MIN_WORDS or more listed name words are aligned and no query syllable is left over, the name's side
 * is scored too (the query carries more than the name: an extra middle name), and the higher score is kept:
 *   conflict x N' x (g + (1 - g) x Q),  g: COMPANY_QUERY_COVERAGE_FLOOR for a company, else QUERY_COVERAGE_FLOOR.
 * A company's name gets two more rules (company-names.ts): one number left over on each side is one of a series,
 * aligned at SERIES_NUMBER; a country on each side, or legal forms that exclude each other, cap the score at
 * OTHER_OF_A_GROUP.
 */
import { LATER, MAX_TOKENS, type NameTokens, type Pair, perQuery } from "./alignment.ts";
import { countriesBothSides, countryLeftShare, otherLegalForms, seriesNumbers } from "./company-names.ts";
import { type CompoundCache, compoundPairs } from "./compound-pairs.ts";
import { initialPairs } from "./initials.ts";
import { CLASS_WEIGHT, TokenClass } from "./lexicon.ts";
import { capUnbridgedJoin, looseEvidence } from "./loose-evidence.ts";
import { isArabicArticle } from "./normalize.ts";
import { anotherAncestor, patronymicConflicts } from "./patronymics.ts";
import type { PreparedQuery } from "./query.ts";
import {
  ANOTHER_ANCESTOR,
  COMPANY_COVERAGE_FLOOR,
  COMPANY_QUERY_COVERAGE_FLOOR,
  NAME_COVERAGE_FLOOR,
  NAME_SIDE_MIN_WORDS,
  OTHER_OF_A_GROUP,
  QUERY_COVERAGE_FLOOR,
  SERIES_NUMBER,
  SUBSTITUTION_PENALTY,
  SYLLABIC_COVERAGE_FLOOR,
} from "./tuning.ts";
import type { Vocabulary } from "./vocabulary.ts";

const nameWeights = new Float64Array(MAX_TOKENS);
const usedQuery = new Uint8Array(MAX_TOKENS);
const usedName = new Uint8Array(MAX_TOKENS);

/**
 * The highest score a name can reach when at most `queryShare` of the query can be found in it, by at
 * most `words` query units (the name side needs two words).
 */
export function bestScoreFrom(queryShare: number, words: number): number {
  const share = Math.min(1, queryShare);
  return words >= NAME_SIDE_MIN_WORDS ? Math.max(share, QUERY_COVERAGE_FLOOR + (1 - QUERY_COVERAGE_FLOOR) * share) : share;
}

/** With `chosen`, the aligned pairs are pushed there (for the explanation of a result). */
export function scoreName(q: PreparedQuery, vocab: Vocabulary, idfs: Float32Array, name: NameTokens, compoundCache: CompoundCache, chosen?: Pair[]): number {
  // The steps are functions of their own: a JIT optimises small functions after fewer calls than one long one, and a
  // search scores a few hundred names.
  const k = Math.min(name.end - name.start, MAX_TOKENS);
  const nameTotal = weighNameTokens(idfs, name, k);
  const pairs: Pair[] = [];
  unitPairs(q, name, k, pairs);
  compoundPairs(q, vocab, name, k, compoundCache, pairs);
  initialPairs(q, vocab, name, k, pairs);
  if (pairs.length === 0) return 0;
  patronymicConflicts(q, vocab, name, k, pairs);
  rankPairs(q, vocab, name, pairs);
  const picked = pickGreedily(q, k, pairs);
  looseEvidence(q, vocab, name, picked);
  tallyPicked(q, name, picked, chosen);
  return finalScore(q, vocab, name, k, nameTotal, chosen);
}

/** The listed tokens' weights into nameWeights; their sum. */
function weighNameTokens(idfs: Float32Array, name: NameTokens, k: number): number {
  let nameTotal = 0;
  for (let j = 0; j < k; j++) {
    const w = idfs[name.ids[name.start + j]] * CLASS_WEIGHT[name.classes[name.start + j]];
    nameWeights[j] = w;
    nameTotal += w;
  }
  return nameTotal;
}

/** Each query unit against each listed word its lookup found. */
function unitPairs(q: PreparedQuery, name: NameTokens, k: number, pairs: Pair[]): void {
  for (let j = 0; j < k; j++) {
    const entries = q.unitsByToken.get(name.ids[name.start + j]);
    if (entries === undefined) continue;
    for (let e = 0; e < entries.length; e += 2) {
      const u = q.units[entries[e]];
      pairs.push({ sim: entries[e + 1], rank: 0, qFirst: u.first, qLast: u.last, nFirst: j, nLast: j, initial: false, order: entries[e] * MAX_TOKENS + j });
    }
  }
}

/** A name word met by a particle counts as a particle; particles are aligned last (see rank). */
function rankPairs(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, pairs: Pair[]): void {
  for (const p of pairs) {
    capUnbridgedJoin(q, vocab, name, p);
    const queryParticle = p.qFirst === p.qLast && q.tokens[p.qFirst].cls === TokenClass.Particle;
    const nameParticle = p.nFirst === p.nLast && name.classes[name.start + p.nFirst] === TokenClass.Particle;
    // A name word matched to a particle (Bono/bin) is worth what a particle is worth.
    if (queryParticle !== nameParticle && p.qFirst === p.qLast && p.nFirst === p.nLast) p.sim *= CLASS_WEIGHT[TokenClass.Particle];
    // Particles are aligned last, with what is left, so that one does not break up a compound
    // (the "al" of Abd al-Rahman / Abderrahmane).
    p.rank = queryParticle || nameParticle ? p.sim - 1 : p.sim;
  }
  // Best first; among equals, the pair covering more tokens.
  pairs.sort((x, y) => y.rank - x.rank || y.qLast - y.qFirst + y.nLast - y.nFirst - (x.qLast - x.qFirst + x.nLast - x.nFirst) || x.order - y.order);
}

/** The pairs taken in order, each token used once (marked in usedQuery and usedName). */
function pickGreedily(q: PreparedQuery, k: number, pairs: Pair[]): Pair[] {
  usedQuery.fill(0, 0, q.tokens.length);
  usedName.fill(0, 0, k);
  const picked: Pair[] = [];
  for (const p of pairs) {
    let free = true;
    for (let i = p.qFirst; i <= p.qLast && free; i++) if (usedQuery[i]) free = false;
    for (let j = p.nFirst; j <= p.nLast && free; j++) if (usedName[j]) free = false;
    if (!free) continue;
    picked.push(p);
    for (let i = p.qFirst; i <= p.qLast; i++) usedQuery[i] = 1;
    for (let j = p.nFirst; j <= p.nLast; j++) usedName[j] = 1;
  }
  return picked;
}

/** Whether all the query's tokens are Hangul or Han syllables. */
const allSyllables = perQuery((q) => q.tokens.every((t) => t.native));

/** What the alignment found, on each side (one per process: a search scores one name at a time). */
const tally = { queryMatched: 0, nameMatched: 0, nameMatchedSimilar: 0, nameWordsMatched: 0 };

/** Adds up the pairs kept into `tally`; a pair left at 0 frees its tokens. */
function tallyPicked(q: PreparedQuery, name: NameTokens, picked: Pair[], chosen: Pair[] | undefined): void {
  tally.queryMatched = 0;
  tally.nameMatched = 0;
  tally.nameMatchedSimilar = 0;
  tally.nameWordsMatched = 0;
  for (const p of picked) {
    if (p.sim <= 0) {
      for (let i = p.qFirst; i <= p.qLast; i++) usedQuery[i] = 0;
      for (let j = p.nFirst; j <= p.nLast; j++) usedName[j] = 0;
      continue;
    }
    chosen?.push(p);
    for (let i = p.qFirst; i <= p.qLast; i++) tally.queryMatched += p.sim * q.tokens[i].weight;
    for (let j = p.nFirst; j <= p.nLast; j++) {
      tally.nameMatched += nameWeights[j];
      tally.nameMatchedSimilar += p.sim * nameWeights[j];
      if (name.classes[name.start + j] === TokenClass.Name) tally.nameWordsMatched++;
    }
  }
}

/** The score from the tally and what is left over on each side (see the formula at the top of this file). */
function finalScore(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number, nameTotalAll: number, chosen: Pair[] | undefined): number {
  let { queryMatched, nameMatched, nameMatchedSimilar } = tally;
  const { nameWordsMatched } = tally;
  let nameTotal = nameTotalAll;
  let otherOfGroup = false;
  if (name.company) {
    const series = seriesNumbers(q, vocab, name, k, usedQuery, usedName);
    // A company named alike but for its country, one on each side (Veltra Bank (Chile) / Veltra Bank (Peru)), or for
    // legal forms that exclude each other (Bank AG / Bank GmbH), is another company of a group: at most a near miss.
    otherOfGroup = countriesBothSides(q, vocab, name, k, usedQuery, usedName) || otherLegalForms(q, vocab, name, k);
    if (series) {
      const [i, j] = series;
      usedQuery[i] = 1;
      usedName[j] = 1;
      queryMatched += SERIES_NUMBER * q.tokens[i].weight;
      nameMatched += nameWeights[j];
      nameMatchedSimilar += SERIES_NUMBER * nameWeights[j];
      chosen?.push({ sim: SERIES_NUMBER, rank: 0, qFirst: i, qLast: i, nFirst: j, nLast: j, initial: false, order: LATER });
    }
  }
  // Latin spellings often fuse the Arabic article into the next word (الصبار / Essabar, عز الدين /
  // Ezzedine), so an article in Arabic script left over costs nothing.
  let queryTotal = q.totalWeight;
  for (let i = 0; i < q.tokens.length; i++) {
    const t = q.tokens[i];
    if (!usedQuery[i] && isArabicArticle(t.key, t.abjad, t.cls)) queryTotal -= t.weight;
  }
  for (let j = 0; j < k; j++) {
    const id = name.ids[name.start + j];
    // The class first: the word itself is read only for a particle.
    const cls = name.classes[name.start + j];
    if (!usedName[j] && cls === TokenClass.Particle && isArabicArticle(vocab.keys[id], vocab.abjad[id] === 1, cls)) nameTotal -= nameWeights[j];
  }
  // A Korean or Chinese name is its syllables: one left over is another name, not an extra middle name.
  let syllableLeft = false;
  for (let i = 0; i < q.tokens.length; i++) if (!usedQuery[i] && q.tokens[i].native) syllableLeft = true;
  const queryShare = queryTotal > 0 ? queryMatched / queryTotal : 0;
  const nameShare = nameTotal > 0 ? nameMatched / nameTotal : 0;

  // Name words left over on both sides: a word in another's place (Habib ben Mohamed / Habib ben Ahmed, Con Traffic
  // / Pro Traffic) says "another name" more than a word left out does.
  let queryLeft = 0;
  let nameLeft = 0;
  for (let i = 0; i < q.tokens.length; i++) if (!usedQuery[i] && q.tokens[i].cls === TokenClass.Name) queryLeft += q.tokens[i].weight;
  for (let j = 0; j < k; j++) if (!usedName[j] && name.classes[name.start + j] === TokenClass.Name) nameLeft += nameWeights[j];
  const substituted = queryTotal > 0 && nameTotal > 0 ? Math.min(queryLeft / queryTotal, nameLeft / nameTotal) : 0;
  const country = name.company ? countryLeftShare(q, vocab, name, k, queryTotal, nameTotal, usedQuery, usedName, nameWeights) : 0;
  const conflict =
    (1 - SUBSTITUTION_PENALTY * Math.max(substituted, country)) * (anotherAncestor(q, vocab, name, k, usedQuery, usedName) ? ANOTHER_ANCESTOR : 1);

  // A Chinese or Korean name is short and every syllable of it counts: a listed syllable left out is another name.
  const coverageFloor = allSyllables(q) ? SYLLABIC_COVERAGE_FLOOR : name.company ? COMPANY_COVERAGE_FLOOR : NAME_COVERAGE_FLOOR;
  const score = conflict * queryShare * (coverageFloor + (1 - coverageFloor) * nameShare);
  const cap = otherOfGroup ? OTHER_OF_A_GROUP : 1;
  if (nameWordsMatched < NAME_SIDE_MIN_WORDS || syllableLeft) return Math.min(cap, score);
  // The query may also carry more than the listed name (an extra middle name): a name found whole, on
  // at least two words, is scored from its side too, with the query's leftovers weighing more.
  const nameSide = nameTotal > 0 ? nameMatchedSimilar / nameTotal : 0;
  const queryFloor = name.company ? COMPANY_QUERY_COVERAGE_FLOOR : QUERY_COVERAGE_FLOOR;
  return Math.min(cap, Math.max(score, conflict * nameSide * (queryFloor + (1 - queryFloor) * queryShare)));
}
