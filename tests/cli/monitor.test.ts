/**
 * `duecheck monitor add | list | run-due | changes | acknowledge | dismiss | pause | resume | remove` as separate
 * processes on a database no server holds: run-due screens the due checks itself, and a list that gained a version
 * between two checks shows as a new sanctions match (in English, and in German with --language de); its alert stays
 * open until it is decided, or an administrator dismisses it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { type Db, openDatabase, schema } from "../../data/db.ts";
import { createUser as createAccount } from "../../lib/auth/users.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { balanceOfEmail } from "../helpers/credits.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { type NewsServer, startGdeltServer } from "../helpers/news-servers.ts";

let gdelt: NewsServer;
let testDatabase: TestDatabase;
let env: Record<string, string>;
const USER = ["--user", "analyst@example.com"];

/** The database opened only while the callback runs: an embedded folder takes one process at a time. */
async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const entity = (term: string) =>
  withDb(async (db) => (await db.select().from(schema.monitoredEntities).where(eq(schema.monitoredEntities.searchTerm, term)))[0]);
const balance = () => withDb((db) => balanceOfEmail(db, "analyst@example.com"));

beforeAll(async () => {
  gdelt = startGdeltServer(() => Response.json({}));
  testDatabase = await createTestDatabase();
  env = { ...testDatabase.env, ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "gdelt", DUECHECK_GDELT_URL: gdelt.url, DUECHECK_NEWS_TIMEOUT_MS: "5000" };
  await withDb(async (db) => {
    await seedSystemSettings(db);
    await seedDatasets(db);
    // OFAC is the only list, and has no version yet: the first checks cannot check it.
    await keepOnlyDatasets(db, ["us_ofac_sdn"]);
    await createUser(db, { email: "analyst@example.com", password: "analyst-password", credits: 100 });
    await createUser(db, { email: "admin@example.com", password: "admin-password", role: "admin" });
  });
});
afterAll(async () => {
  gdelt.stop();
  await testDatabase.drop();
});

