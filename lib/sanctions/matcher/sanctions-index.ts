/**
 * The in-memory index of one set of dataset versions, built once when they become current.
 *
 * Every primary name and alias is tokenized once, as its entity is added (index-builder.ts: a caller receiving the
 * entities in batches drops each batch once added); tokens go to a shared vocabulary and each vocabulary
 * token has a posting list of the names that contain it (typed arrays, CSR layout). A search fuzzily
 * looks up each query token in the vocabulary, adds up the weighted similarities of the names in those
 * posting lists (restricted to the asked entity type and datasets), scores the best few hundred names
 * in full (score.ts) and returns the best name of each entity.
 */
import type { SanctionsEntity } from "../entity.ts";
import { hasDetails, type MatchEvidence, weighEvidence } from "./evidence.ts";
import { explainAlignment } from "./explain.ts";
import type { IdentifierIndex } from "./identifier-index.ts";
import { COMPANY, type IndexParts, type Listing, nameTag, PERSON, SanctionsIndexBuilder, slashParts } from "./index-builder.ts";
import type { NameKind } from "./lexicon.ts";
import { isPatronymic, TokenClass } from "./lexicon.ts";
import { type Token, tokenize } from "./normalize.ts";
import { idf, type PreparedQuery, prepareQuery, type QueryUnit, type WeightSource } from "./query.ts";
import { bestScoreFrom, type CompoundCache, emptyCompoundCache, type Pair, scoreName } from "./score.ts";
import {
  AVERAGE_NAME_WORDS,
  CANDIDATES,
  CHOICE_BINS,
  COMMON_POSTINGS,
  DEFAULT_LIMIT,
  DEFAULT_MATCH_THRESHOLD,
  FLOOR_BINS,
  LONE_NAME_MIN_POOL,
  LONE_NAME_POOL,
  MAX_EVIDENCE_BONUS,
  MIN_SCORE_SHARE,
  MONONYM_TYPO,
  PATRONYMIC_WEIGHT,
  ROUNDING_ROOM,
  TIE_POOL,
  TIED_CANDIDATES_FACTOR,
} from "./tuning.ts";
import type { MatchExplanation, MatchOptions, MatchResult } from "./types.ts";
import type { Vocabulary } from "./vocabulary.ts";

export { DEFAULT_MATCH_THRESHOLD };

/** How many listed names' tokens the index keeps for explanations (see listedTokens). */
const RECENTLY_EXPLAINED = 4096;

/** Stamps live in Int32Arrays: start over well before they would wrap around. */
const SERIAL_LIMIT = 2 ** 30;

/**
 * A query of one name word, besides particles and legal forms: a lone surname ("Maduro") or an underspecified one
 * ("Khamis Al"). An initial counts as a word (V. Putin).
 */
function isLoneName(query: PreparedQuery): boolean {
  let words = 0;
  // A title may be a family name too (Al-Shaykh): it counts as a word.
  for (const t of query.tokens) if (t.cls === TokenClass.Name || t.cls === TokenClass.Honorific) words++;
  return words === 1;
}

/**
 * One name word does not identify a person who has more: a partial match, never a Match on its own. A listing that is
 * itself one name word (a mononym, as some UN listings are) and is found exactly (or written in another script) is
 * named whole by it: a Match, as is a typo of it (Hanibal, Hannibol for Hannibal: a letter doubled, dropped or changed
 * in a long word). A looser spelling variant of a mononym stays partial (Maduro is not the alias Mauro).
 */
function markPartial(r: MatchResult, listedWords: number): MatchResult {
  // A word that is the listed words written together (RamiMakhlouf) is a whole name.
  if (r.schema !== "Person" || r.explanation.parts.some((p) => p.how === "split")) return r;
  if (
    listedWords <= 1 &&
    r.explanation.parts.every((p) => p.how === "exact" || p.how === "transliteration" || (p.how === "spelling" && p.similarity >= MONONYM_TYPO))
  )
    return r;
  return { ...r, match: false, partial: true };
}

