/** Reading a snapshot (layout.ts) back into an index that answers as the one it was written from. */
import type { EntityIdentifier } from "../../entity.ts";
import { IdentifierIndex } from "../identifier-index.ts";
import type { IndexParts, Listing, Listings } from "../index-builder.ts";
import { SanctionsIndex } from "../sanctions-index.ts";
import { MATCHER_VERSION } from "../version.ts";
import { Vocabulary, type VocabularyState } from "../vocabulary.ts";
import {
  ALIGNMENT,
  ARRAY_TYPES,
  type ArrayType,
  DELETION_INDEXES,
  type ListingRecord,
  PREAMBLE_BYTES,
  SNAPSHOT_FORMAT,
  SNAPSHOT_MAGIC,
  type SnapshotHeader,
  type SparseSpellings,
} from "./layout.ts";

/** A snapshot this matcher cannot read: another matcher or format wrote it, or its bytes are not a snapshot. */
export class SnapshotFormatError extends Error {}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The listings read from the snapshot's bytes one at a time: a million listings as objects were hundreds of megabytes
 * of heap, and a search reads only those it shows or weighs.
 */
class StoredListings implements Listings {
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly bytes: Uint8Array,
    private readonly start: Uint32Array,
    private readonly datasets: string[],
    private readonly entityDataset: Uint16Array,
  ) {}

  get length(): number {
    return this.start.length - 1;
  }

  at(e: number): Listing | undefined {
    if (!(e >= 0 && e < this.length)) return undefined;
    const [id, schema, name, aliases, nationalities, birthDates, sourceUrl] = JSON.parse(
      this.decoder.decode(this.bytes.subarray(this.start[e], this.start[e + 1])),
    ) as ListingRecord;
    return { id, datasetId: this.datasets[this.entityDataset[e]], schema: schema as Listing["schema"], name, aliases, nationalities, birthDates, sourceUrl };
  }
}

/** The hashes encodeSortedHashes wrote, `count` of them. */
function decodeSortedHashes(bytes: Uint8Array, count: number): Uint32Array {
  const hashes = new Uint32Array(count);
  let at = 0;
  let previous = 0;
  for (let i = 0; i < count; i++) {
    let delta = 0;
    let shift = 0;
    for (;;) {
      if (at >= bytes.length || shift > 28) throw new SnapshotFormatError("a deletion index's hashes are cut short");
      const byte = bytes[at++];
      delta += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
      shift += 7;
    }
    previous += delta;
    hashes[i] = previous;
  }
  if (at !== bytes.length || previous > 0xffffffff) throw new SnapshotFormatError("a deletion index's hashes do not fit");
  return hashes;
}

/** The header of a snapshot (its counts, its matcher), checked as decoding checks it. */
export function readHeader(bytes: Uint8Array): SnapshotHeader {
  if (!LITTLE_ENDIAN) throw new SnapshotFormatError("index snapshots are read on little-endian machines only");
  if (bytes.byteLength < PREAMBLE_BYTES) throw new SnapshotFormatError("too short to be an index snapshot");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== SNAPSHOT_MAGIC) throw new SnapshotFormatError("not an index snapshot");
  const format = view.getUint32(4, true);
  if (format !== SNAPSHOT_FORMAT) throw new SnapshotFormatError(`snapshot format ${format}, this matcher reads ${SNAPSHOT_FORMAT}`);
  const length = view.getUint32(8, true);
  if (PREAMBLE_BYTES + length > bytes.byteLength) throw new SnapshotFormatError("the snapshot's header is cut short");
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(PREAMBLE_BYTES, PREAMBLE_BYTES + length))) as SnapshotHeader;
  if (header.matcherVersion !== MATCHER_VERSION) {
    throw new SnapshotFormatError(`written by matcher ${header.matcherVersion}, this is ${MATCHER_VERSION}`);
  }
  return header;
}

