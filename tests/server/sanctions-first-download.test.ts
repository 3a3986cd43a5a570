/**
 * A fresh install as `npm start` runs it (`duecheck serve`, scheduled downloads on): the lists that were never
 * downloaded are fetched at once, the server says so, and the first list is searchable within seconds, not after
 * the scheduler's first tick. The lists come from a loopback list server; the others are switched off beforehand.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { openDatabase, schema } from "../../data/db.ts";
import { OFFICIAL_DATASETS, seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { ListServer } from "../../support/list-server.ts";
import { sdnFiles } from "../../support/ofac-sdn.ts";
import { startServeProcess } from "../helpers/cli.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

const SDN = ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"];
let testDatabase: TestDatabase;
let list: ListServer;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  list = await ListServer.start();
  for (const [name, content] of Object.entries(sdnFiles())) list.publish(`/sdn/${name}`, content);
  // Prepared before the server starts: the SDN list on the loopback server, the others not downloaded automatically.
  const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
  try {
    await seedDatasets(database.db);
    // The list publisher stand-in is on 127.0.0.1: private networks are allowed for this test's downloads.
    await updateSystemSettings(database.db, { webhooksAllowPrivateNetworks: true });
    const t = schema.sanctionsDatasets;
    await database.db
      .update(t)
      .set({ urls: SDN.map((name) => ({ name, url: `${list.url}/sdn/${name}` })) })
      .where(eq(t.id, "us_ofac_sdn"));
    const others = OFFICIAL_DATASETS.map((d) => d.id).filter((id) => id !== "us_ofac_sdn");
    await database.db.update(t).set({ autoDownload: false }).where(inArray(t.id, others));
  } finally {
    await database.close();
  }
}, 60_000);
afterAll(async () => {
  await list.stop();
  await testDatabase.drop();
});

describe("the first start of an install", () => {
  test("downloads the never-downloaded lists at once and says so; the first search finds their entries", async () => {
    const started = Date.now();
    const serve = await startServeProcess({
      ...testDatabase.env,
      DUECHECK_DATASET_SCHEDULER: "1",
      DUECHECK_ADMIN_EMAIL: "admin@test.local",
      DUECHECK_ADMIN_PASSWORD: "Admin-password-1",
    });
    try {
      expect(serve.output).toContain(
        "[duecheck] Downloading the lists that have no data yet: OFAC Specially Designated Nationals (SDN) List. " +
          "Until a list is in, searches report it as not checked.",
      );
      expect(serve.output).toContain(
        "[duecheck] No data and no automatic download for: OFAC Consolidated Sanctions List (non-SDN), UN Security Council Consolidated List, ",
      );

      // The server prints the new version as soon as it is in.
      const reader = serve.proc.stdout.getReader();
      let output = serve.output;
      // One read waits at a time: a read abandoned after a timeout would swallow the chunk it later receives.
      let pending = reader.read();
      while (!output.includes("[duecheck] downloaded us_ofac_sdn: a new version with 8 entities") && Date.now() - started < 120_000) {
        const next = await Promise.race([pending, Bun.sleep(500).then(() => null)]);
        if (!next) continue;
        if (next.done) break;
        output += new TextDecoder().decode(next.value);
        pending = reader.read();
      }
      pending.catch(() => {});
      reader.releaseLock();
      expect(output).toContain("[duecheck] downloaded us_ofac_sdn: a new version with 8 entities");
      expect(list.requests.filter((r) => r.path === "/sdn/sdn.csv").map((r) => r.status)).toEqual([200]);

      const admin = new HttpClient(serve.url);
      await admin.signIn("admin@test.local", "Admin-password-1");
      const status = (await admin.get("/api/sanctions/status")).json.lists as { id: string; version_date: string | null }[];
      expect(status.filter((l) => l.version_date !== null).map((l) => l.id)).toEqual(["us_ofac_sdn"]);
      // This process refreshed its index right after its own download (its poll would take 10 s).
      const found = await admin.get("/api/sanctions/search?term=Rustam%20Karimov");
      expect([found.status, found.json.found, found.json.searched]).toEqual([200, true, ["us_ofac_sdn"]]);
      // Well before the scheduler's first 10-minute tick (with room for a machine busy with other tests).
      expect(Date.now() - started).toBeLessThan(120_000);
    } finally {
      await serve.stop();
    }
  }, 150_000);
});