const round = (score: number) => Math.round(score * 1000) / 1000;

/** Every searched word found as written: ranks above a name of the same score found through a word spelt otherwise. */
function allExact(r: MatchResult): boolean {
  return r.explanation.parts.every((p) => p.query === null || p.how === "exact");
}

/** Score first; among equal scores, a listing that has every searched word exactly before one reached by a variant. */
function byExactness(x: MatchResult, y: MatchResult): number {
  return y.score - x.score || Number(allExact(y)) - Number(allExact(x));
}

/** How closely the lone searched word was found (two decimals), then whether it is the family name, then the score. */
function byLoneNameRank(x: MatchResult, y: MatchResult): number {
  return loneSimilarity(y) - loneSimilarity(x) || Number(isFamilyName(y)) - Number(isFamilyName(x)) || y.score - x.score;
}

function loneSimilarity(r: MatchResult): number {
  let best = 0;
  for (const p of r.explanation.parts) if (p.query !== null && p.listed !== null) best = Math.max(best, p.similarity);
  return Math.round(best * 100) / 100;
}

/** Whether the word the lone name met is the listed family name: before the comma of "LAST, First", else the last word. */
function isFamilyName(r: MatchResult): boolean {
  if (r.schema !== "Person") return false;
  const met = r.explanation.parts.find((p) => p.query !== null && p.listed !== null)?.listed?.toLowerCase();
  if (!met) return false;
  const comma = r.matchedName.indexOf(",");
  const family = comma > 0 ? r.matchedName.slice(0, comma) : (r.matchedName.trim().split(/\s+/).pop() ?? "");
  return family
    .toLowerCase()
    .split(/[\s-]+/)
    .includes(met);
}

/** Names per vocabulary token (CSR layout: names[start[v] .. start[v + 1]]), each name once per token. */
function postingLists(df: Int32Array, nameStart: Int32Array, nameTokens: Int32Array): { start: Int32Array; names: Int32Array } {
  const start = new Int32Array(df.length + 1);
  for (let v = 0; v < df.length; v++) start[v + 1] = start[v] + df[v];
  const names = new Int32Array(start[df.length]);
  const fill = start.slice(0, df.length);
  const last = new Int32Array(df.length).fill(-1);
  for (let n = 0; n + 1 < nameStart.length; n++) {
    for (let p = nameStart[n]; p < nameStart[n + 1]; p++) {
      const v = nameTokens[p];
      if (last[v] === n) continue;
      last[v] = n;
      names[fill[v]++] = n;
    }
  }
  return { start, names };
}

export interface BuildOptions {
  threshold?: number;
  weightsFrom?: SanctionsIndex;
}

export class SanctionsIndex {
  private readonly threshold: number;
  private readonly listings: Listing[];
  private readonly vocab: Vocabulary;
  private readonly idfs: Float32Array;
  private readonly datasetCodes: Map<string, number>;
  private readonly entityKind: Uint8Array;
  private readonly nameEntity: Int32Array;
  /** Each name's entity type and dataset in one number (nameTag): what a search filters on, read without its entity. */
  private readonly nameTags: Uint16Array;
  /** -1 for the primary name, else the alias index. */
  private readonly nameAlias: Int32Array;
  /** -1 for the whole name, else which of its slash-separated parts (slashParts). */
  private readonly namePart: Int8Array;
  private readonly nameStart: Int32Array;
  private readonly nameTokens: Int32Array;
  private readonly nameClasses: Uint8Array;
  private readonly postingStart: Int32Array;
  private readonly postingNames: Int32Array;
  /** An entity's names are nameEntity positions entityNameStart[e] .. entityNameStart[e + 1]. */
  private readonly entityNameStart: Int32Array;
  /** The tokens of the names explained last (see listedTokens). */
  private readonly recentlyExplained = new Map<number, Token[]>();
  /** Listed identifiers → entities (query by example). */
  private readonly identifiers: IdentifierIndex;

