/**
 * Strings within one edit of each other, found without comparing against every string (the
 * symmetric-deletion idea of SymSpell): each indexed string is stored under itself and under every
 * string one deletion away; a lookup probes the same variants of the query. Two strings one
 * substitution, insertion, deletion or adjacent transposition apart always share a variant.
 *
 * Variants are stored as 31-bit hashes in sorted typed arrays (about 9 bytes a variant). A hash
 * collision only adds a candidate, which the caller verifies anyway.
 */

function hash(s: string, skip: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    if (i === skip) continue;
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 1;
}

/** Hashes of s (first), of its one-deletion variants and, with depth 2, of its two-deletion variants. */
function variantHashes(s: string, depth: number): number[] {
  const out = [hash(s, -1)];
  if (depth === 0) return out;
  const ones: string[] = [];
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && s[i] === s[i - 1]) continue; // deleting either letter of a pair gives the same string
    out.push(hash(s, i));
    if (depth > 1) ones.push(s.slice(0, i) + s.slice(i + 1));
  }
  if (depth > 1) {
    const seen = new Set<string>();
    for (const one of ones) {
      for (let i = 0; i < one.length; i++) {
        if (i > 0 && one[i] === one[i - 1]) continue;
        const two = one.slice(0, i) + one.slice(i + 1);
        if (seen.has(two)) continue;
        seen.add(two);
        out.push(hash(two, -1));
      }
    }
  }
  return out;
}

const ID_LIMIT = 2 ** 21;

/** A built DeletionIndex as flat arrays and numbers, for an index snapshot (matcher/snapshot): restored, not rebuilt. */
export interface DeletionIndexState {
  hashes: Uint32Array;
  ids: Int32Array;
  own: Uint8Array;
  bucketStart: Int32Array;
  bucketShift: number;
  minDeletionLength: number;
  /** null for Infinity (no two-deletion variants), which JSON cannot hold. */
  minTwoDeletionLength: number | null;
}

export class DeletionIndex {
  private readonly hashes: Uint32Array;
  private readonly ids: Int32Array;
  /** 1 where the entry is the indexed string itself, 0 for one of its deletion variants. */
  private readonly own: Uint8Array;
  /**
   * Where each run of hashes sharing their top `bucketBits` bits starts (hashes are 31 bits): a lookup searches its
   * bucket of a few entries, where a binary search over all of them read some twenty scattered places of memory.
   */
  private readonly bucketStart: Int32Array;
  private readonly bucketShift: number;
  private readonly minDeletionLength: number;
  private readonly minTwoDeletionLength: number;

  /**
   * strings[id] is indexed with its one-deletion variants when it has at least minDeletionLength
   * characters, also with its two-deletion variants from minTwoDeletionLength, and only as itself
   * otherwise (empty strings are skipped). Two strings of that length two edits apart share a variant.
   */
  constructor(strings: string[], minDeletionLength: number, minTwoDeletionLength = Infinity) {
    if (strings.length >= ID_LIMIT) throw new Error(`DeletionIndex holds at most ${ID_LIMIT - 1} strings`);
    this.minDeletionLength = minDeletionLength;
    this.minTwoDeletionLength = minTwoDeletionLength;
    // (hash, variant flag, id) packed into one float64 (31 + 1 + 21 bits), so one native sort orders them.
    const packed: number[] = [];
    for (let id = 0; id < strings.length; id++) {
      const s = strings[id];
      if (!s) continue;
      variantHashes(s, this.depth(s, 2)).forEach((h, k) => {
        packed.push((h * 2 + (k === 0 ? 0 : 1)) * ID_LIMIT + id);
      });
    }
    const sorted = Float64Array.from(packed).sort();
    this.hashes = new Uint32Array(sorted.length);
    this.ids = new Int32Array(sorted.length);
    this.own = new Uint8Array(sorted.length);
    for (let i = 0; i < sorted.length; i++) {
      const high = Math.floor(sorted[i] / ID_LIMIT);
      this.ids[i] = sorted[i] - high * ID_LIMIT;
      this.hashes[i] = high >>> 1;
      this.own[i] = high & 1 ? 0 : 1;
    }
    // About four entries a bucket, at most 2^20 buckets.
    const bucketBits = Math.max(1, Math.min(20, Math.ceil(Math.log2(Math.max(2, sorted.length / 4)))));
    this.bucketShift = 31 - bucketBits;
    this.bucketStart = new Int32Array((1 << bucketBits) + 1);
    for (let i = 0, bucket = 0; bucket <= 1 << bucketBits; bucket++) {
      while (i < this.hashes.length && this.hashes[i] >>> this.bucketShift < bucket) i++;
      this.bucketStart[bucket] = i;
    }
  }

  /** Its arrays as they are (not copies). */
  state(): DeletionIndexState {
    const { hashes, ids, own, bucketStart, bucketShift, minDeletionLength, minTwoDeletionLength } = this;
    return {
      hashes,
      ids,
      own,
      bucketStart,
      bucketShift,
      minDeletionLength,
      minTwoDeletionLength: Number.isFinite(minTwoDeletionLength) ? minTwoDeletionLength : null,
    };
  }

  /** The index whose state() this was: the same lookups, without hashing and sorting every variant again. */
  static restore(state: DeletionIndexState): DeletionIndex {
    const index: DeletionIndex = Object.create(DeletionIndex.prototype);
    if (
      state.bucketStart.length !== (1 << (31 - state.bucketShift)) + 1 ||
      state.ids.length !== state.hashes.length ||
      state.own.length !== state.hashes.length
    ) {
      throw new Error("A deletion index's arrays do not fit together");
    }
    return Object.assign(index, {
      hashes: state.hashes,
      ids: state.ids,
      own: state.own,
      bucketStart: state.bucketStart,
      bucketShift: state.bucketShift,
      minDeletionLength: state.minDeletionLength,
      minTwoDeletionLength: state.minTwoDeletionLength ?? Infinity,
    });
  }

  private depth(s: string, most: number): number {
    return s.length >= this.minTwoDeletionLength ? Math.min(most, 2) : s.length >= this.minDeletionLength ? Math.min(most, 1) : 0;
  }

  /**
   * Calls visit for each id whose string may be within `edits` edits of s (two only for strings of
   * minTwoDeletionLength or more). Ids may repeat.
   */
  candidates(s: string, visit: (id: number) => void, edits = 1): void {
    if (!s) return;
    const depth = this.depth(s, edits);
    for (const h of variantHashes(s, depth)) {
      const bucket = h >>> this.bucketShift;
      let lo = this.bucketStart[bucket];
      let hi = this.bucketStart[bucket + 1];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.hashes[mid] < h) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < this.hashes.length && this.hashes[i] === h; i++) {
        if (depth > 0 || this.own[i]) visit(this.ids[i]);
      }
    }
  }
}
