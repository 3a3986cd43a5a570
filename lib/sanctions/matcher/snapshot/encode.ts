/** Writing a built index as a snapshot (layout.ts). */
import type { IndexParts } from "../index-builder.ts";
import type { SanctionsIndex } from "../sanctions-index.ts";
import { MATCHER_VERSION } from "../version.ts";
import {
  ALIGNMENT,
  type ArrayType,
  align,
  DELETION_INDEXES,
  type DeletionName,
  type DeletionParameters,
  type ListingRecord,
  PREAMBLE_BYTES,
  type SectionEntry,
  SNAPSHOT_FORMAT,
  SNAPSHOT_MAGIC,
  type SnapshotHeader,
  type SparseSpellings,
} from "./layout.ts";

type Section = { name: string; type: ArrayType; data: ArrayBufferView & { length: number } };

const encoder = new TextEncoder();

/** The listings one after another as UTF-8 JSON, and where each starts (the last entry is the end). */
function encodeListings(parts: IndexParts, datasets: string[]): { bytes: Uint8Array; start: Uint32Array } {
  const count = parts.listings.length;
  const start = new Uint32Array(count + 1);
  let bytes = new Uint8Array(Math.max(1024, count * 128));
  let used = 0;
  for (let e = 0; e < count; e++) {
    const listing = parts.listings.at(e)!;
    if (listing.datasetId !== datasets[parts.entityDataset[e]]) throw new Error("A listing's dataset is not its entity's");
    const record: ListingRecord = [listing.id, listing.schema, listing.name, listing.aliases, listing.nationalities, listing.birthDates, listing.sourceUrl];
    const json = JSON.stringify(record);
    // UTF-8 takes at most three bytes per UTF-16 unit.
    if (bytes.length - used < json.length * 3) {
      const grown = new Uint8Array(Math.max(bytes.length * 2, used + json.length * 3));
      grown.set(bytes.subarray(0, used));
      bytes = grown;
    }
    used += encoder.encodeInto(json, bytes.subarray(used)).written;
    if (used > 0xffffffff) throw new Error("An index snapshot's listings exceed 4 GiB");
    start[e + 1] = used;
  }
  return { bytes: bytes.subarray(0, used), start };
}

function sparse(values: readonly (string | undefined)[]): [number, string][] {
  const out: [number, string][] = [];
  values.forEach((value, id) => {
    if (value !== undefined) out.push([id, value]);
  });
  return out;
}

const json = (value: unknown) => encoder.encode(JSON.stringify(value));

/**
 * Sorted hashes as the differences between neighbours, seven bits a byte (LEB128): tens of millions of 31-bit hashes
 * lie about a hundred apart, so most take one byte instead of four, the largest part of a snapshot made a quarter.
 */
export function encodeSortedHashes(hashes: Uint32Array): Uint8Array {
  const out = new Uint8Array(hashes.length * 5);
  let used = 0;
  let previous = 0;
  for (let i = 0; i < hashes.length; i++) {
    let delta = hashes[i] - previous;
    if (delta < 0) throw new Error("A deletion index's hashes are not sorted");
    previous = hashes[i];
    while (delta >= 0x80) {
      out[used++] = (delta & 0x7f) | 0x80;
      delta >>>= 7;
    }
    out[used++] = delta;
  }
  return out.slice(0, used);
}

/** The snapshot of a built index: one buffer, laid out as layout.ts says. */
export function encodeIndex(index: SanctionsIndex): Uint8Array {
  const parts = index.parts;
  const datasets: string[] = [];
  for (const [id, code] of parts.datasetCodes) datasets[code] = id;
  const vocab = parts.vocab.state();
  const listings = encodeListings(parts, datasets);
  const spellings: SparseSpellings = {
    natives: sparse(vocab.natives),
    letters: sparse(vocab.letters),
    vowels: sparse(vocab.vowels),
    readings: [],
  };
  vocab.readings.forEach((readings, id) => {
    if (readings !== undefined) spellings.readings.push([id, readings]);
  });

  const sections: Section[] = [
    { name: "entityKind", type: "u8", data: parts.entityKind },
    { name: "entityDataset", type: "u16", data: parts.entityDataset },
    { name: "nameEntity", type: "i32", data: parts.nameEntity },
    { name: "nameAlias", type: "i32", data: parts.nameAlias },
    { name: "namePart", type: "i8", data: parts.namePart },
    { name: "nameStart", type: "i32", data: parts.nameStart },
    { name: "nameTokens", type: "i32", data: parts.nameTokens },
    { name: "nameClasses", type: "u8", data: parts.nameClasses },
    { name: "vocabAbjad", type: "u8", data: vocab.abjad },
    { name: "vocabDf", type: "i32", data: vocab.df },
    { name: "vocabKeys", type: "u8", data: json(vocab.keys) },
    { name: "vocabSkeletons", type: "u8", data: json(vocab.skeletons) },
    { name: "vocabRaws", type: "u8", data: json(vocab.raws) },
    { name: "vocabSparse", type: "u8", data: json(spellings) },
    { name: "identifiers", type: "u8", data: json(parts.identifiers.entries()) },
    { name: "listingStart", type: "u32", data: listings.start },
    { name: "listings", type: "u8", data: listings.bytes },
  ];
  const deletion = {} as Record<DeletionName, DeletionParameters>;
  for (const name of DELETION_INDEXES) {
    const { hashes, ids, own, bucketStart, ...parameters } = vocab[name];
    deletion[name] = parameters;
    sections.push(
      { name: `${name}.hashDeltas`, type: "u8", data: encodeSortedHashes(hashes) },
      { name: `${name}.ids`, type: "i32", data: ids },
      { name: `${name}.own`, type: "u8", data: own },
      { name: `${name}.bucketStart`, type: "i32", data: bucketStart },
    );
  }

  // The header's offsets depend on its own length: the offsets are laid out after a header of a fixed upper size.
  const entries: Record<string, SectionEntry> = {};
  const header: SnapshotHeader = {
    format: SNAPSHOT_FORMAT,
    matcherVersion: MATCHER_VERSION,
    entities: parts.listings.length,
    names: parts.nameEntity.length,
    vocabulary: vocab.keys.length,
    datasets,
    deletion,
    sections: entries,
  };
  const layOut = (headerBytes: number) => {
    let offset = align(PREAMBLE_BYTES + headerBytes);
    for (const s of sections) {
      entries[s.name] = { offset, length: s.data.length, type: s.type };
      offset = align(offset + s.data.byteLength);
    }
    return offset;
  };
  // Laying out with a header of the size it then has converges in a step or two (offsets only grow by digits).
  let headerText = encoder.encode(JSON.stringify(header));
  for (let size = -1; size !== headerText.length; ) {
    size = headerText.length;
    layOut(size);
    headerText = encoder.encode(JSON.stringify(header));
  }
  const total = layOut(headerText.length);

  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, SNAPSHOT_MAGIC, true);
  view.setUint32(4, SNAPSHOT_FORMAT, true);
  view.setUint32(8, headerText.length, true);
  out.set(headerText, PREAMBLE_BYTES);
  for (const s of sections) {
    const entry = entries[s.name];
    if (entry.offset % ALIGNMENT !== 0) throw new Error("An index snapshot's section is not aligned");
    out.set(new Uint8Array(s.data.buffer, s.data.byteOffset, s.data.byteLength), entry.offset);
  }
  return out;
}