  // Per-query scratch, reused across queries (a search runs to completion before the next one starts).
  // Name n's stamp is stamps[2n] and its accumulated value sums[2n + 1], side by side in one buffer: a posting walk
  // then touches one cache line per name (four separate arrays made it several times slower on a million names).
  private readonly stamps: Int32Array;
  private readonly sums: Float32Array;
  /** A unit's similarity per vocabulary token while it is probed (see probe), else 0. */
  private readonly tokenSims: Float32Array;
  /** The names a search has found so far, found[0 .. foundCount): a list of its own would grow per search. */
  private readonly found: Int32Array;
  private foundCount = 0;
  /** The found names' values side by side, copied by valueBins: read again in order, not name by name. */
  private readonly foundValues: Float32Array;
  private serial = 0;

  /** Set when the token weights come from another index (see compare). */
  private readonly weights?: WeightSource;

  private constructor(parts: IndexParts, threshold: number, weightsFrom?: SanctionsIndex) {
    this.listings = parts.listings;
    this.threshold = threshold;
    this.vocab = parts.vocab;
    this.datasetCodes = parts.datasetCodes;
    this.entityKind = parts.entityKind;
    this.identifiers = parts.identifiers;
    this.nameEntity = parts.nameEntity;
    this.nameAlias = parts.nameAlias;
    this.namePart = parts.namePart;
    this.nameStart = parts.nameStart;
    this.nameTokens = parts.nameTokens;
    this.nameClasses = parts.nameClasses;
    this.nameTags = new Uint16Array(this.nameEntity.length);
    for (let n = 0; n < this.nameEntity.length; n++) {
      const e = this.nameEntity[n];
      this.nameTags[n] = nameTag(parts.entityDataset[e], this.entityKind[e]);
    }
    // Names were added entity by entity: counting them per entity gives each entity's range.
    this.entityNameStart = new Int32Array(this.listings.length + 1);
    for (const e of this.nameEntity) this.entityNameStart[e + 1]++;
    for (let e = 0; e < this.listings.length; e++) this.entityNameStart[e + 1] += this.entityNameStart[e];

    const names = this.nameEntity.length;
    this.idfs = new Float32Array(this.vocab.size);
    if (weightsFrom) {
      this.weights = { vocab: weightsFrom.vocab, documents: weightsFrom.nameCount };
      for (let v = 0; v < this.vocab.size; v++) {
        const other = weightsFrom.vocab.idOf(this.vocab.spelling(v));
        this.idfs[v] = idf(other === undefined ? 0 : weightsFrom.vocab.df[other], weightsFrom.nameCount);
      }
    } else for (let v = 0; v < this.vocab.size; v++) this.idfs[v] = idf(this.vocab.df[v], names);
    for (let v = 0; v < this.vocab.size; v++) if (this.vocab.abjad[v] === 0 && isPatronymic(this.vocab.raws[v])) this.idfs[v] *= PATRONYMIC_WEIGHT;

    ({ start: this.postingStart, names: this.postingNames } = postingLists(this.vocab.df, this.nameStart, this.nameTokens));

    const scratch = new ArrayBuffer(names * 8);
    this.stamps = new Int32Array(scratch);
    this.sums = new Float32Array(scratch);
    this.tokenSims = new Float32Array(this.vocab.size);
    this.found = new Int32Array(names);
    this.foundValues = new Float32Array(names);
  }

  /** With `weightsFrom`, name parts weigh their rarity in that index (the real lists) instead of in these entities. */
  static build(entities: SanctionsEntity[], options?: BuildOptions): SanctionsIndex {
    const builder = new SanctionsIndexBuilder();
    for (const entity of entities) builder.add(entity);
    return SanctionsIndex.fromBuilder(builder, options);
  }

