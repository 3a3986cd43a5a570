import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { type Database, type Db, schema } from "../../data/db.ts";
import { AppError } from "../../lib/errors.ts";
import { addCustomDataset, listDatasets, resolveSourceFiles, slugify } from "../../lib/sanctions/datasets/catalog.ts";
import { importDatasetFiles, readImportFiles } from "../../lib/sanctions/datasets/import.ts";
import { planRetention, type VersionAge } from "../../lib/sanctions/datasets/retention.ts";
import { versionFiles } from "../../lib/sanctions/datasets/versions.ts";
import { sdnFiles, sdnFilesWith } from "../../support/ofac-sdn.ts";
import { openTestDatabase } from "../helpers/database.ts";

const DAY = 24 * 3600_000;
const START = new Date("2026-01-01T00:00:00Z").getTime();
const day = (n: number) => new Date(START + n * DAY);

let database: Database;
let db: Db;
let folder: string;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  folder = mkdtempSync(join(tmpdir(), "dc-import-"));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await database.close();
});

/** Writes an SDN file set that differs per `n` into its own folder. */
function sdnFolder(n: number, files = sdnFilesWith([{ id: 6000 + n, name: `VERSION ENTITY NUMBER ${n}`, type: "entity" }])) {
  const dir = join(folder, `v${n}`);
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

const CLI = { kind: "cli" } as const;

const importAt = (datasetId: string, n: number, at: Date) =>
  importDatasetFiles(db, datasetId, readImportFiles([sdnFolder(n)]), { actor: CLI, now: () => at, timeoutMs: 1000 });

const versionsOf = (id: string) => db.select().from(schema.sanctionsDatasetVersions).where(eq(schema.sanctionsDatasetVersions.datasetId, id));

describe("retention plan", () => {
  const plan = (days: number[]) => {
    const versions: VersionAge[] = days.map((d, i) => ({ id: `v${i}`, versionDate: day(d) }));
    const result = planRetention(versions, versions.at(-1)!.id);
    return Object.fromEntries(days.map((d, i) => [d, result.get(`v${i}`)]));
  };

  test("keeps the current, the previous, the newest a week old and the newest a month old", () => {
    expect(plan([0, 10, 25, 38, 40])).toEqual({
      0: { keep: false },
      10: { keep: true, reason: "month_old" },
      25: { keep: true, reason: "week_old" },
      38: { keep: true, reason: "previous" },
      40: { keep: true, reason: null },
    });
  });

  test("a previous version that is also a week old is labelled previous; older ones still fill the month slot", () => {
    expect(plan([0, 20, 40])).toEqual({ 0: { keep: true, reason: "month_old" }, 20: { keep: true, reason: "previous" }, 40: { keep: true, reason: null } });
  });

  test("with a version every 6 hours, a week-old and a month-old version exist, at most 6 versions are kept", () => {
    let versions: VersionAge[] = [];
    let max = 0;
    for (let i = 0; i <= 4 * 90; i++) {
      const current = { id: `v${i}`, versionDate: day(i / 4) };
      versions.push(current);
      const result = planRetention(versions, current.id);
      versions = versions.filter((v) => result.get(v.id)!.keep);
      max = Math.max(max, versions.length);
      const ageOf = (reason: string) => {
        const v = versions.find((x) => (result.get(x.id) as { reason: string | null }).reason === reason);
        return v && (current.versionDate.getTime() - v.versionDate.getTime()) / DAY;
      };
      if (i / 4 >= 14) expect(ageOf("week_old")).toBeWithin(7, 14.01);
      if (i / 4 >= 60) expect(ageOf("month_old")).toBeWithin(30, 60);
    }
    expect(max).toBeLessThanOrEqual(6);
  });
});

describe("versions over simulated dates", () => {
  test("imports on days 0, 10, 25, 38 and 40 keep previous / week_old / month_old and prune day 0 with its files and entities", async () => {
    const dataset = await addCustomDataset(
      db,
      { name: "Retention Test List", type: "sanctions", format: "ofac_csv", url: "https://mirror.example/sdn.csv" },
      CLI,
    );
    expect(dataset.id).toBe("retention_test_list");
    const ids: string[] = [];
    for (const [n, d] of [0, 10, 25, 38, 40].entries()) {
      const result = await importAt(dataset.id, n, day(d));
      expect(result.status).toBe("success");
      ids.push(result.version!.id);
    }
    const versions = await versionsOf(dataset.id);
    const byId = new Map(versions.map((v) => [v.id, v]));
    expect(byId.has(ids[0])).toBe(false);
    expect(byId.get(ids[1])).toMatchObject({ retentionReason: "month_old", isCurrent: false });
    expect(byId.get(ids[2])).toMatchObject({ retentionReason: "week_old", isCurrent: false });
    expect(byId.get(ids[3])).toMatchObject({ retentionReason: "previous", isCurrent: false });
    expect(byId.get(ids[4])).toMatchObject({ retentionReason: null, isCurrent: true, origin: "import", entityCount: 9 });
    expect(await db.select().from(schema.sanctionsVersionFiles).where(eq(schema.sanctionsVersionFiles.versionId, ids[0]))).toEqual([]);
    expect(await db.select().from(schema.sanctionsEntities).where(eq(schema.sanctionsEntities.versionId, ids[0]))).toEqual([]);

    // A kept version can be read again, file for file.
    const files = await versionFiles(db, ids[1]);
    expect(new TextDecoder().decode(files.find((f) => f.name === "sdn.csv")!.content)).toContain("VERSION ENTITY NUMBER 1");
    const kept = await db.select().from(schema.sanctionsEntities).where(eq(schema.sanctionsEntities.versionId, ids[1]));
    expect(kept.map((e) => e.id)).toContain(`${dataset.id}:6001`);

    const view = (await listDatasets(db)).find((d) => d.id === dataset.id)!;
    expect(view.recent_versions.map((v) => [v.is_current, v.retention_reason])).toEqual([
      [true, null],
      [false, "previous"],
      [false, "week_old"],
      [false, "month_old"],
    ]);
    expect(view.recent_versions[0]).toEqual({
      id: ids[4],
      version_date: day(40).toISOString(),
      is_current: true,
      retention_reason: null,
      entity_count: 9,
      file_size: byId.get(ids[4])!.fileSize,
    });
    // Imported only, never downloaded: no download time (neither the import's nor the file's).
    expect(view).toMatchObject({ last_download_status: null, last_download_at: null, custom: true });
  });

  test("a kept candidate that will grow into week_old is not shown among the recent versions", async () => {
    const dataset = await addCustomDataset(db, { name: "Daily List", type: "sanctions", format: "ofac_csv", url: "https://mirror.example/sdn.csv" }, CLI);
    const ids: string[] = [];
    for (const d of [0, 1, 2, 3]) ids.push((await importAt(dataset.id, 10 + d, day(100 + d))).version!.id);
    const versions = new Map((await versionsOf(dataset.id)).map((v) => [v.id, v]));
    expect([...versions.keys()].sort()).toEqual([ids[0], ids[2], ids[3]].sort());
    expect(versions.get(ids[0])).toMatchObject({ retentionReason: null, isCurrent: false });
    const view = (await listDatasets(db)).find((d) => d.id === dataset.id)!;
    expect(view.recent_versions.map((v) => v.id)).toEqual([ids[3], ids[2]]);
  });

  test("exactly one version of a dataset is current", async () => {
    const current = await db.select().from(schema.sanctionsDatasetVersions).where(eq(schema.sanctionsDatasetVersions.isCurrent, true));
    expect(current.filter((v) => v.datasetId === "retention_test_list")).toHaveLength(1);
    const refused = await db
      .update(schema.sanctionsDatasetVersions)
      .set({ isCurrent: true })
      .where(eq(schema.sanctionsDatasetVersions.datasetId, "retention_test_list"))
      .then(
        () => null,
        (error) => error,
      );
    expect(refused).toBeInstanceOf(Error);
  });
});

describe("import", () => {
  test("files that fail the checks change nothing, not even the download status", async () => {
    const dataset = await addCustomDataset(
      db,
      { name: "Retention Test List", type: "sanctions", format: "ofac_csv", url: "https://mirror.example/sdn.csv" },
      CLI,
    );
    expect(dataset.id).toBe("retention_test_list_2");
    await importAt(dataset.id, 1, day(1));
    const before = await versionsOf(dataset.id);
    const bad = join(folder, "bad");
    mkdirSync(bad);
    writeFileSync(join(bad, "sdn.csv"), "this is not, a valid\nofac file");
    const error = await importDatasetFiles(db, dataset.id, readImportFiles([bad]), { actor: { kind: "cli" }, timeoutMs: 1000 }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toContain("cannot be read as ofac_csv");
    const small = sdnFolder(
      99,
      sdnFiles([
        { id: 1, name: "ONLY ONE", type: "entity" },
        { id: 2, name: "ONLY TWO", type: "entity" },
      ]),
    );
    const implausible = await importDatasetFiles(db, dataset.id, readImportFiles([small]), { actor: { kind: "cli" }, timeoutMs: 1000 }).catch((e) => e);
    expect(implausible.message).toContain("Implausible list: 2 entities");
    expect(await versionsOf(dataset.id)).toEqual(before);
    const [row] = await db.select().from(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.id, dataset.id));
    // Imported only, never downloaded: the failed imports leave no download status behind (nor did the good one).
    expect(row).toMatchObject({ lastDownloadStatus: null, lastDownloadAt: null, downloadStartedAt: null, lastDownloadError: null });
  });

  test("identical files are not a new version", async () => {
    const first = await importAt("retention_test_list_2", 5, day(2));
    const again = await importAt("retention_test_list_2", 5, day(3));
    expect(first.status).toBe("success");
    expect(again).toEqual({ status: "not_modified", version: first.version });
  });

  test("reads files and folders, and refuses missing paths, empty folders and a name given twice", () => {
    const dir = sdnFolder(42);
    writeFileSync(join(dir, ".hidden"), "x");
    expect(readImportFiles([dir]).map((f) => f.name)).toEqual(["add.csv", "alt.csv", "sdn.csv", "sdn_comments.csv"]);
    expect(readImportFiles([join(dir, "sdn.csv")]).map((f) => f.name)).toEqual(["sdn.csv"]);
    expect(() => readImportFiles([join(folder, "missing.csv")])).toThrow(`No such file or folder: ${join(folder, "missing.csv")}`);
    const empty = join(folder, "empty");
    mkdirSync(empty);
    expect(() => readImportFiles([empty])).toThrow("has no files");
    expect(() => readImportFiles([dir, join(dir, "sdn.csv")])).toThrow("sdn.csv is given twice");
    expect(() => readImportFiles([])).toThrow("Give at least one file or folder");
  });
});

describe("catalog", () => {
  test("a custom dataset's id is a unique slug of its name", async () => {
    expect(slugify("Liste des gels — Trésor (FR)")).toBe("liste_des_gels_tresor_fr");
    expect(slugify("***")).toBe("dataset");
    const a = await addCustomDataset(
      db,
      { name: "Ministry List", type: "pep", format: "opensanctions_ftm", url: "https://data.example/entities.ftm.json" },
      CLI,
    );
    const b = await addCustomDataset(
      db,
      { name: "Ministry  list!", type: "pep", format: "opensanctions_ftm", url: "https://data.example/entities.ftm.json" },
      CLI,
    );
    expect([a.id, b.id]).toEqual(["ministry_list", "ministry_list_2"]);
    expect(a).toMatchObject({
      custom: true,
      datasetType: "pep",
      autoDownload: true,
      downloadFrequency: 6,
      urls: [{ name: "entities.ftm.json", url: "https://data.example/entities.ftm.json" }],
    });
    await db.delete(schema.sanctionsDatasets).where(inArray(schema.sanctionsDatasets.id, [a.id, b.id]));
  });

  test("new URLs keep the file names by position when the count is unchanged, else take the URL's", () => {
    const existing = [
      { name: "sdn.csv", url: "https://a/sdn.csv" },
      { name: "alt.csv", url: "https://a/alt.csv" },
    ];
    expect(resolveSourceFiles([{ url: "https://mirror/get?f=1" }, { url: "https://mirror/get?f=2" }], existing)).toEqual([
      { name: "sdn.csv", url: "https://mirror/get?f=1" },
      { name: "alt.csv", url: "https://mirror/get?f=2" },
    ]);
    expect(resolveSourceFiles([{ url: "https://mirror/lists/consolidated.xml" }], existing)).toEqual([
      { name: "consolidated.xml", url: "https://mirror/lists/consolidated.xml" },
    ]);
    expect(resolveSourceFiles([{ name: "x.csv", url: "https://m/1" }, { url: "https://m/2" }], existing)[0].name).toBe("x.csv");
    expect(() => resolveSourceFiles([{ url: "https://m/a/sdn.csv" }, { url: "https://m/b/sdn.csv" }, { url: "https://m/c" }], existing)).toThrow(
      "Two files are named sdn.csv",
    );
  });
});
