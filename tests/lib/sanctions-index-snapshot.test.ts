import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { type Database, schema } from "../../data/db.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import type { SanctionsEntity } from "../../lib/sanctions/entity.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import { currentVersions } from "../../lib/sanctions/index-cache/load.ts";
import { buildInWorker, type IndexBuilder, loadInWorker } from "../../lib/sanctions/index-cache/searchable.ts";
import { deleteStaleSnapshots, SNAPSHOT_CHUNK_BYTES, writeStoredSnapshot } from "../../lib/sanctions/index-cache/stored.ts";
import { settleSnapshotWrites } from "../../lib/sanctions/index-cache/writes.ts";
import { compareNames, MATCHER_VERSION, type MatchOptions, SanctionsIndex } from "../../lib/sanctions/matcher/index.ts";
import { decodeIndex } from "../../lib/sanctions/matcher/snapshot/decode.ts";
import { encodeIndex } from "../../lib/sanctions/matcher/snapshot/encode.ts";
import { searchSanctions } from "../../lib/sanctions/search.ts";
import { BASE_ENTRIES } from "../../support/ofac-sdn.ts";
import { openTestDatabase } from "../helpers/database.ts";
import { importSdnVersion } from "../helpers/list-files.ts";
import { sanctionsEntity as entity } from "../helpers/sanctions-entities.ts";

// Invented listings in the scripts and shapes the matcher treats apart: Arabic, Hebrew, Han, Hangul, Cyrillic,
// names written with slashes, companies with legal forms, identifiers for query by example.
const ENTITIES: SanctionsEntity[] = [
  entity("1", "Person", "BELFOUR-TANAKA, Oswin Rafael", ["Oswin Belfour", "О. Белфур"], {
    nationalities: ["Peru"],
    birthDates: ["1961-02-03"],
    identifiers: [{ kind: "passport", value: "PX 4411902", country: "PE" }],
    sourceUrl: "https://example.org/1",
  }),
  entity("2", "Person", "عبد الرحيم الزبيدي", ["Abd al-Rahim al-Zubaydi", "Abdurrahim Zubeidi"]),
  entity("3", "Person", "יוסף קרמלי", ["Yosef Karmeli"]),
  entity("4", "Person", "王小明", ["Wang Xiaoming"], { datasetId: "list_b" }),
  entity("5", "Person", "박서준", ["Park Seo-jun"], { datasetId: "list_b" }),
  entity("6", "Organization", "QUILLFEATHER MARITIME HOLDINGS LLC", ["Quillfeather Maritime/Quill Sea Lines"]),
  entity("7", "Vessel", "MERIDIAN DAWN", [], { identifiers: [{ kind: "imo", value: "IMO 9187629" }] }),
  entity("8", "Person", "MUHAMMAD, Ali Hassan", ["Mohamed Ali Hasan"], { birthDates: ["1975"], nationalities: ["Yemen"] }),
  entity("9", "Organization", "ТОРГОВЫЙ ДОМ СЕВЕРНАЯ ЗВЕЗДА ООО", ["Torgovy Dom Severnaya Zvezda"]),
  ...Array.from({ length: 30 }, (_, i) => entity(`1${i}`, "Person", `MUHAMMAD, Ibrahim Suleiman ${["Abadi", "Barzani", "Dawood"][i % 3]}${i}`)),
];

const QUERIES: [string, MatchOptions][] = [
  ["Oswin Belfour Tanaka", {}],
  ["Osvin Belfur", { type: "person" }],
  ["Abdul Rahim Zubaidi", {}],
  ["عبد الرحيم الزبيدي", {}],
  ["Josef Karmeli", {}],
  ["Wang Xiao Ming", { datasets: ["list_b"] }],
  ["박서준", {}],
  ["Quill Sea Lines", { type: "company" }],
  ["Quillfeather Maritime Holdings Ltd", {}],
  ["Torgovyi Dom Severnaya Zvezda", {}],
  ["Muhammad Ibrahim", { limit: 50 }],
  ["Mohammed Ali Hassan", { details: { birthDate: "1975-06-01", nationality: "YE" } }],
  ["Someone Else", { details: { identifiers: [{ kind: "passport", value: "px4411902" }] } }],
  ["Meridian Dawn", { details: { identifiers: [{ kind: "imo", value: "9187629" }] } }],
  ["Nobody Here Atall", {}],
];