  /** The index of the entities added to `builder` (which is then spent). */
  static fromBuilder(builder: SanctionsIndexBuilder, options?: BuildOptions): SanctionsIndex {
    return new SanctionsIndex(builder.finish(), options?.threshold ?? DEFAULT_MATCH_THRESHOLD, options?.weightsFrom);
  }

  /** Number of entities. */
  get size(): number {
    return this.listings.length;
  }

  /** Forgets what earlier searches kept (Vocabulary.lookup, listedTokens): a benchmark starts from none. */
  forgetLookups(): void {
    this.vocab.forgetLookups();
    this.recentlyExplained.clear();
  }

  /** Number of indexed names (primary names and aliases). */
  get nameCount(): number {
    return this.nameEntity.length;
  }

  search(term: string, options: MatchOptions = {}): MatchResult[] {
    const limit = Math.max(0, options.limit ?? DEFAULT_LIMIT);
    const threshold = options.threshold ?? this.threshold;
    const kind: NameKind = options.type ?? "any";
    const names = this.nameEntity.length;
    if (limit === 0 || names === 0) return [];
    const query = prepareQuery(term, kind, this.vocab, names, this.weights);
    if (!query) return [];

    this.accumulate(query, this.acceptedTags(kind, options.datasets), threshold);
    const candidates = this.topAccumulated(CANDIDATES);

    // Score the candidates in full and keep each entity's best name.
    const best = new Map<number, { score: number; name: number }>();
    const compoundCache = emptyCompoundCache();
    const tokens = { ids: this.nameTokens, classes: this.nameClasses, start: 0, end: 0, company: false };
    for (const n of candidates) {
      tokens.start = this.nameStart[n];
      tokens.end = this.nameStart[n + 1];
      tokens.company = this.entityKind[this.nameEntity[n]] === COMPANY;
      const score = scoreName(query, this.vocab, this.idfs, tokens, compoundCache);
      const e = this.nameEntity[n];
      const prev = best.get(e);
      if (!prev || score > prev.score || (score === prev.score && this.nameAlias[n] < this.nameAlias[prev.name])) {
        best.set(e, { score, name: n });
      }
    }
    const minScore = options.minScore ?? threshold * MIN_SCORE_SHARE;
    if (hasDetails(options.details)) {
      // Query by example: listings carrying a searched identifier join the results whatever their names scored; the
      // details then weigh on every score (evidence.ts), and the results are ranked again.
      const byIdentifier = this.identifiers.lookup(options.details.identifiers ?? []);
      const accepted = this.acceptedTags(kind, options.datasets);
      for (const e of byIdentifier.keys()) {
        if (best.has(e)) continue;
        const first = this.entityNameStart[e];
        const end = this.entityNameStart[e + 1];
        if (first >= end || accepted[this.nameTags[first]] !== 1) continue;
        tokens.company = this.entityKind[e] === COMPANY;
        let top = { score: -1, name: first };
        for (let n = first; n < end; n++) {
          tokens.start = this.nameStart[n];
          tokens.end = this.nameStart[n + 1];
          const score = scoreName(query, this.vocab, this.idfs, tokens, compoundCache);
          if (score > top.score) top = { score, name: n };
        }
        best.set(e, top);
      }
      // Names the details could not lift to minScore are not weighed at all.
      const weighed = [...best]
        .filter(([e, b]) => b.score + MAX_EVIDENCE_BONUS >= minScore || byIdentifier.has(e))
        .map(([e, b]) => ({ e, name: b.name, ...weighEvidence(options.details!, this.listings[e], b.score, threshold, byIdentifier.get(e)) }));
      const lone = isLoneName(query);
      return weighed
        .filter((w) => w.score >= minScore || w.evidence.identifier)
        .sort((x, y) => y.score - x.score || Number(!!y.evidence.identifier) - Number(!!x.evidence.identifier) || x.e - y.e)
        .slice(0, limit)
        .map((w) => {
          const r = this.result(w.e, w.name, w.score, threshold, this.explain(query, w.name, compoundCache), w);
          return !lone || r.evidence?.identifier ? r : markPartial(r, this.nameWords(w.name));
        });
    }
    const ranked = [...best].filter(([, b]) => b.score >= minScore).sort((x, y) => y[1].score - x[1].score || x[0] - y[0]);
    if (!isLoneName(query)) {
      // Names tied with the last one shown compete for its place (see byExactness).
      let end = Math.min(limit, ranked.length);
      const last = end > 0 ? round(ranked[end - 1][1].score) : 0;
      while (end < ranked.length && end < limit * TIE_POOL && round(ranked[end][1].score) === last) end++;
      return ranked
        .slice(0, end)
        .map(([e, b]) => this.result(e, b.name, b.score, threshold, this.explain(query, b.name, compoundCache)))
        .sort(byExactness)
        .slice(0, limit);
    }
    // A lone name ("Maduro"): people of more names are partial matches, those whose family name it is first.
    const pool = ranked
      .slice(0, Math.max(limit * LONE_NAME_POOL, LONE_NAME_MIN_POOL))
      .map(([e, b]) => markPartial(this.result(e, b.name, b.score, threshold, this.explain(query, b.name, compoundCache)), this.nameWords(b.name)));
    return pool.sort(byLoneNameRank).slice(0, limit);
  }

