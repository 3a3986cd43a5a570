/**
 * A first start without internet (`duecheck serve`, scheduled downloads on): every publisher is unreachable. The
 * server says so once, with the two ways forward and the next try, instead of a failure line per list; the status
 * the search page and /sanctions read carries the same notice, and `datasets list` prints it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { openDatabase, schema } from "../../data/db.ts";
import { OFFICIAL_DATASETS, seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { runCli, startServeProcess } from "../helpers/cli.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

let testDatabase: TestDatabase;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const port = await closedPort();
  // Every list's files point at a port nothing listens on: connections are refused, as without a network.
  const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
  try {
    await seedDatasets(database.db);
    // The refused port is on 127.0.0.1: private networks are allowed, so the failure is the network's, not the guard's.
    await updateSystemSettings(database.db, { webhooksAllowPrivateNetworks: true });
    for (const d of OFFICIAL_DATASETS) {
      await database.db
        .update(schema.sanctionsDatasets)
        .set({ urls: d.urls.map((f) => ({ name: f.name, url: `http://127.0.0.1:${port}/${d.id}/${f.name}` })) })
        .where(eq(schema.sanctionsDatasets.id, d.id));
    }
  } finally {
    await database.close();
  }
}, 60_000);
afterAll(() => testDatabase.drop());

describe("a first start without internet", () => {
  test("prints the guidance once, names the next try, and the status and the CLI carry the notice", async () => {
    const serve = await startServeProcess({
      ...testDatabase.env,
      DUECHECK_DATASET_SCHEDULER: "1",
      DUECHECK_ADMIN_EMAIL: "admin@test.local",
      DUECHECK_ADMIN_PASSWORD: "Admin-password-1",
    });
    let output = serve.output;
    try {
      const reader = serve.proc.stdout.getReader();
      // One read waits at a time: a read abandoned after a timeout would swallow the chunk it later receives.
      let pending = reader.read();
      const readFor = async (until: () => boolean, ms: number) => {
        const deadline = Date.now() + ms;
        while (!until() && Date.now() < deadline) {
          const next = await Promise.race([pending, Bun.sleep(500).then(() => null)]);
          if (!next) continue;
          if (next.done) break;
          output += new TextDecoder().decode(next.value);
          pending = reader.read();
        }
      };
      await readFor(() => output.includes("Next try:"), 120_000);
      // A little longer: nothing more is printed about the failures.
      await readFor(() => false, 2_000);
      pending.catch(() => {});
      reader.releaseLock();

      expect(output.split("cannot reach their publishers (no network)").length - 1).toBe(1);
      expect(output.split("duecheck datasets import ID PATH").length - 1).toBe(1);
      expect(output).toContain("disable the lists you do not need: duecheck datasets disable ID");
      const named = /Lists without an update: ([^.]*)\./.exec(output)?.[1].split(", ");
      expect(named?.sort()).toEqual(OFFICIAL_DATASETS.map((d) => d.id).sort());
      expect(output).toMatch(/Next try: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z; each failed try doubles the wait, up to 6 hours\./);
      // Not one failure line per list.
      expect(output).not.toContain("scheduled download of");

      const admin = new HttpClient(serve.url);
      await admin.signIn("admin@test.local", "Admin-password-1");
      const status = (await admin.get("/api/sanctions/status")).json;
      expect(status.offline.lists.map((l: any) => l.id).sort()).toEqual(OFFICIAL_DATASETS.map((d) => d.id).sort());
      const next = Date.parse(status.offline.next_attempt_at) - Date.now();
      expect(next).toBeGreaterThan(0);
      expect(next).toBeLessThanOrEqual(10 * 60_000);

      const rows = (await admin.get("/api/sanctions/datasets")).json;
      expect(rows.map((r: any) => [r.last_failure_kind, r.next_download_at !== null])).toEqual(OFFICIAL_DATASETS.map(() => ["network", true]));

      const cli = await runCli(["datasets", "list"], testDatabase.env);
      expect(cli.code).toBe(0);
      expect(cli.stdout).toContain("No network: the lists cannot be downloaded");
      expect(cli.stdout).toContain("duecheck datasets import ID PATH");
      expect(cli.stdout).toContain("duecheck datasets disable ID");
      expect(cli.stdout).toMatch(/Next automatic try: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      const german = await runCli(["datasets", "status", "--language", "de"], testDatabase.env);
      expect(german.code).toBe(0);
      expect(german.stdout).toContain("us_ofac_sdn: keine Daten (fehlgeschlagen)");
      expect(german.stdout).toContain("Kein Netzwerk: Die Listen können nicht heruntergeladen werden");
      expect(german.stdout).toContain("duecheck datasets disable ID");
    } finally {
      await serve.stop();
    }
  }, 300_000);
});
