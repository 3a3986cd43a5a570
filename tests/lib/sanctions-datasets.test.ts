import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { type Database, type Db, schema } from "../../data/db.ts";
import { addCustomDataset } from "../../lib/sanctions/datasets/catalog.ts";
import { DatasetBusyError } from "../../lib/sanctions/datasets/claim.ts";
import { DownloadFailedError, type DownloadOptions, downloadDataset } from "../../lib/sanctions/datasets/download.ts";
import { OFFICIAL_DATASETS, seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { runDueDownloads, startDatasetScheduler } from "../../lib/sanctions/datasets/scheduler.ts";
import { DEFAULT_DATASET_SETTINGS, loadDatasetSettings } from "../../lib/sanctions/datasets/settings.ts";
import { currentVersion, versionFiles } from "../../lib/sanctions/datasets/versions.ts";
import type { SanctionsEntity } from "../../lib/sanctions/entity.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import { buildInProcess, type IndexBuilder } from "../../lib/sanctions/index-cache/searchable.ts";
import { searchSanctions } from "../../lib/sanctions/search.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { ListServer } from "../../support/list-server.ts";
import { sdnFiles, sdnFilesWith } from "../../support/ofac-sdn.ts";
import { openTestDatabase } from "../helpers/database.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "sanctions");
let database: Database;
let db: Db;
let list: ListServer;

const SDN_FILES = ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"];
const settings = { downloadTimeoutMs: 1_500, downloadMaxBytes: 1024 * 1024 };
const options = (extra: Partial<DownloadOptions> = {}): DownloadOptions => ({ settings, actor: { kind: "system" }, ...extra });

function publishSdn(files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) list.publish(`/sdn/${name}`, content);
}

async function pointSdnAtListServer() {
  await db
    .update(schema.sanctionsDatasets)
    .set({ urls: SDN_FILES.map((name) => ({ name, url: `${list.url}/sdn/${name}` })) })
    .where(eq(schema.sanctionsDatasets.id, "us_ofac_sdn"));
}

const datasetRow = async (id = "us_ofac_sdn") => (await db.select().from(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.id, id)))[0];
const versionsOf = (id = "us_ofac_sdn") => db.select().from(schema.sanctionsDatasetVersions).where(eq(schema.sanctionsDatasetVersions.datasetId, id));

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  list = await ListServer.start();
  await seedDatasets(db);
  // The list publisher stand-in is on 127.0.0.1: private networks are allowed for this test's downloads.
  await updateSystemSettings(db, { webhooksAllowPrivateNetworks: true });
  await pointSdnAtListServer();
});
afterAll(async () => {
  await list.stop();
  await database.close();
});
beforeEach(() => list.resetModes());

describe("dataset registry", () => {
  test("seeds every official dataset with its source URLs, auto download every 6 hours", async () => {
    const rows = await db.select().from(schema.sanctionsDatasets);
    expect(rows.map((r) => r.id).sort()).toEqual(OFFICIAL_DATASETS.map((d) => d.id).sort());
    const un = rows.find((r) => r.id === "un_sc_sanctions")!;
    expect(un).toMatchObject({ datasetType: "sanctions", format: "un_xml", autoDownload: true, downloadFrequency: 6, custom: false });
    expect(un.urls).toEqual([{ name: "consolidated.xml", url: "https://scsanctions.un.org/resources/xml/en/consolidated.xml" }]);
    const cons = rows.find((r) => r.id === "us_ofac_cons")!;
    expect(cons.urls.map((u) => u.url)).toEqual(
      ["cons_prim.csv", "cons_alt.csv", "cons_add.csv", "cons_comments.csv"].map((n) => `https://www.treasury.gov/ofac/downloads/consolidated/${n}`),
    );
    expect(rows.find((r) => r.id === "us_congress_peps")).toMatchObject({ datasetType: "pep", format: "opensanctions_senzing" });
    expect(rows.every((r) => (r.metadata.description ?? "").length > 20)).toBe(true);
  });

  test("seeding again adds what is missing and keeps an admin's edits", async () => {
    await db.update(schema.sanctionsDatasets).set({ downloadFrequency: 24 }).where(eq(schema.sanctionsDatasets.id, "un_sc_sanctions"));
    await db.delete(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.id, "eu_fsf"));
    await seedDatasets(db);
    expect((await datasetRow("un_sc_sanctions")).downloadFrequency).toBe(24);
    expect((await datasetRow("eu_fsf")).urls[0].url).toStartWith("https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/");
    expect((await datasetRow("us_ofac_sdn")).urls[0].url).toBe(`${list.url}/sdn/sdn.csv`);
  });
});

