/**
 * The in-memory index of one set of dataset versions, built once when they become current, and its search.
 *
 * Every primary name and alias is tokenized once, as its entity is added (index-builder.ts: a caller receiving the
 * entities in batches drops each batch once added); tokens go to a shared vocabulary, and each token weighs its rarity
 * among the names (IDF; patronymics PATRONYMIC_WEIGHT of it). A search prepares the query against the vocabulary
 * (query.ts), finds the names worth scoring among the asked entity type and datasets (candidates.ts), scores them in
 * full (score.ts), keeps each entity's best name (the primary name before an alias on equal scores), and ranks the
 * entities (ranking.ts); with query-by-example details, listings carrying a searched identifier join the results and
 * the details weigh on every score (evidence.ts). Only the results returned are explained (explain.ts).
 */
import type { SanctionsEntity } from "../entity.ts";
import type { NameTokens, Pair } from "./alignment.ts";
import { CandidateFinder } from "./candidates.ts";
import { type CompoundCache, emptyCompoundCache } from "./compound-pairs.ts";
import { hasDetails, type WeighedEvidence, weighEvidence } from "./evidence.ts";
import { explainAlignment } from "./explain.ts";
import type { IdentifierIndex } from "./identifier-index.ts";
import { COMPANY, type IndexParts, type Listing, type Listings, nameTag, PERSON, SanctionsIndexBuilder, slashParts } from "./index-builder.ts";
import type { NameKind } from "./lexicon.ts";
import { isPatronymic, TokenClass } from "./lexicon.ts";
import { type Token, tokenize } from "./normalize.ts";
import { idf, type PreparedQuery, prepareQuery, type WeightSource } from "./query.ts";
import { rankByName, rankWithDetails, type ScoredName, type ShowResult } from "./ranking.ts";
import { scoreName } from "./score.ts";
import { DEFAULT_LIMIT, DEFAULT_MATCH_THRESHOLD, MIN_SCORE_SHARE, PATRONYMIC_WEIGHT } from "./tuning.ts";
import type { MatchExplanation, MatchOptions, MatchResult } from "./types.ts";
import type { Vocabulary } from "./vocabulary.ts";

export { DEFAULT_MATCH_THRESHOLD };

/** How many listed names' tokens the index keeps for explanations (see listedTokens). */
const RECENTLY_EXPLAINED = 4096;

export interface BuildOptions {
  threshold?: number;
  weightsFrom?: SanctionsIndex;
}

export class SanctionsIndex {
  private readonly threshold: number;
  /** What it was made of, as a snapshot writes it (matcher/snapshot). */
  readonly parts: IndexParts;
  private readonly listings: Listings;
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
  /** 1 where a name word of name n is a single Latin letter (NameTokens.listedInitial). */
  private readonly nameListedInitial: Uint8Array;
  /** An entity's names are nameEntity positions entityNameStart[e] .. entityNameStart[e + 1]. */
  private readonly entityNameStart: Int32Array;
  /** The tokens of the names explained last (see listedTokens). */
  private readonly recentlyExplained = new Map<number, Token[]>();
  /** Listed identifiers → entities (query by example). */
  private readonly identifiers: IdentifierIndex;
  /** The posting lists and the per-query scratch of the candidate search. */
  private readonly finder: CandidateFinder;

  /** Set when the token weights come from another index (see compare). */
  private readonly weights?: WeightSource;

