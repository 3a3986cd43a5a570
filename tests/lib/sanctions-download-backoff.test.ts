/**
 * A site without internet: downloads that cannot reach their publisher are told apart from a publisher's error,
 * back off (10 minutes, doubling, at most 6 hours, stored on the dataset), are said once with the ways forward, and
 * the lists the first start did not choose are never tried.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createServer, type Server, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import { type Database, type Db, schema } from "../../data/db.ts";
import { manualClock } from "../../lib/clock.ts";
import { NETWORK_BACKOFF_MAX_MS, networkBackoffMs } from "../../lib/sanctions/datasets/claim.ts";
import { fetchFile } from "../../lib/sanctions/datasets/fetch-file.ts";
import { downloadsOffline, offlineReporter } from "../../lib/sanctions/datasets/offline.ts";
import { firstStartDatasets, OFFICIAL_DATASETS, seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { runDueDownloads } from "../../lib/sanctions/datasets/scheduler.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { ListServer } from "../../support/list-server.ts";
import { openTestDatabase } from "../helpers/database.ts";

const MINUTE = 60_000;
const settings = { downloadTimeoutMs: 1_000, downloadMaxBytes: 1024 * 1024 };
let database: Database;
let db: Db;
let list: ListServer;
/** A port nothing listens on: connections are refused, as on a machine without a network path. */
let closedPort: number;
/** Accepts connections and never answers: a request that times out before any answer. */
let silent: Server;
const sockets: Socket[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const row = async (id: string) => (await db.select().from(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.id, id)))[0];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  list = await ListServer.start();
  closedPort = await freePort();
  silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  // The first start's choice: two lists, the others disabled.
  await seedDatasets(db, { DUECHECK_DATASETS: "us_ofac_sdn, un_sc_sanctions" });
  // The stand-ins are on 127.0.0.1: private networks are allowed, so failures are the network's, not the guard's.
  await updateSystemSettings(db, { webhooksAllowPrivateNetworks: true });
  for (const id of ["us_ofac_sdn", "un_sc_sanctions"]) {
    const dataset = await row(id);
    await db
      .update(schema.sanctionsDatasets)
      .set({ urls: dataset.urls.map((f) => ({ name: f.name, url: `http://127.0.0.1:${closedPort}/${f.name}` })) })
      .where(eq(schema.sanctionsDatasets.id, id));
  }
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  silent.close();
  await list.stop();
  await database.close();
});

describe("the first start's choice of lists", () => {
  test("DUECHECK_DATASETS decides which lists are enabled, once, when the lists are first written", async () => {
    const rows = await db.select({ id: schema.sanctionsDatasets.id, enabled: schema.sanctionsDatasets.enabled }).from(schema.sanctionsDatasets);
    expect(
      rows
        .filter((r) => r.enabled)
        .map((r) => r.id)
        .sort(),
    ).toEqual(["un_sc_sanctions", "us_ofac_sdn"]);
    // Read only on a new database: seeding again with another choice changes nothing.
    await seedDatasets(db, { DUECHECK_DATASETS: "eu_fsf" });
    expect((await row("eu_fsf")).enabled).toBe(false);
    expect((await row("us_ofac_sdn")).enabled).toBe(true);
  });

  test("unset or all enables every list; an unknown id or no sanctions list is a configuration error", () => {
    expect(firstStartDatasets({}).size).toBe(OFFICIAL_DATASETS.length);
    expect(firstStartDatasets({ DUECHECK_DATASETS: "all" }).size).toBe(OFFICIAL_DATASETS.length);
    expect(() => firstStartDatasets({ DUECHECK_DATASETS: "us_ofac_sdn,ofac" })).toThrow("DUECHECK_DATASETS names unknown lists: ofac");
    expect(() => firstStartDatasets({ DUECHECK_DATASETS: "us_congress_peps" })).toThrow("at least one sanctions list");
  });
});