describe("downloads", () => {
  test("a download stores a current version with its files and entities, and records the success", async () => {
    publishSdn(sdnFiles());
    const result = await downloadDataset(db, "us_ofac_sdn", options());
    expect(result.status).toBe("success");
    const version = (await currentVersion(db, "us_ofac_sdn"))!;
    expect(version).toMatchObject({ entityCount: 8, origin: "download", isCurrent: true });
    const size = Object.values(sdnFiles()).reduce((n, c) => n + Buffer.byteLength(c), 0);
    expect(version.fileSize).toBe(size);
    const files = await versionFiles(db, version.id);
    expect(files.map((f) => f.name).sort()).toEqual([...SDN_FILES].sort());
    expect(new TextDecoder().decode(files.find((f) => f.name === "sdn.csv")!.content)).toBe(sdnFiles()["sdn.csv"]);
    expect(files.every((f) => f.etag?.startsWith('"') && f.lastModified)).toBe(true);
    const entities = await db.select().from(schema.sanctionsEntities).where(eq(schema.sanctionsEntities.versionId, version.id));
    expect(entities.find((e) => e.id === "us_ofac_sdn:5001")).toMatchObject({ name: "KARIMOV, Rustam Alievich", schema: "Person" });
    expect(entities.find((e) => e.id === "us_ofac_sdn:5001")!.aliases).toEqual([{ name: "KARIMOV ALIAS", kind: "aka" }]);
    expect(await datasetRow()).toMatchObject({ lastDownloadStatus: "success", lastDownloadSize: size, lastDownloadError: null, downloadStartedAt: null });
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "dataset.download"), eq(schema.auditLog.targetId, "us_ofac_sdn")));
    expect(audit.at(-1)!.details).toMatchObject({ outcome: "success", versionId: version.id, entityCount: 8 });
  });

  test("the next download sends the validators; all 304 is not_modified and makes no version", async () => {
    const before = await versionsOf();
    list.requests.length = 0;
    const result = await downloadDataset(db, "us_ofac_sdn", options());
    expect(result.status).toBe("not_modified");
    expect(list.requests.map((r) => r.status)).toEqual([304, 304, 304, 304]);
    expect(list.requests.every((r) => r.ifNoneMatch?.startsWith('"') && r.ifModifiedSince)).toBe(true);
    expect(await versionsOf()).toEqual(before);
    expect((await datasetRow()).lastDownloadStatus).toBe("success");
  });

  test("a changed file makes a new current version; the other files are reused and the old version is 'previous'", async () => {
    const old = (await currentVersion(db, "us_ofac_sdn"))!;
    list.publish("/sdn/sdn.csv", sdnFilesWith([{ id: 5009, name: "MARLOWE, Celestine Aurelia", type: "individual" }])["sdn.csv"]);
    list.requests.length = 0;
    const result = await downloadDataset(db, "us_ofac_sdn", options());
    expect(result).toMatchObject({ status: "success", version: { entity_count: 9 } });
    expect(list.requests.map((r) => `${r.path} ${r.status}`)).toEqual([
      "/sdn/sdn.csv 200",
      "/sdn/alt.csv 304",
      "/sdn/add.csv 304",
      "/sdn/sdn_comments.csv 304",
    ]);
    const versions = await versionsOf();
    expect(versions.find((v) => v.id === old.id)).toMatchObject({ isCurrent: false, retentionReason: "previous" });
    const current = versions.find((v) => v.isCurrent)!;
    expect((await versionFiles(db, current.id)).map((f) => f.name).sort()).toEqual([...SDN_FILES].sort());
  });

  const failures: [string, () => void, RegExp][] = [
    ["a 500 answer", () => list.setMode("/sdn/add.csv", "error"), /add\.csv answered HTTP 500/],
    ["a body cut off half way", () => list.setMode("/sdn/sdn.csv", "truncated"), /sdn\.csv was cut off: the connection closed after \d+ of \d+ bytes/],
    ["a server slower than the timeout", () => list.setMode("/sdn/sdn.csv", "slow"), /sdn\.csv did not arrive within 1\.5 s/],
    ["garbage instead of CSV", () => list.setMode("/sdn/sdn.csv", "garbage"), /cannot be read as ofac_csv/],
    [
      "a list under half the size of the current one",
      () => list.publish("/sdn/sdn.csv", sdnFiles(sdnFilesEntries(3))["sdn.csv"]),
      /Implausible list: 3 entities, fewer than half of the current version's 9/,
    ],
  ];
  test.each(failures)("%s keeps the current version and records the failure", async (_, breakIt, message) => {
    const before = await versionsOf();
    const current = before.find((v) => v.isCurrent)!;
    const entitiesBefore = await db.select().from(schema.sanctionsEntities).where(eq(schema.sanctionsEntities.versionId, current.id));
    list.publish("/sdn/alt.csv", `${Date.now() % 100000},9002,"aka","FRESH ALIAS",-0- \r\n`);
    breakIt();
    const error = await downloadDataset(db, "us_ofac_sdn", options()).catch((e) => e);
    expect(error).toBeInstanceOf(DownloadFailedError);
    expect(error.message).toMatch(message);
    expect(await versionsOf()).toEqual(before);
    expect(await db.select().from(schema.sanctionsEntities).where(eq(schema.sanctionsEntities.versionId, current.id))).toEqual(entitiesBefore);
    const row = await datasetRow();
    expect(row).toMatchObject({ lastDownloadStatus: "failed", downloadStartedAt: null });
    expect(row.lastDownloadError).toMatch(message);
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "dataset.download"));
    expect(audit.at(-1)!.details).toMatchObject({ outcome: "failed" });
    list.resetModes();
    publishSdn(sdnFilesWith([{ id: 5009, name: "MARLOWE, Celestine Aurelia", type: "individual" }]));
  });

  test("a UN list with a mismatched closing tag in its middle never becomes current", async () => {
    const good = readFileSync(join(FIXTURES, "un_xml", "consolidated.xml"), "utf8");
    list.publish("/un/consolidated.xml", good);
    await db
      .update(schema.sanctionsDatasets)
      .set({ urls: [{ name: "consolidated.xml", url: `${list.url}/un/consolidated.xml` }] })
      .where(eq(schema.sanctionsDatasets.id, "un_sc_sanctions"));
    const first = await downloadDataset(db, "un_sc_sanctions", options());
    expect(first).toMatchObject({ status: "success", version: { entity_count: 4 } });
    list.publish("/un/consolidated.xml", good.replace("<FIRST_NAME>JANG</FIRST_NAME>", "<FIRST_NAME>JANG BOM</SECOND_NAME>"));
    const error = await downloadDataset(db, "un_sc_sanctions", options()).catch((e) => e);
    expect(error).toBeInstanceOf(DownloadFailedError);
    expect(error.message).toBe("The files cannot be read as un_xml: consolidated.xml is not well-formed XML at line 86, column 41: unexpected close tag.");
    expect((await currentVersion(db, "un_sc_sanctions"))!.id).toBe(first.version!.id);
    expect(await versionsOf("un_sc_sanctions")).toHaveLength(1);
    expect((await datasetRow("un_sc_sanctions")).lastDownloadStatus).toBe("failed");
  });

  test("a file over the size limit is refused", async () => {
    list.publish("/sdn/alt.csv", Array.from({ length: 5 }, (_, i) => `5001,${9010 + i},"aka","ANOTHER ALIAS ${i}",-0- \r\n`).join(""));
    const error = await downloadDataset(db, "us_ofac_sdn", options({ settings: { ...settings, downloadMaxBytes: 100 } })).catch((e) => e);
    expect(error).toBeInstanceOf(DownloadFailedError);
    expect(error.message).toMatch(/alt\.csv is \d+ bytes, more than the limit of 100 bytes/);
    publishSdn(sdnFilesWith([{ id: 5009, name: "MARLOWE, Celestine Aurelia", type: "individual" }]));
  });

  test("only one download of a dataset runs at a time; a stale claim is taken over", async () => {
    list.setMode("/sdn/sdn.csv", "slow");
    list.slowMs = 400;
    const first = downloadDataset(db, "us_ofac_sdn", options());
    await Bun.sleep(50);
    expect(await downloadDataset(db, "us_ofac_sdn", options()).catch((e) => e)).toBeInstanceOf(DatasetBusyError);
    await first;
    list.slowMs = 5_000;
    list.resetModes();
    const longAgo = new Date(Date.now() - 24 * 3600_000);
    await db
      .update(schema.sanctionsDatasets)
      .set({ lastDownloadStatus: "downloading", downloadStartedAt: longAgo })
      .where(eq(schema.sanctionsDatasets.id, "us_ofac_sdn"));
    expect((await downloadDataset(db, "us_ofac_sdn", options())).status).toBe("not_modified");
  });
});