  /** How many words of name n are name words (or titles, which may be family names), not particles or legal forms. */
  private nameWords(n: number): number {
    let words = 0;
    for (let p = this.nameStart[n]; p < this.nameStart[n + 1]; p++) {
      const cls = this.nameClasses[p];
      if (cls === TokenClass.Name || cls === TokenClass.Honorific) words++;
    }
    return words;
  }

  /** The alignment behind a name's score, scored again with the pairs kept (only for the results returned). */
  private explain(query: PreparedQuery, n: number, compoundCache: CompoundCache): MatchExplanation {
    const chosen: Pair[] = [];
    const company = this.entityKind[this.nameEntity[n]] === COMPANY;
    const tokens = { ids: this.nameTokens, classes: this.nameClasses, start: this.nameStart[n], end: this.nameStart[n + 1], company };
    scoreName(query, this.vocab, this.idfs, tokens, compoundCache, chosen);
    const listing = this.listings[this.nameEntity[n]];
    const alias = this.nameAlias[n];
    const whole = alias < 0 ? listing.name : listing.aliases[alias];
    const text = this.namePart[n] < 0 ? whole : slashParts(whole)[this.namePart[n]];
    return explainAlignment(query.tokens, this.listedTokens(n, text), chosen);
  }

  /**
   * A listed name's tokens as written, for its explanation: tokenized again (the index keeps only their vocabulary
   * ids), and kept for the latest names explained, since the same listings come up again and again.
   */
  private listedTokens(n: number, text: string): Token[] {
    let tokens = this.recentlyExplained.get(n);
    if (tokens) this.recentlyExplained.delete(n);
    else {
      tokens = tokenize(text, this.entityKind[this.nameEntity[n]] === PERSON ? "person" : "company");
      if (this.recentlyExplained.size >= RECENTLY_EXPLAINED) this.recentlyExplained.delete(this.recentlyExplained.keys().next().value as number);
    }
    // Most recently used last: the first key is the one to drop.
    this.recentlyExplained.set(n, tokens);
    return tokens;
  }

  /** 1 for each name tag (see nameTags) of the asked type and of one of the asked datasets. */
  private acceptedTags(kind: NameKind, datasets: string[] | undefined): Uint8Array {
    const accepted = new Uint8Array(2 * this.datasetCodes.size);
    const codes = datasets && datasets.length > 0 ? datasets.map((d) => this.datasetCodes.get(d)) : [...this.datasetCodes.values()];
    for (const code of codes) {
      if (code === undefined) continue;
      if (kind !== "company") accepted[nameTag(code, PERSON)] = 1;
      if (kind !== "person") accepted[nameTag(code, COMPANY)] = 1;
    }
    return accepted;
  }