  private constructor(parts: IndexParts, threshold: number, weightsFrom?: SanctionsIndex) {
    this.parts = parts;
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

    this.nameListedInitial = new Uint8Array(names);
    for (let n = 0; n < names; n++) {
      for (let p = this.nameStart[n]; p < this.nameStart[n + 1]; p++) {
        if (this.nameClasses[p] === TokenClass.Name && this.vocab.initialLetters[this.nameTokens[p]] === 1) this.nameListedInitial[n] = 1;
      }
    }
    this.finder = new CandidateFinder({ start: this.nameStart, tokens: this.nameTokens, tags: this.nameTags }, this.vocab.df, this.idfs);
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

  /** The index of parts a snapshot kept (matcher/snapshot): it answers as the index they were taken from. */
  static fromParts(parts: IndexParts, options?: Omit<BuildOptions, "weightsFrom">): SanctionsIndex {
    return new SanctionsIndex(parts, options?.threshold ?? DEFAULT_MATCH_THRESHOLD);
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

    const accepted = this.acceptedTags(kind, options.datasets);
    const compoundCache = emptyCompoundCache();
    const best = this.bestNames(query, this.finder.find(query, accepted, threshold), compoundCache);
    const minScore = options.minScore ?? threshold * MIN_SCORE_SHARE;
    const show: ShowResult = (e, n, score, weighed) => this.result(e, n, score, threshold, this.explain(query, n, compoundCache), weighed);
    const listedWords = (n: number) => this.nameWords(n);
    if (!hasDetails(options.details)) return rankByName(best, query, minScore, limit, show, listedWords);
    // Query by example: listings carrying a searched identifier join the results whatever their names scored; the
    // details then weigh on every score (evidence.ts).
    const details = options.details;
    const byIdentifier = this.identifiers.lookup(details.identifiers ?? []);
    this.addIdentified(query, byIdentifier.keys(), accepted, best, compoundCache);
    const weigh = (e: number, b: ScoredName) => weighEvidence(details, this.listing(e), b.score, threshold, byIdentifier.get(e));
    return rankWithDetails(best, byIdentifier, query, minScore, limit, weigh, show, listedWords);
  }

  /** Name n's tokens, as the scorer reads them (in place in the index's arrays). */
  private nameTokensOf(n: number): NameTokens {
    return {
      ids: this.nameTokens,
      classes: this.nameClasses,
      start: this.nameStart[n],
      end: this.nameStart[n + 1],
      company: this.entityKind[this.nameEntity[n]] === COMPANY,
      listedInitial: this.nameListedInitial[n] === 1,
    };
  }

  /** The candidates scored in full, and each entity's best name: the highest score, then the primary name, then the earliest alias. */
  private bestNames(query: PreparedQuery, candidates: number[], compoundCache: CompoundCache): Map<number, ScoredName> {
    const best = new Map<number, ScoredName>();
    // One NameTokens moved from name to name (the scorer keeps none): not an object per candidate.
    const name: NameTokens = { ids: this.nameTokens, classes: this.nameClasses, start: 0, end: 0, company: false, listedInitial: false };
    for (const n of candidates) {
      name.start = this.nameStart[n];
      name.end = this.nameStart[n + 1];
      name.company = this.entityKind[this.nameEntity[n]] === COMPANY;
      name.listedInitial = this.nameListedInitial[n] === 1;
      const score = scoreName(query, this.vocab, this.idfs, name, compoundCache);
      const e = this.nameEntity[n];
      const prev = best.get(e);
      if (!prev || score > prev.score || (score === prev.score && this.nameAlias[n] < this.nameAlias[prev.name])) {
        best.set(e, { score, name: n });
      }
    }
    return best;
  }

  /** Adds to `best` the entities found by identifier that the names did not bring, each with its best-scoring name. */
  private addIdentified(
    query: PreparedQuery,
    entities: Iterable<number>,
    accepted: Uint8Array,
    best: Map<number, ScoredName>,
    compoundCache: CompoundCache,
  ): void {
    for (const e of entities) {
      if (best.has(e)) continue;
      const first = this.entityNameStart[e];
      const end = this.entityNameStart[e + 1];
      if (first >= end || accepted[this.nameTags[first]] !== 1) continue;
      let top = { score: -1, name: first };
      for (let n = first; n < end; n++) {
        const score = scoreName(query, this.vocab, this.idfs, this.nameTokensOf(n), compoundCache);
        if (score > top.score) top = { score, name: n };
      }
      best.set(e, top);
    }
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

  private listing(e: number): Listing {
    const listing = this.listings.at(e);
    if (!listing) throw new Error(`No listing at ${e}`);
    return listing;
  }

  /** The alignment behind a name's score, scored again with the pairs kept (only for the results returned). */
  private explain(query: PreparedQuery, n: number, compoundCache: CompoundCache): MatchExplanation {
    const chosen: Pair[] = [];
    scoreName(query, this.vocab, this.idfs, this.nameTokensOf(n), compoundCache, chosen);
    const listing = this.listing(this.nameEntity[n]);
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

  /** With `weighed`, the score and match flag are those the search's details gave (evidence.ts). */
  private result(e: number, n: number, score: number, threshold: number, explanation: MatchExplanation, weighed?: WeighedEvidence): MatchResult {
    const listing = this.listing(e);
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