describe("an index snapshot", () => {
  test("a loaded index answers as the built one: the same results, scores and explanations", () => {
    const built = SanctionsIndex.build(ENTITIES, { threshold: 0.7 });
    const bytes = encodeIndex(built);
    const loaded = decodeIndex(bytes, { threshold: 0.7 });
    expect(loaded.size).toBe(built.size);
    expect(loaded.nameCount).toBe(built.nameCount);
    for (const [term, options] of QUERIES) expect(loaded.search(term, options)).toEqual(built.search(term, options));
    expect(built.search("Oswin Belfour Tanaka")[0]).toMatchObject({ id: "test_list:1", match: true, birthDate: ["1961-02-03"] });
    // Names compared pairwise weigh their parts by the index's lists alike.
    expect(compareNames("Ali Hassan Muhammad", "Mohamed Ali Hasan", { weights: loaded })).toEqual(
      compareNames("Ali Hassan Muhammad", "Mohamed Ali Hasan", { weights: built }),
    );
    // Writing the loaded index again gives the same bytes.
    expect(encodeIndex(loaded)).toEqual(bytes);
  });

  test("bytes that are not a snapshot of this matcher are refused, never read", () => {
    const bytes = encodeIndex(SanctionsIndex.build(ENTITIES));
    expect(() => decodeIndex(bytes.subarray(0, 100))).toThrow();
    expect(() => decodeIndex(bytes.subarray(0, bytes.length / 2))).toThrow();
    const otherMagic = bytes.slice();
    otherMagic[0] ^= 0xff;
    expect(() => decodeIndex(otherMagic)).toThrow("not an index snapshot");
  });
});