  /**
   * Adds up, per name, the weighted similarity of each query unit (its best vocabulary token in the
   * name) over the posting lists, into `found`. Rarest units go first. A unit with a long
   * posting list (Muhammad, Ali) is not walked to find new names when no name it alone could find can
   * matter: when it and the units after it could not lift a name to the threshold, or could not lift it
   * among the CANDIDATES best found so far. It then only adds to names already found, and only when those
   * are too many to score them all.
   */
  private accumulate(query: PreparedQuery, accepted: Uint8Array, threshold: number): void {
    if (this.serial > SERIAL_LIMIT) {
      this.serial = 0;
      this.stamps.fill(0);
    }
    // Every unit walked gets the next serial: a stamp above the query's is a name found by this query.
    const querySerial = this.serial;
    const hasNameToken = query.tokens.some((t) => t.cls === TokenClass.Name);
    const units = query.units
      .filter((u) => !(hasNameToken && u.first === u.last && query.tokens[u.first].cls !== TokenClass.Name))
      .map((unit) => {
        let postings = 0;
        let best = 0;
        for (const sims of unit.reach ? [unit.sims, unit.reach] : [unit.sims]) {
          for (const [id, sim] of sims) {
            postings += this.postingStart[id + 1] - this.postingStart[id];
            best = Math.max(best, sim);
          }
        }
        return { unit, postings, most: best * unit.weight };
      })
      .sort((x, y) => x.postings - y.postings);

    this.foundCount = 0;
    const deferred: { unit: QueryUnit; postings: number; most: number }[] = [];
    let rest = units.reduce((sum, u) => sum + u.most, 0);
    // What the deferred units may still add to a name found later (they add to found names at the end).
    let deferredMost = 0;
    // What the units walked so far may have given a name at most: no value is higher.
    let walkedMost = 0;
    units.forEach(({ unit, postings, most }, i) => {
      const common = postings > COMMON_POSTINGS;
      const cannotReach = () => bestScoreFrom(rest / query.minimumWeight, units.length - i) < threshold;
      // A name first found now ends with at most rest + deferredMost: under the CANDIDATES-th value already
      // reached, it could never be among the names scored. That value is at most walkedMost (with room for the
      // rounding of the sums), which spares reading every name's value while few units were walked.
      const cannotRank = () =>
        this.foundCount >= CANDIDATES && rest + deferredMost < walkedMost * ROUNDING_ROOM && rest + deferredMost < this.rankFloor(CANDIDATES);
      if (common && (cannotReach() || cannotRank())) {
        deferred.push({ unit, postings, most });
        deferredMost += most;
      } else {
        this.walk(unit, querySerial, accepted, true);
        walkedMost += most;
      }
      rest -= most;
    });
    let still = deferredMost;
    for (const { unit, postings, most } of deferred) {
      // Each deferred unit added raises the CANDIDATES-th value and lowers what the others may add: the names that
      // can no longer be chosen are dropped before the next.
      if (this.foundCount > CANDIDATES) this.dropHopeless(still);
      if (this.foundCount <= CANDIDATES) break;
      // Looking the unit up in each found name's words is cheaper than its posting lists when those are longer.
      if (this.foundCount * AVERAGE_NAME_WORDS < postings) this.probe(unit);
      else this.walk(unit, querySerial, accepted, false);
      still -= most;
    }
  }

  /**
   * Drops from `found` the names that cannot be among the CANDIDATES chosen (topAccumulated), though each may still
   * gain `still`: those under the lower edge of the bin where the choice is cut. Each deferred unit then adds to far
   * fewer names (an Arabic name of six words on a million names: 39,000 found, then 7,300, 5,400 and 1,400 left for the
   * next units), and the choice sorts fewer.
   */
  private dropHopeless(still: number): void {
    const bins = this.valueBins(CANDIDATES, FLOOR_BINS);
    if (!bins) return;
    // Values only grow, so the CANDIDATES-th will be at least `floor`; the choice's bins will be at most this wide.
    const choiceBin = (bins.max + still) / (CHOICE_BINS - 1);
    const least = bins.floor - choiceBin - still;
    // valueBins left each found name's value in foundValues.
    const { found, foundValues } = this;
    let kept = 0;
    for (let k = 0; k < this.foundCount; k++) if (foundValues[k] >= least) found[kept++] = found[k];
    this.foundCount = kept;
  }