function sdnFilesEntries(count: number) {
  return Array.from({ length: count }, (_, i) => ({ id: 7000 + i, name: `SMALL LIST ENTITY ${i}`, type: "entity" as const }));
}

describe("scheduled downloads", () => {
  test("download the due auto_download datasets only, and again after download_frequency hours", async () => {
    // Only the SDN list is reachable; the others are switched off for this test.
    await db
      .update(schema.sanctionsDatasets)
      .set({ autoDownload: false })
      .where(
        inArray(
          schema.sanctionsDatasets.id,
          OFFICIAL_DATASETS.map((d) => d.id).filter((id) => id !== "us_ofac_sdn"),
        ),
      );
    const last = (await datasetRow()).lastDownloadAt!;
    const at = (hours: number) => () => new Date(last.getTime() + hours * 3600_000);
    expect(await runDueDownloads(db, { settings, now: at(5.9) })).toEqual([]);
    expect(await runDueDownloads(db, { settings, now: at(6) })).toEqual([{ id: "us_ofac_sdn", status: "not_modified" }]);
    await db.update(schema.sanctionsDatasets).set({ autoDownload: false }).where(eq(schema.sanctionsDatasets.id, "us_ofac_sdn"));
    expect(await runDueDownloads(db, { settings, now: at(20) })).toEqual([]);
    await db.update(schema.sanctionsDatasets).set({ autoDownload: true }).where(eq(schema.sanctionsDatasets.id, "us_ofac_sdn"));
  });

  test("a failed dataset is tried again after an hour", async () => {
    list.setMode("/sdn/sdn.csv", "error");
    const start = new Date((await datasetRow()).lastDownloadAt!.getTime() + 7 * 3600_000);
    const runs = await runDueDownloads(db, { settings, now: () => start });
    expect(runs).toMatchObject([{ id: "us_ofac_sdn", status: "failed" }]);
    const failedAt = (await datasetRow()).lastDownloadAt!.getTime();
    expect(await runDueDownloads(db, { settings, now: () => new Date(failedAt + 30 * 60_000) })).toEqual([]);
    list.resetModes();
    expect(await runDueDownloads(db, { settings, now: () => new Date(failedAt + 60 * 60_000) })).toEqual([{ id: "us_ofac_sdn", status: "not_modified" }]);
  });
});