/** The parts of an index, read from a snapshot: typed arrays are views of `bytes` (kept alive by the index). */
export function decodeParts(input: Uint8Array): IndexParts {
  // Typed arrays are read in place, which needs the sections' alignment in memory too.
  const bytes = input.byteOffset % ALIGNMENT === 0 ? input : input.slice();
  const header = readHeader(bytes);
  const array = <T extends ArrayType>(name: string, type: T, length?: number): InstanceType<(typeof ARRAY_TYPES)[T]> => {
    const entry = header.sections[name];
    if (!entry || entry.type !== type) throw new SnapshotFormatError(`the snapshot has no ${type} section ${name}`);
    const Kind = ARRAY_TYPES[type];
    if (entry.offset % ALIGNMENT !== 0 || entry.offset + entry.length * Kind.BYTES_PER_ELEMENT > bytes.byteLength) {
      throw new SnapshotFormatError(`the snapshot's section ${name} lies outside it`);
    }
    if (length !== undefined && entry.length !== length)
      throw new SnapshotFormatError(`the snapshot's section ${name} has ${entry.length} elements, not ${length}`);
    return new Kind(bytes.buffer as ArrayBuffer, bytes.byteOffset + entry.offset, entry.length) as InstanceType<(typeof ARRAY_TYPES)[T]>;
  };
  const decoder = new TextDecoder();
  const json = <T>(name: string): T => JSON.parse(decoder.decode(array(name, "u8")));

  const { entities, names, vocabulary } = header;
  const nameStart = array("nameStart", "i32", names + 1);
  const nameTokens = array("nameTokens", "i32");
  if (nameStart[names] !== nameTokens.length) throw new SnapshotFormatError("the snapshot's names and tokens do not fit together");
  const entityDataset = array("entityDataset", "u16", entities);

  const spellings = json<SparseSpellings>("vocabSparse");
  const natives: (string | undefined)[] = new Array(vocabulary).fill(undefined);
  const letters: (string | undefined)[] = new Array(vocabulary).fill(undefined);
  const vowels: (string | undefined)[] = new Array(vocabulary).fill(undefined);
  const readings: (string[] | undefined)[] = new Array(vocabulary).fill(undefined);
  for (const [id, value] of spellings.natives) natives[id] = value;
  for (const [id, value] of spellings.letters) letters[id] = value;
  for (const [id, value] of spellings.vowels) vowels[id] = value;
  for (const [id, value] of spellings.readings) readings[id] = value;
  const state: VocabularyState = {
    keys: json("vocabKeys"),
    skeletons: json("vocabSkeletons"),
    raws: json("vocabRaws"),
    natives,
    readings,
    letters,
    vowels,
    abjad: array("vocabAbjad", "u8", vocabulary),
    df: array("vocabDf", "i32", vocabulary),
    byKey1: undefined!,
    bySkeleton1: undefined!,
    byLongSpelling: undefined!,
  };
  for (const name of DELETION_INDEXES) {
    const ids = array(`${name}.ids`, "i32");
    state[name] = {
      ...header.deletion[name],
      hashes: decodeSortedHashes(array(`${name}.hashDeltas`, "u8"), ids.length),
      ids,
      own: array(`${name}.own`, "u8"),
      bucketStart: array(`${name}.bucketStart`, "i32"),
    };
  }

  const datasetCodes = new Map<string, number>();
  header.datasets.forEach((id, code) => {
    datasetCodes.set(id, code);
  });
  return {
    listings: new StoredListings(array("listings", "u8"), array("listingStart", "u32", entities + 1), header.datasets, entityDataset),
    vocab: new Vocabulary(state),
    datasetCodes,
    entityKind: array("entityKind", "u8", entities),
    entityDataset,
    identifiers: IdentifierIndex.restore(json<[string, { entity: number; identifier: EntityIdentifier }[]][]>("identifiers")),
    nameEntity: array("nameEntity", "i32", names),
    nameAlias: array("nameAlias", "i32", names),
    namePart: array("namePart", "i8", names),
    nameStart,
    nameTokens,
    nameClasses: array("nameClasses", "u8", nameTokens.length),
  };
}

/** The index a snapshot holds; `threshold` as SanctionsIndex.build takes it. Throws SnapshotFormatError on a snapshot it cannot read. */
export function decodeIndex(bytes: Uint8Array, options?: { threshold?: number }): SanctionsIndex {
  try {
    return SanctionsIndex.fromParts(decodeParts(bytes), options);
  } catch (error) {
    if (error instanceof SnapshotFormatError) throw error;
    throw new SnapshotFormatError(`the snapshot cannot be read: ${(error as Error).message}`);
  }
}