  /**
   * A value at most the `count`-th largest accumulated among the names (the lower edge of its histogram bin): a
   * name that cannot reach it is not among the `count` best.
   */
  private rankFloor(count: number): number {
    return this.valueBins(count, FLOOR_BINS)?.floor ?? 0;
  }

  /**
   * The names' accumulated values in `bins` equal bins up to the highest (`bin` gives a name's), and `cut`, the
   * highest bin at or above which `count` names lie: `above` of them above it, `floor` its lower edge. Null when no
   * name has a value yet.
   */
  private valueBins(count: number, bins: number) {
    const { found, foundCount, foundValues, sums } = this;
    let max = 0;
    for (let k = 0; k < foundCount; k++) {
      const value = sums[2 * found[k] + 1];
      foundValues[k] = value;
      if (value > max) max = value;
    }
    if (max <= 0) return null;
    const bin = (n: number) => Math.min(bins - 1, Math.floor((sums[2 * n + 1] / max) * (bins - 1)));
    const hist = new Int32Array(bins);
    for (let k = 0; k < foundCount; k++) hist[Math.min(bins - 1, Math.floor((foundValues[k] / max) * (bins - 1)))]++;
    let cut = bins - 1;
    let above = 0;
    for (let total = hist[cut]; cut > 0 && total < count; ) {
      above = total;
      total += hist[--cut];
    }
    return { bin, cut, above, max, floor: (cut / (bins - 1)) * max };
  }

  /** Adds one unit's contribution to the names already found, by looking its tokens up in theirs. */
  private probe(unit: QueryUnit): void {
    const sims = this.tokenSims;
    const ids = unit.reach ? [...unit.sims, ...unit.reach] : [...unit.sims];
    for (const [id, sim] of ids) if (sim > sims[id]) sims[id] = sim;
    for (let k = 0; k < this.foundCount; k++) {
      const n = this.found[k];
      let best = 0;
      for (let p = this.nameStart[n], end = this.nameStart[n + 1]; p < end; p++) {
        const sim = sims[this.nameTokens[p]];
        if (sim > best) best = sim;
      }
      this.sums[2 * n + 1] += best * unit.weight;
    }
    for (const [id] of ids) sims[id] = 0;
  }

  /**
   * Adds one unit's contributions over its posting lists; new names only when `addNames`. Its tokens are walked most
   * similar first, so the first time the unit meets a name is its best contribution there.
   */
  private walk(unit: QueryUnit, querySerial: number, accepted: Uint8Array, addNames: boolean): void {
    const unitSerial = ++this.serial;
    const { stamps, sums, nameTags, found } = this;
    let foundCount = this.foundCount;
    const tokens = unit.reach ? [...unit.sims, ...unit.reach] : [...unit.sims];
    tokens.sort((x, y) => y[1] - x[1]);
    for (const [id, sim] of tokens) {
      const contribution = sim * unit.weight;
      for (let p = this.postingStart[id], end = this.postingStart[id + 1]; p < end; p++) {
        const n = this.postingNames[p];
        const stamp = stamps[2 * n];
        if (stamp === unitSerial) continue;
        if (stamp <= querySerial) {
          if (!addNames || accepted[nameTags[n]] !== 1) continue;
          sums[2 * n + 1] = 0;
          found[foundCount++] = n;
        }
        stamps[2 * n] = unitSerial;
        sums[2 * n + 1] += contribution;
      }
    }
    this.foundCount = foundCount;
  }