describe("index snapshots in the database", () => {
  let database: Database;
  let warnings: string[] = [];
  const originalWarn = console.warn;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDatasets(database.db);
    await importSdnVersion(database.db, BASE_ENTRIES);
    console.warn = (...args: unknown[]) => {
      warnings.push(args.map(String).join(" "));
    };
  });
  afterEach(() => {
    warnings = [];
  });
  afterAll(async () => {
    console.warn = originalWarn;
    await database.close();
  });

  const snapshots = () =>
    database.db
      .select({
        id: schema.sanctionsIndexSnapshots.id,
        fingerprint: schema.sanctionsIndexSnapshots.fingerprint,
        completedAt: schema.sanctionsIndexSnapshots.completedAt,
      })
      .from(schema.sanctionsIndexSnapshots);
  /** A builder that records that it was asked: a process that loads the snapshot never calls it. */
  const counting = (builder: IndexBuilder) => {
    const calls: number[] = [];
    const counted: IndexBuilder = (batches, threshold) => {
      calls.push(1);
      return builder(batches, threshold);
    };
    return { calls, builder: counted };
  };
  const search = async (cache: SanctionsIndexCache, term: string) => (await searchSanctions(database.db, cache, ["sanctions"], { term })).results;

  /** A process that builds the index, writes its snapshot, and stops: what the next process finds. */
  async function firstProcess() {
    await database.db.delete(schema.sanctionsIndexSnapshots);
    const cache = new SanctionsIndexCache(database.db);
    const snapshot = await cache.current();
    expect(snapshot.origin).toBe("build");
    const results = await search(cache, "Rustam Karimov");
    await settleSnapshotWrites();
    await cache.stop();
    return results;
  }

  test("the first process writes the snapshot; the next one, in a worker thread as a server, loads it and answers alike", async () => {
    const expected = await firstProcess();
    expect(expected[0]).toMatchObject({ id: "us_ofac_sdn:5001", match: true });
    const rows = await snapshots();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fingerprint: (await currentVersions(database.db)).fingerprint, completedAt: expect.any(Date) });

    const { calls, builder } = counting(buildInWorker);
    const second = new SanctionsIndexCache(database.db, { builder, loader: loadInWorker });
    expect((await second.current()).origin).toBe("snapshot");
    expect(await search(second, "Rustam Karimov")).toEqual(expected);
    expect(calls).toHaveLength(0);
    await second.stop();
    expect(warnings).toEqual([]);
  });

  test("a snapshot whose bytes do not match its checksum is rebuilt, with one warning, and written again", async () => {
    const expected = await firstProcess();
    const [row] = await snapshots();
    const [chunk] = await database.db.select().from(schema.sanctionsIndexSnapshotChunks).where(eq(schema.sanctionsIndexSnapshotChunks.snapshotId, row.id));
    const flipped = chunk.content.slice();
    flipped[flipped.length - 10] ^= 0x55;
    await database.db.update(schema.sanctionsIndexSnapshotChunks).set({ content: flipped }).where(eq(schema.sanctionsIndexSnapshotChunks.snapshotId, row.id));

    const { calls, builder } = counting(buildInWorker);
    const cache = new SanctionsIndexCache(database.db, { builder, loader: loadInWorker });
    expect((await cache.current()).origin).toBe("build");
    expect(await search(cache, "Rustam Karimov")).toEqual(expected);
    expect(calls).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toStartWith("[duecheck] the stored sanctions index snapshot cannot be used (its checksum does not match its bytes)");
    // The rebuild wrote a sound snapshot in the broken one's place.
    await settleSnapshotWrites();
    await cache.stop();
    const after = await snapshots();
    expect(after).toHaveLength(1);
    expect(after[0].id).not.toBe(row.id);
    const next = new SanctionsIndexCache(database.db);
    expect((await next.current()).origin).toBe("snapshot");
    await next.stop();
    expect(warnings).toHaveLength(1);
  });

  test("a chunk missing or cut short: the index is rebuilt, with one warning each time", async () => {
    const expected = await firstProcess();
    const chunks = schema.sanctionsIndexSnapshotChunks;
    let [row] = await snapshots();
    await database.db.delete(chunks).where(eq(chunks.snapshotId, row.id));
    let cache = new SanctionsIndexCache(database.db);
    expect((await cache.current()).origin).toBe("build");
    expect(await search(cache, "Rustam Karimov")).toEqual(expected);
    expect(warnings).toEqual([expect.stringContaining("(chunk 1 of 1 is missing)")]);
    await settleSnapshotWrites();
    await cache.stop();

    [row] = await snapshots();
    const [chunk] = await database.db.select().from(chunks).where(eq(chunks.snapshotId, row.id));
    await database.db
      .update(chunks)
      .set({ content: chunk.content.slice(0, chunk.content.length - 1000) })
      .where(eq(chunks.snapshotId, row.id));
    cache = new SanctionsIndexCache(database.db);
    expect((await cache.current()).origin).toBe("build");
    expect(await search(cache, "Rustam Karimov")).toEqual(expected);
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toContain("(chunk 1 of 1 has");
    await settleSnapshotWrites();
    await cache.stop();
  });

  test("a snapshot of another matcher version is not read: the index is rebuilt and written for this one", async () => {
    const expected = await firstProcess();
    const [row] = await snapshots();
    await database.db.update(schema.sanctionsIndexSnapshots).set({ matcherVersion: "1999.1" }).where(eq(schema.sanctionsIndexSnapshots.id, row.id));
    const cache = new SanctionsIndexCache(database.db);
    expect((await cache.current()).origin).toBe("build");
    expect(await search(cache, "Rustam Karimov")).toEqual(expected);
    expect(warnings).toEqual(["[duecheck] the stored sanctions index snapshot was written by matcher 1999.1; building the index from the lists"]);
    await settleSnapshotWrites();
    await cache.stop();
    const versions = await database.db.select({ matcherVersion: schema.sanctionsIndexSnapshots.matcherVersion }).from(schema.sanctionsIndexSnapshots);
    expect(versions.map((v) => v.matcherVersion).sort()).toEqual(["1999.1", MATCHER_VERSION].sort());
    await database.db.delete(schema.sanctionsIndexSnapshots).where(eq(schema.sanctionsIndexSnapshots.matcherVersion, "1999.1"));
  });

  test("bytes the worker cannot decode, though their checksum matches, are rebuilt with one warning line", async () => {
    const expected = await firstProcess();
    const { fingerprint } = await currentVersions(database.db);
    const bytes = encodeIndex(SanctionsIndex.build(ENTITIES));
    // Another snapshot format, stored with its own (matching) checksum.
    bytes[4] = 0xff;
    await database.db.delete(schema.sanctionsIndexSnapshots);
    expect(await writeStoredSnapshot(database.db, fingerprint, bytes, ENTITIES.length)).toBe("written");
    const cache = new SanctionsIndexCache(database.db, { builder: buildInWorker, loader: loadInWorker });
    expect((await cache.current()).origin).toBe("build");
    expect(await search(cache, "Rustam Karimov")).toEqual(expected);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^\[duecheck\] the stored sanctions index snapshot cannot be used \(.*snapshot format 255, this matcher reads 1\); building the index from the lists$/,
    );
    await settleSnapshotWrites();
    await cache.stop();
  });

  test("an unfinished snapshot is never read; of two writers the first to finish keeps its snapshot", async () => {
    await database.db.delete(schema.sanctionsIndexSnapshots);
    const { fingerprint } = await currentVersions(database.db);
    const bytes = encodeIndex(SanctionsIndex.build(ENTITIES));
    await database.db
      .insert(schema.sanctionsIndexSnapshots)
      .values({ fingerprint, matcherVersion: MATCHER_VERSION, checksum: "0", byteSize: 1, chunkCount: 1, entityCount: 1 });
    const cache = new SanctionsIndexCache(database.db);
    expect((await cache.current()).origin).toBe("build");
    await cache.stop();
    expect(warnings).toEqual([]);
    expect(await writeStoredSnapshot(database.db, fingerprint, bytes, ENTITIES.length)).toBe("written");
    expect(await writeStoredSnapshot(database.db, fingerprint, bytes, ENTITIES.length)).toBe("lost");
    const finished = (await snapshots()).filter((r) => r.completedAt !== null);
    expect(finished).toHaveLength(1);
    // Several chunks when the bytes are larger than one.
    expect(Math.ceil(bytes.length / SNAPSHOT_CHUNK_BYTES)).toBeGreaterThanOrEqual(1);
    await database.db.delete(schema.sanctionsIndexSnapshots);
  });

  test("a new version made current: its snapshot replaces the old one, which is deleted", async () => {
    await firstProcess();
    const before = await snapshots();
    expect(before.filter((r) => r.completedAt !== null)).toHaveLength(1);
    const cache = new SanctionsIndexCache(database.db);
    await cache.current();
    await importSdnVersion(database.db, [...BASE_ENTRIES, { id: 6100, name: "PELLINGHAM, Theodora Winifred", type: "individual" }]);
    const next = await cache.refresh();
    expect(next.origin).toBe("build");
    expect((await search(cache, "Theodora Pellingham"))[0]).toMatchObject({ id: "us_ofac_sdn:6100" });
    await settleSnapshotWrites();
    await cache.stop();
    const after = await snapshots();
    expect(after).toHaveLength(1);
    expect(after[0].fingerprint).toBe(next.fingerprint);
    expect(after[0].fingerprint).not.toBe(before[0].fingerprint);
  });

  test("cleanup keeps the snapshot prepared for a version about to become current, and drops one of versions gone", async () => {
    const { fingerprint } = await currentVersions(database.db);
    const bytes = encodeIndex(SanctionsIndex.build(ENTITIES));
    await database.db.delete(schema.sanctionsIndexSnapshots);
    await writeStoredSnapshot(database.db, fingerprint, bytes, ENTITIES.length);
    // A version imported but not yet current (an import prepares the index before its switch): newer than the current.
    const [current] = await database.db.select().from(schema.sanctionsDatasetVersions).where(eq(schema.sanctionsDatasetVersions.isCurrent, true));
    const { id: _, ...copy } = current;
    const [upcoming] = await database.db
      .insert(schema.sanctionsDatasetVersions)
      .values({ ...copy, isCurrent: false, createdAt: new Date(current.createdAt.getTime() + 60_000) })
      .returning({ id: schema.sanctionsDatasetVersions.id });
    await writeStoredSnapshot(database.db, upcoming.id, bytes, ENTITIES.length);
    await writeStoredSnapshot(database.db, "00000000-0000-4000-8000-000000000000", bytes, ENTITIES.length);
    await writeStoredSnapshot(database.db, "not-a-version", bytes, ENTITIES.length);
    expect(await deleteStaleSnapshots(database.db, fingerprint)).toBe(2);
    expect((await snapshots()).map((r) => r.fingerprint).sort()).toEqual([fingerprint, upcoming.id].sort());
    await database.db.delete(schema.sanctionsDatasetVersions).where(eq(schema.sanctionsDatasetVersions.id, upcoming.id));
    expect(await deleteStaleSnapshots(database.db, fingerprint)).toBe(1);
  });
});