describe("duecheck monitor", () => {
  test("add: the entity, due at once; bad input and the same name again refused with exit 1", async () => {
    const added = await runCli(["monitor", "add", "Rustam Karimov", "--country", "uz", ...USER], env);
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    const row = await entity("Rustam Karimov");
    expect(added.stdout.trim()).toBe(`Monitoring Rustam Karimov (Person, daily) for analyst@example.com: the first check runs at the next scan. ID: ${row.id}`);
    expect(row).toMatchObject({ country: "UZ", frequency: "daily", status: "active", source: "manual" });

    const json = await runCli(["monitor", "add", "Acme Trading Ltd", "--type", "company", "--frequency", "weekly", "--json", ...USER], env);
    expect(JSON.parse(json.stdout)).toMatchObject({
      searchTerm: "Acme Trading Ltd",
      entityType: "company",
      frequency: "weekly",
      status: "active",
      hasChanges: false,
    });

    const again = await runCli(["monitor", "add", "rustam KARIMOV", ...USER], env);
    expect([again.code, again.stderr.trim()]).toEqual([1, "duecheck: rustam KARIMOV is already monitored (the same name and type)"]);
    const empty = await runCli(["monitor", "add", " ", ...USER], env);
    expect([empty.code, empty.stderr.trim()]).toEqual([1, "duecheck: Please enter a name or company to monitor."]);
    const frequency = await runCli(["monitor", "add", "X Y", "--frequency", "hourly", ...USER], env);
    expect([frequency.code, frequency.stderr.trim()]).toEqual([1, "duecheck: frequency must be daily, weekly or monthly"]);
  });

  test("run-due screens the due checks here and waits for them; a list's new version then shows as a change", async () => {
    const first = await runCli(["monitor", "run-due"], env);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Due checks: 2 started, 0 waiting for credits (nothing charged), 0 earlier checks recorded");
    expect(first.stdout).toContain("2 checks finished, 0 with changes");
    expect(await balance()).toBe(98);
    const baseline = await entity("Rustam Karimov");
    expect(baseline.lastChecked).not.toBeNull();
    expect(baseline.hasChanges).toBe(false);

    // Nothing is due now.
    const idle = await runCli(["monitor", "run-due", "--json"], env);
    expect(JSON.parse(idle.stdout)).toEqual({ listUpdateFlagged: 0, started: 0, waitingForCredits: 0, recorded: 0, searchIds: [], checked: [] });

    // OFAC gets its first version: Karimov newly matches it, so his check runs now, not at its time tomorrow.
    await withDb((db) => importSdn(db));
    const second = await runCli(["monitor", "run-due"], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("A new list version matches 1 monitored name: checked now");
    expect(second.stdout).toContain("1 check finished, 1 with changes");
    // The lists the CLI seeds but that were never downloaded cannot be checked: named, and not a change.
    expect(second.stdout).toMatch(
      new RegExp(
        `  Rustam Karimov: 1 new sanctions match; risk level changed from medium to critical; could not be checked: .*UN Security Council.* \\(duecheck monitor changes ${baseline.id}\\)`,
      ),
    );
    expect(await balance()).toBe(97);

    const list = await runCli(["monitor", "list", "--changes", "with", ...USER], env);
    expect(list.stdout).toContain("Monitored by analyst@example.com: 2 (1 with changes, 1 without)");
    expect(list.stdout).toMatch(/Rustam Karimov\s+Person\s+critical\s+Needs review \(\d+ to decide\)\s+daily\s+active\s+.*NEW\s+added\s+[0-9a-f-]{36}/);
    expect(list.stdout).not.toContain("Acme Trading Ltd");

    // Filtered by the risk level and the review status of the last complete check.
    const names = async (...filter: string[]) => (await runCli(["monitor", "list", "--json", ...filter, ...USER], env)).stdout;
    expect(JSON.parse(await names("--risk", "critical")).items.map((e: { searchTerm: string }) => e.searchTerm)).toEqual(["Rustam Karimov"]);
    expect(JSON.parse(await names("--review", "open")).items.map((e: { searchTerm: string }) => e.searchTerm)).toEqual(["Rustam Karimov"]);
    expect(JSON.parse(await names("--review", "no_hits")).items.map((e: { searchTerm: string }) => e.searchTerm)).toEqual(["Acme Trading Ltd"]);
    const bad = await runCli(["monitor", "list", "--risk", "severe", ...USER], env);
    expect([bad.code, bad.stderr.trim()]).toEqual([1, "duecheck: --risk must be low, medium, high or critical, got 'severe'"]);
  });

  test("changes: the changes in words (German with --language de); viewing leaves the alert open", async () => {
    const row = await entity("Rustam Karimov");
    const german = await runCli(["monitor", "changes", row.id, "--language", "de", ...USER], env);
    expect(german.code).toBe(0);
    expect(german.stdout).toContain("Änderungen für Rustam Karimov, gefunden bei der Prüfung vom");
    expect(german.stdout).toContain("  1 neuer Sanktionstreffer");
    expect(german.stdout).toContain("Neue Sanktionstreffer:");
    expect(german.stdout).toMatch(/- KARIMOV, Rustam Alievich \(OFAC[^,]*, [^,]+, \d+%\)/);
    expect((await entity("Rustam Karimov")).hasChanges).toBe(true);

    const json = JSON.parse((await runCli(["monitor", "changes", row.id, "--json", ...USER], env)).stdout);
    expect(json.entity).toMatchObject({ id: row.id, hasChanges: true, reviewStatus: "needs_review" });
    expect(json.changes.addedMatches.map((m: { datasetId: string }) => m.datasetId)).toEqual(["us_ofac_sdn"]);
    expect(json.changes.trigger).toBe("list_update");
  });

  test("acknowledge is refused while hits are open; an administrator dismisses the alert with a reason", async () => {
    const row = await entity("Rustam Karimov");
    const refused = await runCli(["monitor", "acknowledge", row.id, ...USER], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^duecheck: Decide the new hits first: the last check of Rustam Karimov has \d+ undecided hits \(search [0-9a-f-]{36}\)/);
    const byUser = await runCli(["monitor", "dismiss", row.id, "--reason", "Known", ...USER], env);
    expect([byUser.code, byUser.stderr.trim()]).toEqual([
      1,
      "duecheck: Dismissing an alert needs the administrator role: analyst@example.com is not an administrator",
    ]);
    expect((await entity("Rustam Karimov")).hasChanges).toBe(true);

    const dismissed = await runCli(
      ["monitor", "dismiss", row.id, "--reason", "Same person as case 2024-17, cleared by legal", "--user", "admin@example.com"],
      env,
    );
    expect([dismissed.code, dismissed.stdout.trim()]).toEqual([
      0,
      "Dismissed: the alert of Rustam Karimov is closed; the reason is kept as a case note on its check",
    ]);
    expect((await entity("Rustam Karimov")).hasChanges).toBe(false);
    const notes = await withDb((db) => db.select().from(schema.searchNotes).where(eq(schema.searchNotes.searchId, row.lastSearchId!)));
    expect(notes.map((n) => [n.kind, n.text])).toEqual([["dismissal", "Same person as case 2024-17, cleared by legal"]]);
    const again = await runCli(["monitor", "acknowledge", row.id, ...USER], env);
    expect([again.code, again.stderr.trim()]).toEqual([1, "duecheck: Rustam Karimov has no open alert"]);
  });

  test("pause, resume and remove; an unknown id is exit 1", async () => {
    const row = await entity("Acme Trading Ltd");
    expect((await runCli(["monitor", "pause", row.id, ...USER], env)).stdout.trim()).toBe("Paused: Acme Trading Ltd is not checked until resumed");
    expect((await entity("Acme Trading Ltd")).status).toBe("paused");
    expect((await runCli(["monitor", "resume", row.id, ...USER], env)).code).toBe(0);
    expect((await entity("Acme Trading Ltd")).status).toBe("active");
    expect((await runCli(["monitor", "remove", row.id, ...USER], env)).stdout.trim()).toBe("Removed Acme Trading Ltd from monitoring");
    expect(await entity("Acme Trading Ltd")).toBeUndefined();
    const unknown = await runCli(["monitor", "remove", row.id, ...USER], env);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, `duecheck: No monitored entity ${row.id} for this user`]);
  });

  test("list --team: a colleague lists the analyst's entities with who added them, and may not pause them", async () => {
    await withDb(async (db) => {
      const [analyst] = await db.select().from(schema.users).where(eq(schema.users.email, "analyst@example.com"));
      await createAccount(
        db,
        { email: "colleague@example.com", password: "colleague-password", fullName: "Cole League" },
        { membership: { organisationId: analyst.organisationId, role: "analyst" }, withholdWelcomeCredits: true },
      );
    });
    const colleague = ["--user", "colleague@example.com"];
    const own = await runCli(["monitor", "list", ...colleague], env);
    expect(own.stdout).not.toContain("Rustam Karimov");
    const team = await runCli(["monitor", "list", ...colleague, "--team"], env);
    expect(team.code).toBe(0);
    expect(team.stdout).toContain("Monitored by the team of colleague@example.com: 1");
    expect(team.stdout).toMatch(/SOURCE\s+BY\s+ID/);
    expect(team.stdout).toMatch(/Rustam Karimov.*Test User/);
    const page = JSON.parse((await runCli(["monitor", "list", ...colleague, "--team", "--json"], env)).stdout);
    expect(page.items[0]).toMatchObject({ searchTerm: "Rustam Karimov", createdBy: { name: "Test User" } });
    const row = await entity("Rustam Karimov");
    const refused = await runCli(["monitor", "pause", row.id, ...colleague], env);
    expect([refused.code, refused.stderr.trim()]).toEqual([
      1,
      "duecheck: Only the member who added this entity, or the organisation's owners and admins, change its monitoring",
    ]);
    expect((await entity("Rustam Karimov")).status).toBe("active");
  });
});
