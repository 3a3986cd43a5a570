/**
 * What a sanctions index is built from, entity by entity. Each entity added is tokenized at once and only what the
 * index keeps of it stays (its listing, its names' vocabulary ids): a caller that receives the entities in batches
 * (the server's worker) drops each batch once added, so a million names never sit in memory as whole entities.
 */
import type { SanctionsEntity } from "../entity.ts";
import { IdentifierIndex } from "./identifier-index.ts";
import type { NameKind } from "./lexicon.ts";
import { TokenizeCache, tokenize } from "./normalize.ts";
import { MAX_SLASH_PARTS } from "./tuning.ts";
import { TypedList } from "./typed-list.ts";
import { Vocabulary } from "./vocabulary.ts";

export const PERSON = 0;
export const COMPANY = 1;
const MAX_DATASETS = 2 ** 15;
/** A name's dataset code and entity kind in one number (a Uint16: under 2 * MAX_DATASETS). */
export const nameTag = (dataset: number, kind: number) => 2 * dataset + kind;

/** The parts of a name written with slashes between alternatives, when there are such parts. */
export function slashParts(name: string): string[] {
  if (!name.includes("/")) return [];
  const parts = name.split("/").map((p) => p.trim());
  return parts.length <= MAX_SLASH_PARTS && parts.every((p) => /\p{L}{2}/u.test(p)) ? parts : [];
}

/**
 * What the index keeps of a listed entity: what its results show and weigh. Remarks, programs, addresses and the
 * aliases' kinds stay with the caller: on a million names they were a third of the index's memory.
 */
export interface Listing {
  id: string;
  datasetId: string;
  schema: SanctionsEntity["schema"];
  name: string;
  /** In the entity's order: a name's alias index (nameAlias) points here. */
  aliases: string[];
  nationalities: string[];
  birthDates: string[];
  sourceUrl: string | null;
}

/**
 * The listings by entity position: an array when built, or read from a snapshot's bytes one at a time
 * (matcher/snapshot), since a search only reads those of the entities it shows or weighs.
 */
export interface Listings {
  readonly length: number;
  at(entity: number): Listing | undefined;
}

/** One empty list for every listing that has none: results copy their lists, so it is never changed. */
const NONE: string[] = [];
const listOrNone = (values: string[]) => (values.length > 0 ? values : NONE);

function listingOf(entity: SanctionsEntity): Listing {
  return {
    id: entity.id,
    datasetId: entity.datasetId,
    schema: entity.schema,
    name: entity.name,
    aliases: entity.aliases.length > 0 ? entity.aliases.map((a) => a.name) : NONE,
    nationalities: listOrNone(entity.nationalities),
    birthDates: listOrNone(entity.birthDates),
    sourceUrl: entity.sourceUrl,
  };
}

/** The entities added, as the index holds them: per entity, per name (primary names and aliases), per token. */
export interface IndexParts {
  listings: Listings;
  /** Frozen: every token added. */
  vocab: Vocabulary;
  datasetCodes: Map<string, number>;
  entityKind: Uint8Array;
  entityDataset: Uint16Array;
  identifiers: IdentifierIndex;
  nameEntity: Int32Array;
  /** -1 for the primary name, else the alias index. */
  nameAlias: Int32Array;
  /** -1 for the whole name, else which of its slash-separated parts (slashParts). */
  namePart: Int8Array;
  /** Name n's tokens are nameTokens[nameStart[n] .. nameStart[n + 1]). */
  nameStart: Int32Array;
  nameTokens: Int32Array;
  nameClasses: Uint8Array;
}

export class SanctionsIndexBuilder {
  private readonly listings: Listing[] = [];
  private readonly vocab = new Vocabulary();
  private readonly datasetCodes = new Map<string, number>();
  private readonly entityKind = new TypedList((n) => new Uint8Array(n));
  private readonly entityDataset = new TypedList((n) => new Uint16Array(n));
  private readonly identifiers = new IdentifierIndex();
  private readonly nameEntity = new TypedList((n) => new Int32Array(n));
  private readonly nameAlias = new TypedList((n) => new Int32Array(n));
  private readonly nameParts = new TypedList((n) => new Int8Array(n));
  private readonly nameStart = new TypedList((n) => new Int32Array(n));
  private readonly tokenIds = new TypedList((n) => new Int32Array(n));
  private readonly tokenClasses = new TypedList((n) => new Uint8Array(n));
  private readonly cache = new TokenizeCache();
  private finished = false;

  constructor() {
    this.nameStart.push(0);
  }

  /** Entities added so far. */
  get size(): number {
    return this.listings.length;
  }

  add(entity: SanctionsEntity): void {
    this.ensureOpen();
    const e = this.listings.length;
    this.listings.push(listingOf(entity));
    const kind: NameKind = entity.schema === "Person" ? "person" : "company";
    this.entityKind.push(kind === "person" ? PERSON : COMPANY);
    let code = this.datasetCodes.get(entity.datasetId);
    if (code === undefined) {
      code = this.datasetCodes.size;
      if (code >= MAX_DATASETS) throw new Error(`An index holds the entities of at most ${MAX_DATASETS} datasets`);
      this.datasetCodes.set(entity.datasetId, code);
    }
    this.entityDataset.push(code);
    this.identifiers.add(e, entity.identifiers);

    const seen = new Set<string>();
    for (let a = -1; a < entity.aliases.length; a++) {
      const name = a < 0 ? entity.name : entity.aliases[a].name;
      if (!name || seen.has(name)) continue;
      seen.add(name);
      // "Al-Qa'ida/Islamic Army": each name written with a slash is also indexed on its own.
      const parts = slashParts(name);
      for (let part = -1; part < parts.length; part++) {
        const tokens = tokenize(part < 0 ? name : parts[part], kind, this.cache);
        if (tokens.length === 0) continue;
        const distinct = new Set<number>();
        for (const t of tokens) {
          const id = this.vocab.add(t);
          this.tokenIds.push(id);
          this.tokenClasses.push(t.cls);
          if (!distinct.has(id)) {
            distinct.add(id);
            this.vocab.countDocument(id);
          }
        }
        this.nameEntity.push(e);
        this.nameAlias.push(a);
        this.nameParts.push(part);
        this.nameStart.push(this.tokenIds.length);
      }
    }
  }

  private ensureOpen(): void {
    if (this.finished) throw new Error("This index builder has already built its index");
  }

  /** The parts of the index; the builder takes no more entities after. */
  finish(): IndexParts {
    this.ensureOpen();
    this.finished = true;
    this.vocab.freeze();
    return {
      listings: this.listings,
      vocab: this.vocab,
      datasetCodes: this.datasetCodes,
      entityKind: this.entityKind.toArray(),
      entityDataset: this.entityDataset.toArray(),
      identifiers: this.identifiers,
      nameEntity: this.nameEntity.toArray(),
      nameAlias: this.nameAlias.toArray(),
      namePart: this.nameParts.toArray(),
      nameStart: this.nameStart.toArray(),
      nameTokens: this.tokenIds.toArray(),
      nameClasses: this.tokenClasses.toArray(),
    };
  }
}
