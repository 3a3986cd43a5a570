/**
 * Scores one indexed name against a prepared query, 0..1.
 *
 * Query and name tokens are aligned greedily, most similar pair first, each token used once; a query
 * token may also meet two or three adjacent name tokens written apart (Abd al-Aziz / Abdulaziz) and
 * the other way round. Every token weighs its rarity (IDF) times its class weight (legal forms,
 * honorifics and particles count little). Then
 *   Q = sum(sim * w of matched query tokens) / sum(w of query tokens)   how much of the query is found
 *   N = sum(w of matched name tokens) / sum(w of name tokens)            how much of the name is accounted for
 *   score = Q * (0.75 + 0.25 * N)
 * so a query that leaves out middle names still matches, while one of whose words only a part is found
 * does not. When at least two words of the name are found, the name side is scored too (an extra
 * middle name in the query):  N' * (0.6 + 0.4 * Q), N' being N weighted by similarity; the higher wins.
 */
import { countryCode } from "../../countries.ts";
import { CLASS_WEIGHT, legalFamily, TokenClass } from "./lexicon.ts";
import { isArabicArticle } from "./normalize.ts";
import { joinKeys, joinSkeletons } from "./phonetic.ts";
import { compoundFloor, compoundLengthFits, compoundRuns, joinableSkeleton, type PreparedQuery } from "./query.ts";
import {
  ANOTHER_ANCESTOR,
  ARTICLE_JOINED_MIN_LENGTH,
  COMPANY_COVERAGE_FLOOR,
  COMPANY_QUERY_COVERAGE_FLOOR,
  COUNTRY_WORD_MIN_LENGTH,
  CROSS_SCRIPT_JOIN,
  FAMILY_OUT_OF_PLACE,
  FUZZY_WORD,
  FUZZY_WORDS,
  INITIAL_SIMILARITY,
  LISTED_INITIAL_SIMILARITY,
  MAX_INITIALS,
  NAME_COVERAGE_FLOOR,
  NAME_SIDE_MIN_WORDS,
  OTHER_OF_A_GROUP,
  PATRONYMIC_CONFLICT,
  QUERY_COVERAGE_FLOOR,
  SERIES_NUMBER,
  SUBSTITUTION_PENALTY,
  SYLLABIC_COVERAGE_FLOOR,
  TWO_FUZZY_WORDS,
} from "./tuning.ts";
import { pairSimilarity, type Vocabulary } from "./vocabulary.ts";

const MAX_TOKENS = 64;

const nameWeights = new Float64Array(MAX_TOKENS);
const usedQuery = new Uint8Array(MAX_TOKENS);
const usedName = new Uint8Array(MAX_TOKENS);

export interface Pair {
  sim: number;
  /** The order of the greedy alignment: sim, less 1 for a lone particle on either side. */
  rank: number;
  qFirst: number;
  qLast: number;
  nFirst: number;
  nLast: number;
  /** Set for an initial against the word(s) it may stand for. */
  initial?: boolean;
  /** Among pairs of equal rank and size, lower first: a unit's pairs by unit, then by listed word, then all others. */
  order: number;
}

/** The order of the pairs that are not a query unit against one listed word: after those, in the order found. */
const LATER = 2 ** 30;

export interface NameTokens {
  ids: Int32Array;
  classes: Uint8Array;
  start: number;
  end: number;
  /** An organization, vessel or aircraft: a listed word the query leaves out counts more than a middle name does. */
  company: boolean;
}

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

/**
 * The highest score a name can reach when at most `queryShare` of the query can be found in it, by at
 * most `words` query units (the name side needs two words).
 */
export function bestScoreFrom(queryShare: number, words: number): number {
  const share = Math.min(1, queryShare);
  return words >= NAME_SIDE_MIN_WORDS ? Math.max(share, QUERY_COVERAGE_FLOOR + (1 - QUERY_COVERAGE_FLOOR) * share) : share;
}

const isLetter = (c: string | undefined) => c !== undefined && c >= "a" && c <= "z";

/**
 * Initials on either side: a one-letter word against a word of the other side starting with it, and a short word of
 * initials (jc, us) against as many words of the other side starting with those letters in order.
 */
