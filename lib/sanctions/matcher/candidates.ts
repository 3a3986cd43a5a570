/**
 * Finding the names worth scoring in full for a query, without scoring them: the cheap first stage of a search.
 *
 * Each vocabulary token has a posting list of the names that contain it (typed arrays, CSR layout). Every query unit
 * (a word, or adjacent words read as one) adds, to each name in the posting lists of the vocabulary tokens it is
 * similar to, its best similarity there times its weight. The CANDIDATES names of highest sum are chosen for score.ts,
 * with the names tied with them in the histogram bin of the cut, up to TIED_CANDIDATES_FACTOR x CANDIDATES in all. A
 * common unit (Muhammad, Ali: on more than COMMON_POSTINGS names) is not walked to find new names when no name it
 * could find could reach the threshold or be chosen: it then only adds to the names already found, once those that
 * can no longer be chosen are dropped.
 */
import { TokenClass } from "./lexicon.ts";
import type { PreparedQuery, QueryUnit } from "./query.ts";
import { bestScoreFrom } from "./score.ts";
import { AVERAGE_NAME_WORDS, CANDIDATES, CHOICE_BINS, COMMON_POSTINGS, FLOOR_BINS, ROUNDING_ROOM, TIED_CANDIDATES_FACTOR } from "./tuning.ts";

/** Stamps live in Int32Arrays: start over well before they would wrap around. */
const SERIAL_LIMIT = 2 ** 30;

/** The indexed names as the finder reads them: name n's vocabulary ids are tokens[start[n] .. start[n + 1]). */
export interface IndexedNames {
  start: Int32Array;
  tokens: Int32Array;
  /** Each name's entity type and dataset in one number (index-builder.ts nameTag): what a search filters on. */
  tags: Uint16Array;
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

export class CandidateFinder {
  private readonly nameStart: Int32Array;
  private readonly nameTokens: Int32Array;
  private readonly nameTags: Uint16Array;
  /** Each vocabulary token's weight (see nameWeight). */
  private readonly idfs: Float32Array;
  private readonly postingStart: Int32Array;
  private readonly postingNames: Int32Array;

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

  /** `df`: each vocabulary token's number of names; `idfs`: its weight. */
  constructor(names: IndexedNames, df: Int32Array, idfs: Float32Array) {
    this.nameStart = names.start;
    this.nameTokens = names.tokens;
    this.nameTags = names.tags;
    this.idfs = idfs;
    ({ start: this.postingStart, names: this.postingNames } = postingLists(df, names.start, names.tokens));
    const count = names.tags.length;
    const scratch = new ArrayBuffer(count * 8);
    this.stamps = new Int32Array(scratch);
    this.sums = new Float32Array(scratch);
    this.tokenSims = new Float32Array(df.length);
    this.found = new Int32Array(count);
    this.foundValues = new Float32Array(count);
  }

  /**
   * The names to score in full for `query`, among those whose tag is 1 in `accepted`: the CANDIDATES of highest
   * accumulated value (see topAccumulated), or every name found when there are no more.
   */
  find(query: PreparedQuery, accepted: Uint8Array, threshold: number): number[] {
    this.accumulate(query, accepted, threshold);
    return this.topAccumulated(CANDIDATES);
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
    // A lone word that is no name word (a particle, title, legal form or qualifier) finds no names when the query has one.
    const hasNameToken = query.tokens.some((t) => t.cls === TokenClass.Name);
    const units = query.units
      .filter((u) => !(hasNameToken && u.first === u.last && query.tokens[u.first].cls !== TokenClass.Name))
      .map((unit) => {
        let postings = 0;
        let best = 0;
        for (const [id, sim] of unit.sims) {
          postings += this.postingStart[id + 1] - this.postingStart[id];
          best = Math.max(best, sim);
        }
        // A name may meet several parts of a word cut in two (see walk): their shares add up.
        let parts = 0;
        for (const [id, share] of unit.reach ?? []) {
          postings += this.postingStart[id + 1] - this.postingStart[id];
          parts += share;
        }
        best = Math.max(best, parts);
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
   * similar first, so the first time the unit meets a name is its best contribution there; then the parts of a word
   * cut in two, each adding its share to the names the unit's own spellings did not meet.
   */
  private walk(unit: QueryUnit, querySerial: number, accepted: Uint8Array, addNames: boolean): void {
    const unitSerial = ++this.serial;
    // The parts of a word cut in two (unit.reach) each add their share to a name the unit's own spellings did not meet:
    // a name met by one part only gets that part's share (Coyienes cut as co + yienes: not every name with Co).
    const partSerial = ++this.serial;
    const { stamps, sums, nameTags, found } = this;
    let foundCount = this.foundCount;
    const visit = (tokens: [number, number][], serial: number, skip: number) => {
      for (const [id, sim] of tokens) {
        const contribution = sim * unit.weight;
        for (let p = this.postingStart[id], end = this.postingStart[id + 1]; p < end; p++) {
          const n = this.postingNames[p];
          const stamp = stamps[2 * n];
          if (stamp === skip) continue;
          if (stamp <= querySerial) {
            if (!addNames || accepted[nameTags[n]] !== 1) continue;
            sums[2 * n + 1] = 0;
            found[foundCount++] = n;
          }
          stamps[2 * n] = serial;
          sums[2 * n + 1] += contribution;
        }
      }
    };
    visit(
      [...unit.sims].sort((x, y) => y[1] - x[1]),
      unitSerial,
      unitSerial,
    );
    if (unit.reach) visit([...unit.reach], partSerial, unitSerial);
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
    // Up to TIED_CANDIDATES_FACTOR times the count, ties are all scored: the accumulation is a rough guide among names
    // of one value.
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
}
