import { afterAll, beforeAll, expect, test } from "bun:test";
import { openDatabase } from "../../data/db.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importSdn } from "../fixtures/screening.ts";
import { createUser } from "../helpers/app.ts";
import { startServeProcess } from "../helpers/cli.ts";
import { createTestDatabase, TEST_DB, type TestDatabase } from "../helpers/database.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { type NewsServer, startGdeltServer } from "../helpers/news-servers.ts";
import { waitFor } from "../helpers/wait.ts";

/**
 * A server process killed (SIGKILL) in the middle of a search: its job's lease runs out and another process (on
 * PostgreSQL a second server that joined while the search ran, on PGlite the restarted server) retries and completes
 * it, charged once.
 */
let testDatabase: TestDatabase;
let gdelt: NewsServer;
let env: Record<string, string>;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
  try {
    await seedSystemSettings(database.db);
    await seedDatasets(database.db);
    await importSdn(database.db);
    await createUser(database.db, { email: "analyst@example.com", password: "analyst-password", credits: 25 });
  } finally {
    await database.close();
  }
  gdelt = startGdeltServer({
    "Rustam Karimov": [
      {
        title: "Rustam Karimov named in sanctions probe",
        url: "https://news.example/probe",
        seendate: "20250301T100000Z",
        domain: "news.example",
        language: "English",
        sourcecountry: "United Kingdom",
      },
    ],
  });
  env = {
    ...testDatabase.env,
    DUECHECK_ADMIN_EMAIL: "admin@test.local",
    DUECHECK_ADMIN_PASSWORD: "Admin-password-1",
    ...SCREENING_TEST_ENV,
    DUECHECK_NEWS_PROVIDERS: "gdelt",
    DUECHECK_GDELT_URL: gdelt.url,
    // A request to the news provider hangs for as long as the process lives.
    DUECHECK_NEWS_TIMEOUT_MS: "120000",
    DUECHECK_JOB_EXPIRE_SECONDS: "4",
    DUECHECK_JOB_MAINTENANCE_SECONDS: "1",
    // The retry of the killed attempt starts a second after its lease ran out, not the default five.
    DUECHECK_JOB_RETRY_DELAY_SECONDS: "1",
  };
});
afterAll(async () => {
  await gdelt.stop();
  await testDatabase.drop();
});

test("a search whose server is killed mid-search is completed by another process and charged once", async () => {
  gdelt.mode = "hang";
  const first = await startServeProcess(env);
  let second: Awaited<ReturnType<typeof startServeProcess>> | null = null;
  try {
    const client = new HttpClient(first.url);
    await client.signIn("analyst@example.com", "analyst-password");
    const created = await client.post("/api/searches", { searchTerm: "Rustam Karimov", entityType: "person" });
    expect(created.status).toBe(201);
    const id = created.json.id;

    // The job is running: its request to the news provider is hanging.
    await waitFor("the news request", async () => gdelt.requests.length > 0);
    expect((await client.get("/api/credits/balance")).json.balance).toBe(15);
    // On PostgreSQL a second server joins while the first runs the search (started earlier, it could have taken the
    // job itself: both poll the queue); PGlite allows one server per folder, so there it starts after the kill.
    if (TEST_DB === "postgres") second = await startServeProcess(env);
    expect((await client.get(`/api/searches/${id}`)).json.status).toBe("processing");

    first.proc.kill("SIGKILL");
    await first.proc.exited;
    gdelt.mode = "normal";
    const killedAt = Date.now();
    if (!second) second = await startServeProcess(env);

    const survivor = new HttpClient(second.url);
    for (const [name, value] of client.cookies) survivor.cookies.set(name, value);
    const search = await waitFor("the search to finish", async () => {
      const res = await survivor.get(`/api/searches/${id}`);
      return res.json.status === "completed" || res.json.status === "failed" ? res.json : null;
    });
    // One comparison, so that a failure shows the whole outcome.
    const source = (name: string) => search.results?.sources.find((s: { source: string }) => s.source === name);
    const balance = (await survivor.get("/api/credits/balance")).json;
    expect({
      status: search.status,
      error: search.error,
      firstHit: search.results?.sanctionsList[0],
      media: search.results?.adverseMedia.map((m: { title: string }) => m.title),
      // The server seeds the other official lists again (never downloaded, so failed sources); these two answered.
      sources: [source("GDELT"), source("OFAC Specially Designated Nationals (SDN) List")],
      balance: balance.balance,
      charges: balance.transactions.filter((t: { type: string }) => t.type === "manual_search").map((t: { amount: number }) => t.amount),
    }).toMatchObject({
      status: "completed",
      error: null,
      firstHit: { datasetId: "us_ofac_sdn", match: true },
      media: ["Rustam Karimov named in sanctions probe"],
      sources: [{ status: "ok" }, { status: "ok" }],
      balance: 15,
      charges: [-10],
    });
    expect(Date.now() - killedAt).toBeLessThan(60_000);
  } finally {
    if (first.proc.exitCode === null && !first.proc.killed) await first.stop();
    await second?.stop();
  }
});