function initialPairs(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number, pairs: Pair[]): void {
  const nameRaw = (j: number) => vocab.raws[name.ids[name.start + j]];
  const nameIsWord = (j: number) => {
    const id = name.ids[name.start + j];
    return name.classes[name.start + j] === TokenClass.Name && vocab.abjad[id] === 0 && vocab.natives[id] === undefined;
  };
  for (let i = 0; i < q.tokens.length; i++) {
    const t = q.tokens[i];
    if (t.abjad || t.native || t.cls !== TokenClass.Name) continue;
    const letters = t.raw;
    if (letters.length === 1) {
      if (!isLetter(letters)) continue;
      for (let j = 0; j < k; j++) {
        const word = nameRaw(j);
        if (nameIsWord(j) && word.length > 1 && word[0] === letters)
          pairs.push({ sim: INITIAL_SIMILARITY, rank: 0, qFirst: i, qLast: i, nFirst: j, nLast: j, initial: true, order: LATER });
      }
    } else if (letters.length <= MAX_INITIALS && q.writtenAsInitials[i] && [...letters].every(isLetter)) {
      for (let j = 0; j + letters.length <= k; j++) {
        let spelt = true;
        for (let m = 0; m < letters.length && spelt; m++) spelt = nameIsWord(j + m) && nameRaw(j + m)[0] === letters[m] && nameRaw(j + m).length > 1;
        if (spelt) pairs.push({ sim: INITIAL_SIMILARITY, rank: 0, qFirst: i, qLast: i, nFirst: j, nLast: j + letters.length - 1, initial: true, order: LATER });
      }
    }
  }
  // A listed initial against a searched word.
  for (let j = 0; j < k; j++) {
    const letter = nameRaw(j);
    if (letter.length !== 1 || !isLetter(letter) || !nameIsWord(j)) continue;
    for (let i = 0; i < q.tokens.length; i++) {
      const t = q.tokens[i];
      if (!t.abjad && !t.native && t.cls === TokenClass.Name && t.raw.length > 1 && t.raw[0] === letter)
        pairs.push({ sim: LISTED_INITIAL_SIMILARITY, rank: 0, qFirst: i, qLast: i, nFirst: j, nLast: j, initial: true, order: LATER });
    }
  }
}

/** A string's first character as a number (-1 for an empty string), compared without making a string of it. */
const firstCode = (s: string) => (s.length > 0 ? s.charCodeAt(0) : -1);

