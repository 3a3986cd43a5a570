/**
 * The binary layout of an index snapshot: what a built SanctionsIndex is made of (index-builder.ts IndexParts), so
 * that a process can load it instead of tokenizing every listed name again.
 *
 *   magic "DCIX" (4 bytes) | format (uint32) | header length (uint32) | 0 (uint32) | header (UTF-8 JSON) | sections
 *
 * Every number is little-endian. The header names the matcher version, the counts, the datasets by code, the
 * deletion indexes' parameters and, per section, its offset, length and element type. Each section starts at a
 * multiple of 8, so a typed array is read in place, a view of the snapshot's buffer, without a copy; only the
 * deletion indexes' sorted hashes are stored as varint differences (encode.ts encodeSortedHashes) and expanded on load.
 *
 * Sections: the per-entity and per-name arrays as the index holds them; the vocabulary's document frequencies and
 * abjad flags; its three deletion indexes (hash differences, ids, own flags, bucket starts); its spellings as JSON string arrays
 * (keys, skeletons, raws, and the rare Arabic-script and CJK fields as [id, value] pairs); the identifier index as JSON;
 * and each listing as a UTF-8 JSON array (listingStart gives its bytes), read only when a search shows or weighs it.
 * What is quick to derive is derived on load: each token's weight, the posting lists, the names' tags, the map from a
 * spelling to its token, the skeleton groups.
 */
import type { DeletionIndexState } from "../deletion-index.ts";

/** "DCIX" read as a little-endian uint32. */
export const SNAPSHOT_MAGIC = 0x58494344;
/** Bump when the layout changes: a snapshot of another format is rebuilt, as one of another matcher version is. */
export const SNAPSHOT_FORMAT = 1;
export const PREAMBLE_BYTES = 16;
export const ALIGNMENT = 8;

export const ARRAY_TYPES = {
  u8: Uint8Array,
  i8: Int8Array,
  u16: Uint16Array,
  i32: Int32Array,
  u32: Uint32Array,
} as const;
export type ArrayType = keyof typeof ARRAY_TYPES;

export interface SectionEntry {
  offset: number;
  /** In elements. */
  length: number;
  type: ArrayType;
}

export type DeletionParameters = Omit<DeletionIndexState, "hashes" | "ids" | "own" | "bucketStart">;

export interface SnapshotHeader {
  format: number;
  matcherVersion: string;
  entities: number;
  names: number;
  vocabulary: number;
  /** Dataset ids by their code in the index (entityDataset). */
  datasets: string[];
  deletion: Record<DeletionName, DeletionParameters>;
  sections: Record<string, SectionEntry>;
}

export const DELETION_INDEXES = ["byKey1", "bySkeleton1", "byLongSpelling"] as const;
export type DeletionName = (typeof DELETION_INDEXES)[number];

/** A listing as one JSON array: [id, schema, name, aliases, nationalities, birthDates, sourceUrl]. */
export type ListingRecord = [string, string, string, string[], string[], string[], string | null];

/** Rare vocabulary fields, only for the tokens that have them. */
export interface SparseSpellings {
  natives: [number, string][];
  readings: [number, string[]][];
  letters: [number, string][];
  vowels: [number, string][];
}

export const align = (n: number) => Math.ceil(n / ALIGNMENT) * ALIGNMENT;