describe("the scheduler", () => {
  test("runs the due downloads on its cron ticks and stops", async () => {
    list.publish("/sdn/add.csv", `5001,9102,-0- ,"Samarkand","Uzbekistan",-0- \r\n`);
    await db
      .update(schema.sanctionsDatasets)
      .set({ lastDownloadAt: new Date(Date.now() - 7 * 3600_000) })
      .where(eq(schema.sanctionsDatasets.id, "us_ofac_sdn"));
    const before = (await currentVersion(db, "us_ofac_sdn"))!;
    const scheduler = startDatasetScheduler(db, settings, { cronTime: "* * * * * *", initialDelayMs: 60_000 });
    try {
      const deadline = Date.now() + 10_000;
      while ((await currentVersion(db, "us_ofac_sdn"))!.id === before.id && Date.now() < deadline) await Bun.sleep(100);
    } finally {
      await scheduler.stop();
    }
    expect((await currentVersion(db, "us_ofac_sdn"))!.id).not.toBe(before.id);
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "dataset.download"));
    expect(audit.at(-1)).toMatchObject({ actorKind: "system", details: { outcome: "success" } });
  });

  test("downloads a never-downloaded dataset at once when it starts, before the lists already in", async () => {
    const added = await addCustomDataset(
      db,
      {
        name: "Fresh UN copy",
        type: "sanctions",
        format: "un_xml",
        url: `${list.url}/un/consolidated.xml`,
      },
      { kind: "system" },
    );
    list.publish("/un/consolidated.xml", readFileSync(join(FIXTURES, "un_xml", "consolidated.xml")));
    // The SDN list is due too; the new list goes first.
    await db
      .update(schema.sanctionsDatasets)
      .set({ lastDownloadAt: new Date(Date.now() - 7 * 3600_000) })
      .where(eq(schema.sanctionsDatasets.id, "us_ofac_sdn"));
    const runs: string[] = [];
    const started = Date.now();
    const scheduler = startDatasetScheduler(db, settings, { onRun: (run) => runs.push(`${run.id} ${run.status}`) });
    try {
      while (!(await currentVersion(db, added.id)) && Date.now() - started < 10_000) await Bun.sleep(50);
      expect(await currentVersion(db, added.id)).toMatchObject({ entityCount: 4 });
      // Well before the first 10-minute tick (and the former one-minute wait).
      expect(Date.now() - started).toBeLessThan(10_000);
      while (runs.length < 2 && Date.now() - started < 10_000) await Bun.sleep(50);
    } finally {
      await scheduler.stop();
    }
    expect(runs).toEqual([`${added.id} success`, "us_ofac_sdn not_modified"]);
    await db.update(schema.sanctionsDatasets).set({ autoDownload: false }).where(eq(schema.sanctionsDatasets.id, added.id));
  });

  test("settings come from the environment; DUECHECK_DATASET_SCHEDULER=0 turns scheduled downloads off", () => {
    expect(loadDatasetSettings({})).toEqual(DEFAULT_DATASET_SETTINGS);
    expect(DEFAULT_DATASET_SETTINGS).toEqual({
      schedulerEnabled: true,
      downloadTimeoutMs: 120_000,
      downloadMaxBytes: 512 * 1024 * 1024,
      indexRefreshMs: 10_000,
    });
    expect(
      loadDatasetSettings({
        DUECHECK_DATASET_SCHEDULER: "0",
        DUECHECK_DOWNLOAD_TIMEOUT_MS: "5000",
        DUECHECK_DOWNLOAD_MAX_BYTES: "1000",
        DUECHECK_INDEX_REFRESH_MS: "250",
      }),
    ).toEqual({ schedulerEnabled: false, downloadTimeoutMs: 5000, downloadMaxBytes: 1000, indexRefreshMs: 250 });
    expect(() => loadDatasetSettings({ DUECHECK_DOWNLOAD_TIMEOUT_MS: "soon" })).toThrow("DUECHECK_DOWNLOAD_TIMEOUT_MS must be a number");
    expect(() => loadDatasetSettings({ DUECHECK_DATASET_SCHEDULER: "off" })).toThrow("DUECHECK_DATASET_SCHEDULER must be 0 or 1");
  });
});

