/**
 * Strings within one edit of each other, found without comparing against every string (the
 * symmetric-deletion idea of SymSpell): each indexed string is stored under itself and under every
 * string one deletion away; a lookup probes the same variants of the query. Two strings one
 * substitution, insertion, deletion or adjacent transposition apart always share a variant.
 *
 * Variants are stored as 32-bit hashes in sorted typed arrays, so the index costs 8 bytes a variant.
 * A hash collision only adds a candidate, which the caller verifies anyway.
 */

function hash(s: string, skip: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    if (i === skip) continue;
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Hashes of s and of its one-deletion variants (-1 = no deletion). */
function variantHashes(s: string, withDeletions: boolean, out: number[]): number[] {
  out.length = 0;
  out.push(hash(s, -1));
  if (withDeletions) {
    for (let i = 0; i < s.length; i++) {
      if (i > 0 && s[i] === s[i - 1]) continue; // deleting either letter of a pair gives the same string
      out.push(hash(s, i));
    }
  }
  return out;
}

const ID_BITS = 2 ** 21;

export class DeletionIndex {
  private readonly hashes: Uint32Array;
  private readonly ids: Int32Array;
  private readonly minDeletionLength: number;

  /**
   * strings[id] is indexed with its deletion variants when it has at least minDeletionLength
   * characters, and only as itself otherwise (empty strings are skipped).
   */
  constructor(strings: string[], minDeletionLength: number) {
    if (strings.length >= ID_BITS) throw new Error(`DeletionIndex holds at most ${ID_BITS - 1} strings`);
    this.minDeletionLength = minDeletionLength;
    const scratch: number[] = [];
    let total = 0;
    for (const s of strings) if (s) total += variantHashes(s, s.length >= minDeletionLength, scratch).length;
    // hash * 2^21 + id stays below 2^53, so one float64 sort orders by hash and keeps the id.
    const packed = new Float64Array(total);
    let p = 0;
    for (let id = 0; id < strings.length; id++) {
      const s = strings[id];
      if (!s) continue;
      for (const h of variantHashes(s, s.length >= minDeletionLength, scratch)) packed[p++] = h * ID_BITS + id;
    }
    packed.sort();
    this.hashes = new Uint32Array(total);
    this.ids = new Int32Array(total);
    for (let i = 0; i < total; i++) {
      const h = Math.floor(packed[i] / ID_BITS);
      this.hashes[i] = h;
      this.ids[i] = packed[i] - h * ID_BITS;
    }
  }

  /** Calls visit for each id whose string may be within one edit of s (ids may repeat). */
  candidates(s: string, visit: (id: number) => void): void {
    if (!s) return;
    for (const h of variantHashes(s, s.length >= this.minDeletionLength, [])) {
      let lo = 0;
      let hi = this.hashes.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.hashes[mid] < h) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < this.hashes.length && this.hashes[i] === h; i++) visit(this.ids[i]);
    }
  }
}