/** With `chosen`, the aligned pairs are pushed there (for the explanation of a result). */
export function scoreName(q: PreparedQuery, vocab: Vocabulary, idfs: Float32Array, name: NameTokens, compoundCache: CompoundCache, chosen?: Pair[]): number {
  const k = Math.min(name.end - name.start, MAX_TOKENS);
  let nameTotal = 0;
  for (let j = 0; j < k; j++) {
    const w = idfs[name.ids[name.start + j]] * CLASS_WEIGHT[name.classes[name.start + j]];
    nameWeights[j] = w;
    nameTotal += w;
  }

  const pairs: Pair[] = [];
  for (let j = 0; j < k; j++) {
    const entries = q.unitsByToken.get(name.ids[name.start + j]);
    if (entries === undefined) continue;
    for (let e = 0; e < entries.length; e += 2) {
      const u = q.units[entries[e]];
      pairs.push({ sim: entries[e + 1], rank: 0, qFirst: u.first, qLast: u.last, nFirst: j, nLast: j, order: entries[e] * MAX_TOKENS + j });
    }
  }
  const joinable = (j: number) => {
    const id = name.ids[name.start + j];
    return joinableSkeleton(vocab.skeletons[id], vocab.abjad[id] === 1, name.classes[name.start + j]);
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
    const keyStart = firstCode(vocab.keys[firstId]);
    const skeletonStart = firstCode(vocab.skeletons[firstId]);
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
        sim = pairSimilarity(t, { key, raw, skeleton, abjad, ...(letters ? { letters } : {}) });
        if (third) third.set(name.ids[name.start + b], sim);
        else compoundCache.pairs.set(head, sim);
      }
      if (sim >= compoundFloor(skeletons)) pairs.push({ sim, rank: 0, qFirst: i, qLast: i, nFirst: a, nLast: b, order: LATER });
    }
  });
  initialPairs(q, vocab, name, k, pairs);
  if (pairs.length === 0) return 0;
  patronymicConflicts(q, vocab, name, k, pairs);
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
  pairs.sort((x, y) => y.rank - x.rank || y.qLast - y.qFirst + y.nLast - y.nFirst - (x.qLast - x.qFirst + x.nLast - x.nFirst) || x.order - y.order);

  usedQuery.fill(0, 0, q.tokens.length);
  usedName.fill(0, 0, k);
  let queryMatched = 0;
  let nameMatched = 0;
  let nameMatchedSimilar = 0;
  let nameWordsMatched = 0;
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
  looseEvidence(q, vocab, name, picked);
  for (const p of picked) {
    if (p.sim <= 0) {
      for (let i = p.qFirst; i <= p.qLast; i++) usedQuery[i] = 0;
      for (let j = p.nFirst; j <= p.nLast; j++) usedName[j] = 0;
      continue;
    }
    chosen?.push(p);
    for (let i = p.qFirst; i <= p.qLast; i++) queryMatched += p.sim * q.tokens[i].weight;
    for (let j = p.nFirst; j <= p.nLast; j++) {
      nameMatched += nameWeights[j];
      nameMatchedSimilar += p.sim * nameWeights[j];
      if (name.classes[name.start + j] === TokenClass.Name) nameWordsMatched++;
    }
  }
  let otherOfGroup = false;
  if (name.company) {
    const series = seriesNumbers(q, vocab, name, k);
    otherOfGroup = countriesBothSides(q, vocab, name, k) || otherLegalForms(q, vocab, name, k);
    if (series) {
      const [i, j] = series;
      usedQuery[i] = 1;
      usedName[j] = 1;
      queryMatched += SERIES_NUMBER * q.tokens[i].weight;
      nameMatched += nameWeights[j];
      nameMatchedSimilar += SERIES_NUMBER * nameWeights[j];
      chosen?.push({ sim: SERIES_NUMBER, rank: 0, qFirst: i, qLast: i, nFirst: j, nLast: j, order: LATER });
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
    if (!usedName[j] && isArabicArticle(vocab.keys[id], vocab.abjad[id] === 1, name.classes[name.start + j])) nameTotal -= nameWeights[j];
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
  const country = name.company ? countryLeftShare(q, vocab, name, k, queryTotal, nameTotal) : 0;
  const conflict = (1 - SUBSTITUTION_PENALTY * Math.max(substituted, country)) * (anotherAncestor(q, vocab, name, k) ? ANOTHER_ANCESTOR : 1);

  // A Chinese or Korean name is short and every syllable of it counts: a listed syllable left out is another name.
  const coverageFloor = q.tokens.every((t) => t.native) ? SYLLABIC_COVERAGE_FLOOR : name.company ? COMPANY_COVERAGE_FLOOR : NAME_COVERAGE_FLOOR;
  const score = conflict * queryShare * (coverageFloor + (1 - coverageFloor) * nameShare);
  const cap = otherOfGroup ? OTHER_OF_A_GROUP : 1;
  if (nameWordsMatched < NAME_SIDE_MIN_WORDS || syllableLeft) return Math.min(cap, score);
  // The query may also carry more than the listed name (an extra middle name): a name found whole, on
  // at least two words, is scored from its side too, with the query's leftovers weighing more.
  const nameSide = nameTotal > 0 ? nameMatchedSimilar / nameTotal : 0;
  const queryFloor = name.company ? COMPANY_QUERY_COVERAGE_FLOOR : QUERY_COVERAGE_FLOOR;
  return Math.min(cap, Math.max(score, conflict * nameSide * (queryFloor + (1 - queryFloor) * queryShare)));
}

/** Legal forms that exclude each other, one on each side and none shared (Bank AG / Bank GmbH): another company. */
function otherLegalForms(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number): boolean {
  let query = 0;
  let listed = 0;
  for (const t of q.tokens) if (t.cls === TokenClass.LegalForm) query |= 1 << legalFamily(t.raw);
  for (let j = 0; j < k; j++) if (name.classes[name.start + j] === TokenClass.LegalForm) listed |= 1 << legalFamily(vocab.raws[name.ids[name.start + j]]);
  // Bit 0 is a form of no family (Ltd, Co), which excludes nothing.
  query &= ~1;
  listed &= ~1;
  return query !== 0 && listed !== 0 && (query & listed) === 0;
}

/** A country left over on each side of a company's name, in parentheses or not (Sweden / Finland). */
function countriesBothSides(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number): boolean {
  const word = (cls: TokenClass) => cls === TokenClass.Name || cls === TokenClass.Qualifier;
  let query = false;
  let listed = false;
  for (let i = 0; i < q.tokens.length && !query; i++) {
    const t = q.tokens[i];
    query = !usedQuery[i] && !t.abjad && !t.native && word(t.cls) && isCountryWord(t.raw);
  }
  for (let j = 0; j < k && !listed; j++) {
    const id = name.ids[name.start + j];
    listed = !usedName[j] && vocab.abjad[id] === 0 && word(name.classes[name.start + j]) && isCountryWord(vocab.raws[id]);
  }
  return query && listed;
}

const queryForeign = (q: PreparedQuery, i: number) => q.tokens[i].abjad || q.tokens[i].native !== undefined;
const nameForeign = (vocab: Vocabulary, name: NameTokens, j: number) => {
  const id = name.ids[name.start + j];
  return vocab.abjad[id] === 1 || vocab.natives[id] !== undefined;
};

/**
 * Alignments that look closer than they are, made weaker after the greedy alignment:
 * - a join or split across scripts, unless the Arabic side is bridged by its article (عبد الرحمن / Abdurrahman) or
 *   the Chinese or Korean side has its family name found on its own (习近平 / Xi Jinping);
 * - a listed initial standing for a searched name while a listed full word is left over (J. Doe for John Smith);
 * - two or more Latin words each found only a letter or more off.
 * A pair set to 0 is dropped.
 */
function looseEvidence(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, picked: Pair[]): void {
  let fuzzy = 0;
  for (const p of picked) {
    const compound = p.qFirst !== p.qLast || p.nFirst !== p.nLast;
    let qForeign = false;
    let nForeign = false;
    for (let i = p.qFirst; i <= p.qLast; i++) if (queryForeign(q, i)) qForeign = true;
    for (let j = p.nFirst; j <= p.nLast; j++) if (nameForeign(vocab, name, j)) nForeign = true;
    if (compound && qForeign !== nForeign && !bridgedJoin(q, vocab, name, p, picked, qForeign)) p.sim = Math.min(p.sim, CROSS_SCRIPT_JOIN);
    if (compound || qForeign || nForeign || p.initial) continue;
    if (q.tokens[p.qFirst].cls === TokenClass.Name && p.sim < FUZZY_WORD) fuzzy++;
  }
  for (const p of picked) {
    if (familyNameOutOfPlace(q, vocab, name, p)) p.sim *= FAMILY_OUT_OF_PLACE;
    if (fuzzy >= FUZZY_WORDS && !p.initial && p.qFirst === p.qLast && p.nFirst === p.nLast && p.sim < FUZZY_WORD && !queryForeign(q, p.qFirst))
      p.sim *= TWO_FUZZY_WORDS;
    if (p.initial && p.nFirst === p.nLast && vocab.raws[name.ids[name.start + p.nFirst]].length === 1 && listedWordLeft(vocab, name, picked)) p.sim = 0;
  }
}

/**
 * The word after the family article آل is a family name (آل علي: Al Ali, the family of Ali): it meets a listed word
 * written with the article (Al-Ali, آل علي) or joined with it (Alali), not a listed given name alone (Husayn Ali).
 */
function familyNameOutOfPlace(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, p: Pair): boolean {
  if (p.qFirst !== p.qLast || p.nFirst !== p.nLast || p.qFirst === 0 || !q.tokens[p.qFirst - 1].family) return false;
  const listed = vocab.raws[name.ids[name.start + p.nFirst]];
  if (vocab.abjad[name.ids[name.start + p.nFirst]] === 0 && listed.length >= ARTICLE_JOINED_MIN_LENGTH && /^[ae]l/.test(listed)) return false;
  return p.nFirst === 0 || !isArticleAt(vocab, name, p.nFirst - 1);
}

/** The Arabic article, in Arabic script or in Latin letters (al-, el-), at name position j. */
function isArticleAt(vocab: Vocabulary, name: NameTokens, j: number): boolean {
  const id = name.ids[name.start + j];
  if (name.classes[name.start + j] !== TokenClass.Particle) return false;
  return vocab.abjad[id] === 1 ? vocab.keys[id] === "l" : ARTICLES.has(vocab.raws[id]);
}

/** Whether a listed full word (not an initial, particle or legal form) is left out of the alignment. */
function listedWordLeft(vocab: Vocabulary, name: NameTokens, picked: Pair[]): boolean {
  const k = name.end - name.start;
  for (let j = 0; j < k && j < MAX_TOKENS; j++) {
    if (name.classes[name.start + j] !== TokenClass.Name || vocab.raws[name.ids[name.start + j]].length < 2) continue;
    if (!picked.some((p) => p.nFirst <= j && j <= p.nLast)) return true;
  }
  return false;
}

function bridgedJoin(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, p: Pair, picked: Pair[], queryIsForeign: boolean): boolean {
  // The article on either side: عبد الرحمن / Abdurrahman, علي / Al Ali.
  for (let i = p.qFirst; i <= p.qLast; i++) {
    const t = q.tokens[i];
    if (t.cls === TokenClass.Particle && (t.abjad ? t.key === "l" : ARTICLES.has(t.raw))) return true;
  }
  for (let j = p.nFirst; j <= p.nLast; j++) if (isArticleAt(vocab, name, j)) return true;
  if (queryIsForeign) {
    if (q.tokens[p.qFirst].native === undefined) return false;
    return picked.some((o) => o !== p && o.qFirst === o.qLast && q.tokens[o.qFirst].native !== undefined && o.sim > 0);
  }
  if (vocab.natives[name.ids[name.start + p.nFirst]] === undefined) return false;
  return picked.some((o) => o !== p && o.nFirst === o.nLast && vocab.natives[name.ids[name.start + o.nFirst]] !== undefined && o.sim > 0);
}

const countryWords = new Map<string, boolean>();
const MAX_COUNTRY_WORDS = 50_000;

/** A word of four letters or more that names a country (Mexico, Sweden), kept once worked out. */
function isCountryWord(raw: string): boolean {
  if (raw.length < COUNTRY_WORD_MIN_LENGTH) return false;
  let known = countryWords.get(raw);
  if (known === undefined) {
    known = countryCode(raw) !== null;
    if (countryWords.size < MAX_COUNTRY_WORDS) countryWords.set(raw, known);
  }
  return known;
}

/**
 * A country in a company's name on one side only (Banco Santander / Banco Santander México): another national
 * company of a group, which weighs as a word in another's place. The larger share of either side's left-over
 * country words.
 */
function countryLeftShare(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number, queryTotal: number, nameTotal: number): number {
  let queryCountry = 0;
  let nameCountry = 0;
  for (let i = 0; i < q.tokens.length; i++) {
    const t = q.tokens[i];
    if (!usedQuery[i] && !t.abjad && !t.native && t.cls === TokenClass.Name && isCountryWord(t.raw)) queryCountry += t.weight;
  }
  for (let j = 0; j < k; j++) {
    const id = name.ids[name.start + j];
    if (!usedName[j] && vocab.abjad[id] === 0 && name.classes[name.start + j] === TokenClass.Name && isCountryWord(vocab.raws[id]))
      nameCountry += nameWeights[j];
  }
  return Math.max(queryTotal > 0 ? queryCountry / queryTotal : 0, nameTotal > 0 ? nameCountry / nameTotal : 0);
}

const DIGITS = /^\d+$/;

/** The only number left over on each side of a company's name, when there is one each. */
function seriesNumbers(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number): [number, number] | null {
  let queryAt = -1;
  let nameAt = -1;
  for (let i = 0; i < q.tokens.length; i++) {
    if (usedQuery[i] || !DIGITS.test(q.tokens[i].raw)) continue;
    if (queryAt >= 0) return null;
    queryAt = i;
  }
  if (queryAt < 0) return null;
  for (let j = 0; j < k; j++) {
    if (usedName[j] || !DIGITS.test(vocab.raws[name.ids[name.start + j]])) continue;
    if (nameAt >= 0) return null;
    nameAt = j;
  }
  return nameAt < 0 ? null : [queryAt, nameAt];
}

/** Words that put a father's name after a person's own (Muhammad bin Salman). */
const PATRONYMIC = new Set(["bin", "ibn", "ben", "bint", "binti", "bte", "ould", "wuld", "walad", "bn", "bnt", "vld"]);
const ARTICLES = new Set(["al", "el", "l"]);

/**
 * How many "bin"s before a word in its chain: 0 for the person's own name, 1 for the father's, 2 for the
 * grandfather's; -1 for a word in no chain.
 */
function chainPositions(count: number, isParticle: (i: number) => boolean, isWord: (i: number) => boolean, isArticle: (i: number) => boolean): Int8Array {
  const out = new Int8Array(count).fill(-1);
  for (let i = 0; i < count; i++) {
    if (!isWord(i)) continue;
    // "bin al-Din": the article between the particle and the name.
    const after = i > 0 && isParticle(i - 1) ? i - 1 : i > 1 && isParticle(i - 2) && isArticle(i - 1) ? i - 2 : -1;
    if (i + 1 < count && isParticle(i + 1) && after < 0) out[i] = 0;
    else if (after >= 0) out[i] = Math.min(100, (after >= 1 && out[after - 1] >= 0 ? out[after - 1] : 0) + 1);
  }
  return out;
}

/**
 * A father's (or grandfather's) name in a chain of bin/ben left over on both sides at the same place (Habib ben
 * Mohamed ben Salah / Habib ben Ali ben Salah): the same person has one father, so these are two people. Called after
 * the alignment (usedQuery, usedName).
 */
function anotherAncestor(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number): boolean {
  const queryParticle = (i: number) => q.tokens[i].cls === TokenClass.Particle && PATRONYMIC.has(q.tokens[i].raw);
  const nameParticle = (j: number) => name.classes[name.start + j] === TokenClass.Particle && PATRONYMIC.has(vocab.raws[name.ids[name.start + j]]);
  let any = false;
  for (let i = 0; i < q.tokens.length && !any; i++) any = queryParticle(i);
  if (!any) return false;
  any = false;
  for (let j = 0; j < k && !any; j++) any = nameParticle(j);
  if (!any) return false;
  const queryChain = chainPositions(
    q.tokens.length,
    queryParticle,
    (i) => q.tokens[i].cls === TokenClass.Name,
    (i) => ARTICLES.has(q.tokens[i].raw),
  );
  const nameChain = chainPositions(
    k,
    nameParticle,
    (j) => name.classes[name.start + j] === TokenClass.Name,
    (j) => ARTICLES.has(vocab.raws[name.ids[name.start + j]]),
  );
  for (let i = 0; i < q.tokens.length; i++) {
    if (usedQuery[i] || queryChain[i] < 1) continue;
    for (let j = 0; j < k; j++) if (!usedName[j] && nameChain[j] === queryChain[i]) return true;
  }
  return false;
}

/** A person's own name aligned with the other's father's name (Salman bin Muhammad / Muhammad bin Salman) is another person. */
function patronymicConflicts(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number, pairs: Pair[]): void {
  const queryParticle = (i: number) => q.tokens[i].cls === TokenClass.Particle && PATRONYMIC.has(q.tokens[i].raw);
  const nameParticle = (j: number) => name.classes[name.start + j] === TokenClass.Particle && PATRONYMIC.has(vocab.raws[name.ids[name.start + j]]);
  let any = false;
  for (let i = 0; i < q.tokens.length && !any; i++) any = queryParticle(i);
  if (!any) return;
  any = false;
  for (let j = 0; j < k && !any; j++) any = nameParticle(j);
  if (!any) return;
  const queryArticle = (i: number) => ARTICLES.has(q.tokens[i].raw);
  const nameArticle = (j: number) => ARTICLES.has(vocab.raws[name.ids[name.start + j]]);
  const queryChain = chainPositions(q.tokens.length, queryParticle, (i) => q.tokens[i].cls === TokenClass.Name, queryArticle);
  const nameChain = chainPositions(k, nameParticle, (j) => name.classes[name.start + j] === TokenClass.Name, nameArticle);
  for (const p of pairs) {
    if (p.qFirst !== p.qLast || p.nFirst !== p.nLast) continue;
    const a = queryChain[p.qFirst];
    const b = nameChain[p.nFirst];
    // A father for a grandfather is a generation skipped, as names often do; a person for an ancestor is not.
    if (a >= 0 && b >= 0 && (a === 0) !== (b === 0)) p.sim *= PATRONYMIC_CONFLICT;
  }
}