describe("the index of current versions", () => {
  test("a cache rebuilds when a version becomes current and not otherwise", async () => {
    const cache = new SanctionsIndexCache(db);
    const first = await cache.current();
    expect(await cache.refresh()).toBe(first);
    expect((await searchSanctions(db, cache, ["sanctions"], { term: "Celestine Marlowe" })).found).toBe(true);
    expect((await searchSanctions(db, cache, ["us_ofac_sdn"], { term: "Quentin Abernathy-Smythe" })).found).toBe(false);
    list.publish("/sdn/sdn.csv", sdnFilesWith([{ id: 5010, name: "ABERNATHY SMYTHE, Quentin", type: "individual" }])["sdn.csv"]);
    await downloadDataset(db, "us_ofac_sdn", options());
    const second = await cache.refresh();
    expect(second).not.toBe(first);
    const answer = await searchSanctions(db, cache, ["us_ofac_sdn"], { term: "Quentin Abernathy-Smythe" });
    expect(answer.found).toBe(true);
    expect(answer.results[0]).toMatchObject({ id: "us_ofac_sdn:5010", datasets: ["us_ofac_sdn"], match: true });
    expect((await searchSanctions(db, cache, ["sanctions"], { term: "Celestine Marlowe" })).found).toBe(false);
  });

  test("a download prepared before its switch: searches keep the old index while it builds, and none waits after", async () => {
    const builds: string[][] = [];
    let release: () => void = () => {};
    let holdNext = false;
    // Counts the builds and holds the prepared one until released, as a slow build of a long list would.
    const builder: IndexBuilder = async (batches, threshold) => {
      const held = holdNext;
      holdNext = false;
      const entities: SanctionsEntity[] = [];
      for await (const batch of batches) entities.push(...batch);
      builds.push(entities.map((e) => e.id));
      if (held) await new Promise<void>((resolve) => (release = resolve));
      return buildInProcess(
        (async function* () {
          yield entities;
        })(),
        threshold,
      );
    };
    const cache = new SanctionsIndexCache(db, { builder });
    const first = await cache.current();
    expect(builds).toHaveLength(1);
    list.publish("/sdn/sdn.csv", sdnFilesWith([{ id: 5020, name: "VANTERPOOL, Ottoline", type: "individual" }])["sdn.csv"]);
    holdNext = true;
    let switched = false;
    const download = downloadDataset(db, "us_ofac_sdn", options({ beforeSwitch: (versionId) => cache.prepare(versionId) })).then((r) => {
      switched = true;
      return r;
    });
    while (builds.length < 2) await Bun.sleep(10);
    // While the next index builds, readers get the current one at once, without the version being built.
    expect(await cache.refresh()).toBe(first);
    expect((await searchSanctions(db, cache, ["us_ofac_sdn"], { term: "Ottoline Vanterpool" })).found).toBe(false);
    expect(switched).toBe(false);
    release();
    const result = await download;
    expect(result.status).toBe("success");
    const next = await cache.refresh();
    expect(next).not.toBe(first);
    expect(next.versions.find((v) => v.datasetId === "us_ofac_sdn")?.versionId).toBe(result.status === "success" ? result.version.id : "");
    // The switch found its index ready: nothing more was built.
    expect(builds).toHaveLength(2);
    expect(builds[1]).toContain("us_ofac_sdn:5020");
    expect((await searchSanctions(db, cache, ["us_ofac_sdn"], { term: "Ottoline Vanterpool" })).found).toBe(true);
    await cache.stop();
  });

  test("searching lists never downloaded is an error, not a clean answer", async () => {
    const cache = new SanctionsIndexCache(db);
    await expect(searchSanctions(db, cache, ["peps"], { term: "Scott Franklin" })).rejects.toThrow("No PEP data has been downloaded yet");
    await expect(searchSanctions(db, cache, ["eu_fsf"], { term: "x" })).rejects.toThrow("No data has been downloaded yet for eu_fsf");
    await expect(searchSanctions(db, cache, ["nope"], { term: "x" })).rejects.toThrow("No dataset with id nope");
  });
});