  /**
   * The `count` names with the highest accumulated value. Names tied at the cut are many when a common word is all
   * they share with the query (thousands of "Ibrahim …" on a large list): scoring them all cost tens of milliseconds.
   * Among tied names those whose words weigh less in all go first, since a listed word the query lacks lowers the full
   * score by its weight.
   */
  private topAccumulated(count: number): number[] {
    const names = this.found.subarray(0, this.foundCount);
    if (names.length <= count) return Array.from(names);
    const bins = this.valueBins(count, CHOICE_BINS);
    if (!bins) return [];
    const { bin, cut, above } = bins;
    const top: number[] = [];
    const atCut: number[] = [];
    for (const n of names) {
      const b = bin(n);
      if (b > cut) top.push(n);
      else if (b === cut) atCut.push(n);
    }
    // Up to twice the count, ties are all scored: the accumulation is a rough guide among names of one value.
    const wanted = TIED_CANDIDATES_FACTOR * count - above;
    if (atCut.length <= wanted) return top.concat(atCut);
    // The `wanted` first of atCut by value, then lighter names, then earlier ones: every name above the value of the
    // last one taken, and of those at that value the lightest. Found without sorting all of atCut (thousands of names
    // at one value when a common word is all they share with the query).
    const values = new Float32Array(atCut.length);
    atCut.forEach((n, k) => {
      values[k] = this.sums[2 * n + 1];
    });
    const last = values.sort()[atCut.length - wanted];
    const chosen = atCut.filter((n) => this.sums[2 * n + 1] > last);
    const tied = atCut.filter((n) => this.sums[2 * n + 1] === last);
    const weight = new Map<number, number>();
    for (const n of chosen) weight.set(n, this.nameWeight(n));
    // Of the tied names, as many as are still wanted, lightest first, then earlier: those under the weight of the last
    // one taken, and of those at that weight the earliest (again without sorting them all).
    const needed = wanted - chosen.length;
    const tiedWeights = Float64Array.from(tied, (n) => this.nameWeight(n));
    const heaviest = Float64Array.from(tiedWeights).sort()[needed - 1];
    const atHeaviest: number[] = [];
    tied.forEach((n, k) => {
      if (tiedWeights[k] < heaviest) chosen.push(n);
      else if (tiedWeights[k] === heaviest) atHeaviest.push(n);
      else return;
      weight.set(n, tiedWeights[k]);
    });
    chosen.push(...atHeaviest.sort((x, y) => x - y).slice(0, wanted - chosen.length));
    return top.concat(chosen.sort((x, y) => this.sums[2 * y + 1] - this.sums[2 * x + 1] || weight.get(x)! - weight.get(y)! || x - y));
  }

  /** What all the words of name n weigh. */
  private nameWeight(n: number): number {
    let sum = 0;
    for (let p = this.nameStart[n]; p < this.nameStart[n + 1]; p++) sum += this.idfs[this.nameTokens[p]];
    return sum;
  }

  /** With `weighed`, the score and match flag are those the search's details gave (evidence.ts). */
  private result(
    e: number,
    n: number,
    score: number,
    threshold: number,
    explanation: MatchExplanation,
    weighed?: { score: number; match: boolean; evidence: MatchEvidence },
  ): MatchResult {
    const listing = this.listings[e];
    const alias = this.nameAlias[n];
    const rounded = weighed ? weighed.score : Math.round(score * 1000) / 1000;
    return {
      id: listing.id,
      name: listing.name,
      schema: listing.schema,
      score: rounded,
      match: weighed ? weighed.match : rounded >= threshold,
      matchedName: alias < 0 ? listing.name : listing.aliases[alias],
      aliases: [...listing.aliases],
      nationality: [...listing.nationalities],
      birthDate: [...listing.birthDates],
      datasets: [listing.datasetId],
      sourceUrl: listing.sourceUrl,
      explanation,
      ...(weighed ? { evidence: weighed.evidence } : {}),
    };
  }
}