describe("a failure to reach the network", () => {
  test("refused, unresolvable and unanswered requests are network failures; an HTTP error or a stalled body is the publisher's", async () => {
    list.publish("/ok.csv", "a,b\n");
    list.setMode("/bad.csv", "error");
    list.publish("/bad.csv", "a,b\n");
    const kind = (url: string) =>
      fetchFile(url, { timeoutMs: 1_000, maxBytes: 1024, allowPrivateNetworks: true }).then(
        () => "ok",
        (error) => error.kind,
      );
    expect(await kind(`http://127.0.0.1:${closedPort}/sdn.csv`)).toBe("network");
    expect(await kind("http://no-such-host.invalid/sdn.csv")).toBe("network");
    expect(await kind(`http://127.0.0.1:${(silent.address() as { port: number }).port}/sdn.csv`)).toBe("network");
    expect(await kind(`${list.url}/bad.csv`)).toBe("publisher");
    expect(await kind(`${list.url}/ok.csv`)).toBe("ok");
  });

  test("the back-off doubles from 10 minutes up to 6 hours", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(networkBackoffMs)).toEqual([10, 20, 40, 80, 160, 320, 360, 360].map((m) => m * MINUTE));
    expect(networkBackoffMs(40)).toBe(NETWORK_BACKOFF_MAX_MS);
  });

  test("scheduled downloads of the enabled lists back off, doubling, and the guidance is said once", async () => {
    const clock = manualClock("2026-11-27T08:00:00Z");
    const lines: string[] = [];
    const reporter = offlineReporter(db, (line) => lines.push(line));
    const run = async () => {
      const runs = await runDueDownloads(db, { settings, now: () => clock.now() });
      await reporter.afterRuns(runs);
      return runs;
    };

    const first = await run();
    // The disabled lists are never tried.
    expect(first.map((r) => [r.id, r.status, r.kind])).toEqual([
      ["us_ofac_sdn", "failed", "network"],
      ["un_sc_sanctions", "failed", "network"],
    ]);
    let sdn = await row("us_ofac_sdn");
    expect([sdn.networkFailures, sdn.lastFailureKind, sdn.nextDownloadAt?.toISOString()]).toEqual([1, "network", "2026-11-27T08:10:00.000Z"]);
    expect(lines.length).toBe(1);
    expect(lines[0]).toContain("cannot reach their publishers (no network)");
    expect(lines[0]).toContain("duecheck datasets import ID PATH");
    expect(lines[0]).toContain("duecheck datasets disable ID");
    expect(lines[0]).toContain("Next try: 2026-11-27T08:10:00.000Z");
    expect((await downloadsOffline(db))?.lists.map((l) => l.id)).toEqual(["un_sc_sanctions", "us_ofac_sdn"]);

    // The scheduler's 10-minute ticks try nothing before the next try, then the wait doubles.
    clock.advance(9 * MINUTE);
    expect(await run()).toEqual([]);
    clock.advance(1 * MINUTE);
    expect((await run()).length).toBe(2);
    sdn = await row("us_ofac_sdn");
    expect([sdn.networkFailures, sdn.nextDownloadAt?.toISOString()]).toEqual([2, "2026-11-27T08:30:00.000Z"]);
    for (const wait of [10, 10]) {
      clock.advance(wait * MINUTE);
      if (clock.now() < sdn.nextDownloadAt!) expect(await run()).toEqual([]);
    }
    expect((await run()).length).toBe(2);
    sdn = await row("us_ofac_sdn");
    expect([sdn.networkFailures, sdn.nextDownloadAt?.toISOString()]).toEqual([3, "2026-11-27T09:10:00.000Z"]);

    // Said once: later tries print one short line each, without the guidance again.
    expect(lines.filter((l) => l.includes("duecheck datasets import")).length).toBe(1);
    expect(lines.slice(1)).toEqual([
      "[duecheck] The list downloads still cannot reach the network; next try: 2026-11-27T08:30:00.000Z.",
      "[duecheck] The list downloads still cannot reach the network; next try: 2026-11-27T09:10:00.000Z.",
    ]);
  });

  test("a publisher's error clears the back-off; disabling a list takes it out of the offline notice", async () => {
    list.setMode("/sdn.csv", "error");
    await db
      .update(schema.sanctionsDatasets)
      .set({ urls: [{ name: "sdn.csv", url: `${list.url}/sdn.csv` }] })
      .where(eq(schema.sanctionsDatasets.id, "us_ofac_sdn"));
    const runs = await runDueDownloads(db, { settings, now: () => new Date("2026-11-27T09:10:00Z") });
    expect(runs.find((r) => r.id === "us_ofac_sdn")).toMatchObject({ status: "failed", kind: "publisher" });
    const sdn = await row("us_ofac_sdn");
    expect([sdn.networkFailures, sdn.lastFailureKind, sdn.nextDownloadAt]).toEqual([0, "publisher", null]);
    expect((await downloadsOffline(db))?.lists.map((l) => l.id)).toEqual(["un_sc_sanctions"]);
    await db.update(schema.sanctionsDatasets).set({ enabled: false }).where(eq(schema.sanctionsDatasets.id, "un_sc_sanctions"));
    expect(await downloadsOffline(db)).toBeNull();
  });
});
