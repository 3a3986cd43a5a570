/** `duecheck batch run | list | show` as separate processes, with a server running and without one, in English and German. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase, schema } from "../../data/db.ts";
import { createUser as createAccount } from "../../lib/auth/users.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { importPeps, importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { balanceOfEmail } from "../helpers/credits.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { type NewsServer, quotedPhrase, startGdeltServer } from "../helpers/news-servers.ts";

let gdelt: NewsServer;
let newsEnv: Record<string, string>;
let restoreEnv: () => void = () => {};
const folder = mkdtempSync(join(tmpdir(), "dc-batch-"));

/** A CSV file in a folder of the test's own. */
function csvFile(name: string, content: string) {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

beforeAll(() => {
  // One article about Rustam Karimov; "Broken Subject" gets a 500, so with no list data that row fails.
  gdelt = startGdeltServer((url) => {
    const phrase = quotedPhrase(url.searchParams.get("query") ?? "");
    if (phrase === "Broken Subject") return new Response("<html>500</html>", { status: 500, headers: { "content-type": "text/html" } });
    if (phrase !== "Rustam Karimov") return Response.json({});
    return Response.json({
      articles: [
        {
          title: "Rustam Karimov charged with money laundering",
          url: "https://news.example/karimov",
          seendate: "20250301T100000Z",
          domain: "news.example",
          language: "English",
          sourcecountry: "United Kingdom",
        },
      ],
    });
  });
  newsEnv = { DUECHECK_NEWS_PROVIDERS: "gdelt", DUECHECK_GDELT_URL: gdelt.url, DUECHECK_NEWS_TIMEOUT_MS: "2000", ...SCREENING_TEST_ENV };
});
afterAll(() => gdelt.stop());

const BATCH_LINE = /Batch ([0-9a-f-]{36}) for analyst@example\.com: 3 entities \(30 credits\)/;

describe("with a server running", () => {
  let app: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    restoreEnv = setEnv(newsEnv);
    app = await startApp();
    await keepOnlyDatasets(app.db, ["us_ofac_sdn", "us_congress_peps"]);
    await importSdn(app.db);
    await importPeps(app.db);
    await createUser(app.db, { email: "analyst@example.com", password: "analyst-password", credits: 1000 });
    await createUser(app.db, { email: "poor@example.com", password: "poor-password", credits: 15 });
    env = { ...app.env, ...newsEnv };
  });
  afterAll(async () => {
    await app.stop();
    restoreEnv();
  });

  test("batch run screens a semicolon-separated file to the end with progress and the summary; every row charged", async () => {
    const file = csvFile("customers.csv", '\uFEFFName;Type;Country\r\nRustam Karimov;person;UZ\r\n"Acme Trading; Ltd";company;\r\nJane Example;;\r\n');
    const res = await runCli(["batch", "run", file, "--user", "analyst@example.com", "--name", "Customers"], env);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    const id = BATCH_LINE.exec(res.stdout)?.[1];
    expect(id).toBeDefined();
    expect(res.stdout).toMatch(/3\/3 rows · \d+\.\d rows\/s · eta (–|0:00) · 0 failed/);
    expect(res.stdout).toContain(`Batch "Customers" (${id}): completed`);
    expect(res.stdout).toContain("3 entities: 3 screened, 0 failed");
    // The CLI seeds the official lists: those never downloaded are unchecked sources, so a clean row is medium.
    expect(res.stdout).toMatch(/Risk: 1 (critical|high), 2 medium/);
    expect(await balanceOfEmail(app.db, "analyst@example.com")).toBe(970);

    const shown = await runCli(["batch", "show", id!, "--user", "analyst@example.com"], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/TERM\s+TYPE\s+STATUS\s+RISK\s+SANCTIONS MATCHES\s+MEDIA\s+SEARCH ID/);
    expect(shown.stdout).toMatch(/Rustam Karimov\s+Person\s+completed\s+(critical|high)\s+1\s+1\s+[0-9a-f-]{36}/);
    expect(shown.stdout).toMatch(/Acme Trading; Ltd\s+Company\s+completed\s+medium\s+0\s+0/);
    const json = JSON.parse((await runCli(["batch", "show", id!, "--user", "analyst@example.com", "--json", "--risk", "medium", "--limit", "1"], env)).stdout);
    expect(json.batch).toMatchObject({ id, name: "Customers", status: "completed", totalEntities: 3, processedEntities: 3, failedEntities: 0 });
    expect(json.results.total).toBe(2);
    expect(json.results.items).toHaveLength(1);
    expect(json.results.items[0]).toMatchObject({ riskLevel: "medium", status: "completed" });
    const next = JSON.parse(
      (await runCli(["batch", "show", id!, "--user", "analyst@example.com", "--json", "--risk", "medium", "--cursor", json.results.nextCursor], env)).stdout,
    );
    expect(next.results.items.map((r: { searchId: string }) => r.searchId)).not.toContain(json.results.items[0].searchId);
  });

  test("--detach prints the id and returns; list shows the batches newest first; show in German", async () => {
    const file = csvFile("detach.csv", "searchTerm,entityType\nRustam Karimov,person\nAcme Trading,company\nJane Example,person\n");
    const res = await runCli(["batch", "run", file, "--user", "analyst@example.com", "--name", "Detached", "--detach"], env);
    expect(res.code).toBe(0);
    const id = BATCH_LINE.exec(res.stdout)?.[1];
    expect(res.stdout).toContain(`Follow it with: duecheck batch show ${id}`);
    expect(res.stdout).not.toContain("rows/s");
    for (let i = 0; ; i++) {
      const state = JSON.parse((await runCli(["batch", "show", id!, "--user", "analyst@example.com", "--json"], env)).stdout);
      if (state.batch.status === "completed") break;
      if (i > 60) throw new Error(`the detached batch is still ${state.batch.status}`);
      await Bun.sleep(500);
    }
    const list = await runCli(["batch", "list", "--user", "analyst@example.com"], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/NAME\s+STATUS\s+ENTITIES\s+PROCESSED\s+FAILED\s+CREATED\s+COMPLETED\s+ID/);
    const names = list.stdout
      .split("\n")
      .slice(1)
      .map((line) => line.split(/\s{2,}/)[0])
      .filter(Boolean);
    expect(names).toEqual(["Detached", "Customers"]);
    const page = JSON.parse((await runCli(["batch", "list", "--user", "analyst@example.com", "--json", "--limit", "1"], env)).stdout);
    expect(page).toMatchObject({ total: 2, items: [{ id, name: "Detached", status: "completed", totalEntities: 3 }] });
    expect(page.nextCursor).toEqual(expect.any(String));

    const german = await runCli(["batch", "show", id!, "--user", "analyst@example.com", "--language", "de"], env);
    expect(german.stdout).toContain(`Stapel „Detached“ (${id}): abgeschlossen`);
    expect(german.stdout).toContain("3 Einträge: 3 geprüft, 0 fehlgeschlagen");
    expect(german.stdout).toMatch(/BEGRIFF\s+TYP\s+STATUS\s+RISIKO\s+SANKTIONSTREFFER\s+MEDIEN\s+SUCH-ID/);
    expect(german.stdout).toMatch(/Acme Trading\s+Unternehmen\s+abgeschlossen\s+mittel\s+0\s+0/);
  });

  test("list --team: a colleague lists the analyst's batches with who made them; without it, their own", async () => {
    const [analyst] = await app.db.select().from(schema.users).where(eq(schema.users.email, "analyst@example.com"));
    await createAccount(
      app.db,
      { email: "colleague@example.com", password: "colleague-password", fullName: "Cole League" },
      { membership: { organisationId: analyst.organisationId, role: "analyst" }, withholdWelcomeCredits: true },
    );
    expect((await runCli(["batch", "list", "--user", "colleague@example.com"], env)).stdout).toContain("No batch jobs yet.");
    const team = await runCli(["batch", "list", "--user", "colleague@example.com", "--team"], env);
    expect(team.code).toBe(0);
    expect(team.stdout).toMatch(/NAME\s+BY\s+STATUS/);
    expect(team.stdout).toMatch(/Detached\s+Test User\s+completed/);
    const page = JSON.parse((await runCli(["batch", "list", "--user", "colleague@example.com", "--team", "--json"], env)).stdout);
    expect(page.items.map((b: { createdBy: { id: string } }) => b.createdBy.id)).toEqual([analyst.id, analyst.id]);
  });

  test("a bad file is refused naming its line, in English and German; too few credits; another user's batch; nothing charged", async () => {
    const bad = csvFile("bad.csv", "name,type\nJane Example,person\nAcme,vessel\n");
    const english = await runCli(["batch", "run", bad, "--user", "analyst@example.com"], env);
    expect(english.code).toBe(1);
    expect(english.stderr).toContain(`duecheck: ${bad} was refused, nothing was charged: Line 3: Entity type must be person or company`);
    const german = await runCli(["batch", "run", bad, "--user", "analyst@example.com", "--language", "de"], env);
    expect(german.code).toBe(1);
    expect(german.stderr).toContain(`duecheck: ${bad} wurde abgelehnt, nichts wurde berechnet: Line 3:`);
    const notCsv = await runCli(["batch", "run", join(folder, "names.txt"), "--language", "de"], env);
    expect(notCsv.stderr).toContain("Bitte laden Sie eine CSV-Datei hoch");
    const missing = await runCli(["batch", "run", join(folder, "missing.csv")], env);
    expect(missing.stderr).toContain(`duecheck: Cannot read ${join(folder, "missing.csv")}`);

    const two = csvFile("two.csv", "name\nJane Example\nJohn Sample\n");
    const poor = await runCli(["batch", "run", two, "--user", "poor@example.com", "--language", "de"], env);
    expect(poor.code).toBe(1);
    expect(poor.stderr).toContain("Nicht genügend Credits: Dieser Stapel mit 2 Einträgen benötigt 20 Credits, das Guthaben beträgt 15.");
    expect(await balanceOfEmail(app.db, "poor@example.com")).toBe(15);
    expect(await balanceOfEmail(app.db, "analyst@example.com")).toBe(940);

    const [batch] = await app.db.select().from(schema.batchJobs).limit(1);
    const foreign = await runCli(["batch", "show", batch.id, "--user", "poor@example.com"], env);
    expect([foreign.code, foreign.stderr.trim()]).toEqual([1, `duecheck: No batch ${batch.id} of this user`]);
    expect((await runCli(["batch", "list", "--user", "poor@example.com"], env)).stdout).toContain("No batch jobs yet.");

    // --all: every user's batches, each with its owner (the operator reads the database); not with --user.
    const all = await runCli(["batch", "list", "--all"], env);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/NAME\s+OWNER\s+STATUS/);
    expect(all.stdout).toContain("analyst@example.com");
    const everyone = JSON.parse((await runCli(["batch", "list", "--all", "--json"], env)).stdout);
    expect(everyone.items.length).toBe(everyone.total);
    expect(everyone.items.some((b: { id: string; userEmail: string }) => b.id === batch.id && b.userEmail)).toBe(true);
    const both = await runCli(["batch", "list", "--all", "--user", "poor@example.com"], env);
    expect([both.code, both.stderr.trim()]).toEqual([1, "duecheck: Give --user or --all, not both"]);
  });
});

describe("without a server", () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
    try {
      await seedSystemSettings(database.db);
      await seedDatasets(database.db);
      await createUser(database.db, { email: "solo@example.com", password: "solo-password", credits: 100 });
    } finally {
      await database.close();
    }
  });
  afterAll(() => testDatabase.drop());

  test("the CLI screens the batch itself; a row that failed makes exit 1 and the batch still completes", async () => {
    const file = csvFile("solo.csv", "name\nJane Example\nBroken Subject\n");
    const res = await runCli(["batch", "run", file, "--user", "solo@example.com", "--json"], {
      ...testDatabase.env,
      ...newsEnv,
      DUECHECK_JOB_POLL_SECONDS: "0.5",
    });
    expect(res.stderr).toBe("");
    expect(res.code).toBe(1);
    expect(JSON.parse(res.stdout)).toMatchObject({ status: "completed", totalEntities: 2, processedEntities: 1, failedEntities: 1 });
    const text = await runCli(["batch", "show", JSON.parse(res.stdout).id, "--user", "solo@example.com"], testDatabase.env);
    expect(text.stdout).toContain("1 entity failed to process");
    expect(text.stdout).toMatch(/Broken Subject\s+Person\s+failed\s+-\s+-\s+-/);
  });
});
