import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { openDatabase, schema } from "../../data/db.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { importQueryByExampleList } from "../fixtures/query-by-example-list.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { balanceOfEmail } from "../helpers/credits.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { type NewsServer, startGdeltServer } from "../helpers/news-servers.ts";

/** `duecheck search` and `duecheck history` as separate processes, with a server running and without one. */
let gdelt: NewsServer;
let newsEnv: Record<string, string>;
let restoreEnv: () => void = () => {};

beforeAll(() => {
  gdelt = startGdeltServer({
    "Rustam Karimov": [
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
  newsEnv = {
    DUECHECK_NEWS_PROVIDERS: "gdelt",
    DUECHECK_GDELT_URL: gdelt.url,
    DUECHECK_NEWS_TIMEOUT_MS: "2000",
    ...SCREENING_TEST_ENV,
  };
});
afterAll(() => gdelt.stop());

describe("with a server running", () => {
  let app: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    // The in-process server reads its news providers and job settings from the environment.
    restoreEnv = setEnv(newsEnv);
    app = await startApp();
    await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
    await importSdn(app.db);
    await createUser(app.db, { email: "analyst@example.com", password: "analyst-password", credits: 25 });
    env = { ...app.env, ...newsEnv };
  });
  afterAll(async () => {
    await app.stop();
    restoreEnv();
  });

  test("search runs on the server's workers, shows progress, prints risk, reasons, matches and media; charged once", async () => {
    const res = await runCli(["search", "Rustam Karimov", "--user", "analyst@example.com", "--country", "UZ"], env);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Search [0-9a-f-]{36} for analyst@example\.com \(10 credits\)/);
    // Progress shows while the search is under way: which line depends on how fast the server's worker takes the job
    // (none when it is done at the CLI's first look), and on PostgreSQL the CLI cannot know whether a server runs.
    // Every line names another runner: the CLI itself never runs the job (asserted below).
    const progress = res.stdout.split("\n").filter((line) => /^(Queued|Screening)/.test(line));
    for (const line of progress)
      expect(line).toMatch(/^Queued: waiting for (the server's workers|a worker)$|^Screening "Rustam Karimov" on (the server|another process)/);
    expect(res.stdout).not.toContain("this process runs the search");
    expect(res.stdout).not.toContain('Screening "Rustam Karimov": ');
    expect(res.stdout).toContain("Rustam Karimov (Person)  CRITICAL RISK");
    expect(res.stdout).toContain("Reasons");
    expect(res.stdout).toMatch(/Match Found\s+OFAC Specially Designated Nationals \(SDN\) List: KARIMOV, Rustam Alievich \(\d+%\)/);
    expect(res.stdout).toContain("Rustam Karimov charged with money laundering");
    expect(res.stdout).toContain("https://news.example/karimov");
    expect(res.stdout).toContain("Comprehensive Due Diligence Analysis");
    expect(await balanceOfEmail(app.db, "analyst@example.com")).toBe(15);
  });

  test("search --json prints the search as the API does; without --user the first admin searches, not charged", async () => {
    const res = await runCli(["search", "Jane Example", "--type", "company", "--links", "5", "--json"], env);
    expect(res.code).toBe(0);
    const search = JSON.parse(res.stdout);
    // The CLI seeds the official lists: those never downloaded are unchecked sources, so the risk is medium.
    expect(search).toMatchObject({ status: "completed", searchTerm: "Jane Example", entityType: "company", numLinks: 5, creditsUsed: 0, riskLevel: "medium" });
    expect(search.results.clean).toBe(false);
    expect(search.results.sanctionsList[0]).toMatchObject({ datasetId: "us_ofac_sdn", match: false });
    const [row] = await app.db.select().from(schema.searches).where(eq(schema.searches.id, search.id));
    const [owner] = await app.db.select().from(schema.users).where(eq(schema.users.id, row.userId));
    expect(owner.email).toBe("admin@test.local");
  });

  test("history lists a user's searches newest first, as a table and as JSON", async () => {
    const json = JSON.parse((await runCli(["history", "--user", "analyst@example.com", "--json"], env)).stdout);
    expect(json.items).toHaveLength(1);
    expect(json.items[0]).toMatchObject({ searchTerm: "Rustam Karimov", entityType: "person", status: "completed", riskLevel: "critical" });
    const table = await runCli(["history"], env);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain("Searches of admin@test.local: 1");
    expect(table.stdout).toMatch(/DATE\s+NAME\s+TYPE\s+STATUS\s+RISK\s+ID/);
    expect(table.stdout).toMatch(/Jane Example\s+Company\s+completed\s+medium/);
  });

  test("prints in the user's report language (German), or in --language (French); errors too", async () => {
    const client = await signedIn(app, { email: "analyst.de@example.com", password: "analyst-password", credits: 25 });
    expect((await client.post("/api/auth/update-languages", { profileLanguage: "de", reportLanguage: "de" })).status).toBe(200);

    const res = await runCli(["search", "Rustam Karimov", "--user", "analyst.de@example.com", "--country", "UZ"], env);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Suche [0-9a-f-]{36} für analyst\.de@example\.com \(10 Credits\)/);
    const progress = res.stdout.split("\n").filter((line) => /^(In der Warteschlange|Prüfung von)/.test(line));
    for (const line of progress) {
      expect(line).toMatch(
        /^In der Warteschlange: Warten auf (die Worker des Servers|einen Worker)$|^Prüfung von „Rustam Karimov“ (auf dem Server|in einem anderen Prozess)/,
      );
    }
    expect(res.stdout).toContain("Rustam Karimov (Person)  KRITISCHES RISIKO");
    expect(res.stdout).toMatch(/\nGründe\n\s+kritisch\s+(Starker )?Sanktionstreffer/);
    expect(res.stdout).toMatch(/Sanktionslisten: \d+ durchsucht, 1 mit Treffer/);
    // the words as German writes them, never "kein treffer" beside "TREFFER GEFUNDEN"
    expect(res.stdout).toMatch(/Treffer gefunden\s+OFAC Specially Designated Nationals/);
    expect(res.stdout).not.toMatch(/kein treffer|TREFFER GEFUNDEN/);
    expect(res.stdout).toMatch(/Negative Medienberichte \(1 Artikel\)\n\s+\[\S+\] Rustam Karimov charged with money laundering/);
    expect(res.stdout).toContain("Umfassende Due-Diligence-Analyse");
    // the lists never downloaded here, with why in German (stored as codes, worded when shown)
    expect(res.stdout).toContain("\n  UN Security Council Consolidated List (Sanktionsliste): nie heruntergeladen");
    expect(res.stdout).toMatch(/^\d+ von \d+ Listen haben noch keine Daten \(nie heruntergeladen: .*UN Security Council Consolidated List/);
    expect(res.stdout).toContain("PEP-Status: Es wurde kein Eintrag als politisch exponierte Person (PEP) gefunden.");
    expect(res.stdout).not.toContain("Never downloaded");
    for (const english of ["CRITICAL RISK", "Reasons", "Sanctions lists", "Queued", "Screening", "credits)", "Comprehensive"])
      expect(res.stdout).not.toContain(english);

    const history = await runCli(["history", "--user", "analyst.de@example.com", "--language", "fr"], env);
    expect(history.code).toBe(0);
    expect(history.stdout).toContain("Recherches de analyst.de@example.com : 1");
    expect(history.stdout).toMatch(/DATE\s+NOM\s+TYPE\s+STATUT\s+RISQUE\s+ID/);
    expect(history.stdout).toMatch(/Rustam Karimov\s+Personne\s+terminée\s+critique/);
    // without --language: the user's report language
    expect((await runCli(["history", "--user", "analyst.de@example.com"], env)).stdout).toMatch(/DATUM\s+NAME\s+TYP\s+STATUS\s+RISIKO\s+ID/);

    for (const [args, message] of [
      [["search", "Acme", "--user", "nobody@example.com", "--language", "de"], "Kein Benutzer mit der E-Mail-Adresse nobody@example.com"],
      [["search", "Acme", "--links", "viele", "--language", "fr"], "--links doit être un nombre entier, reçu « viele »"],
      // 25 credits, one search of 10 above, so another fits; the third does not
      [["search", "Acme", "--user", "analyst.de@example.com", "--json"], null],
      [
        ["search", "Acme", "--user", "analyst.de@example.com"],
        "Für eine Suche benötigen Sie mindestens 10 Credits. Bitte wenden Sie sich an den Support, um weitere Credits hinzuzufügen.",
      ],
      [["history", "--limit", "500", "--language", "es"], "--limit debe ser un número entero de 1 a 100, se recibió '500'"],
      [["history", "--language", "xx"], "--language must be one of en, de, es, fr, got 'xx'"],
    ] as const) {
      const refused = await runCli([...args], env);
      if (message === null) expect(refused.code).toBe(0);
      else expect([args.join(" "), refused.code, refused.stderr]).toEqual([args.join(" "), 1, `duecheck: ${message}\n`]);
    }
  });

  test("refusals: too few credits (402 text), blank name, unknown user, bad options; exit code 1 and nothing charged", async () => {
    const poor = await runCli(["search", "Jane Example", "--user", "analyst@example.com"], env);
    expect(poor.code).toBe(0);
    const refused = await runCli(["search", "Jane Example", "--user", "analyst@example.com"], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe("duecheck: You need at least 10 credits to perform a search. Please contact support to add more credits.\n");
    expect(await balanceOfEmail(app.db, "analyst@example.com")).toBe(5);
    for (const [args, message] of [
      [["search", "   "], "Search term is required"],
      [["search", "Acme", "--user", "nobody@example.com"], "No user with email nobody@example.com"],
      [["search", "Acme", "--type", "ship"], "Entity type must be person or company"],
      [["search", "Acme", "--links", "many"], "--links must be a whole number, got 'many'"],
      [["search", "Acme", "--country", "XY"], "Country must be a two-letter ISO 3166 code, such as DE or US"],
      [["history", "--user", "nobody@example.com"], "No user with email nobody@example.com"],
    ] as const) {
      const res = await runCli([...args], env);
      expect([args.join(" "), res.code, res.stderr]).toEqual([args.join(" "), 1, `duecheck: ${message}\n`]);
    }
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
      await keepOnlyDatasets(database.db, ["us_ofac_sdn"]);
      await importSdn(database.db);
      await createUser(database.db, { email: "solo@example.com", password: "solo-password", credits: 25 });
    } finally {
      await database.close();
    }
  });
  afterAll(() => testDatabase.drop());

  test("the CLI runs the job itself, with its stages as progress lines, and it is charged", async () => {
    const res = await runCli(["search", "Rustam Karimov", "--user", "solo@example.com"], { ...testDatabase.env, ...newsEnv, DUECHECK_JOB_POLL_SECONDS: "0.5" });
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("this process runs the search");
    const stages = res.stdout.split("\n").filter((line) => line.startsWith('Screening "Rustam Karimov": '));
    expect(stages.map((line) => line.split(": ")[1])).toEqual([
      "checking the sanctions and PEP lists",
      "searching the news",
      "assessing the risk",
      "writing the summary",
      "saving the results",
    ]);
    expect(res.stdout).toMatch(/HIGH RISK|CRITICAL RISK/);
    expect(res.stdout).toContain("Rustam Karimov charged with money laundering");
    const history = JSON.parse((await runCli(["history", "--user", "solo@example.com", "--json"], testDatabase.env)).stdout);
    expect(history.items.map((s: { status: string; searchTerm: string }) => [s.searchTerm, s.status])).toEqual([["Rustam Karimov", "completed"]]);
    const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
    try {
      expect(await balanceOfEmail(database.db, "solo@example.com")).toBe(15);
    } finally {
      await database.close();
    }
  });

  test("without a news provider, German output names the unchecked news once and keeps the words' case", async () => {
    const env = { ...testDatabase.env, ...newsEnv, DUECHECK_NEWS_PROVIDERS: "none", DUECHECK_JOB_POLL_SECONDS: "0.5" };
    const res = await runCli(["search", "Jane Example", "--user", "solo@example.com", "--language", "de"], env);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("\n  Nachrichten: ");
    expect(res.stdout).not.toContain("Nachrichten (Nachrichten)");
    expect(res.stdout).toMatch(/Kein Treffer\s+OFAC Specially Designated Nationals/);
    expect(res.stdout).not.toMatch(/kein treffer/);
  });
});

describe("query by example: --birth-date, --nationality, --identifier", () => {
  let app: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    restoreEnv = setEnv(newsEnv);
    app = await startApp();
    await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
    await importQueryByExampleList(app.db);
    await createUser(app.db, { email: "example@example.com", password: "example-password", credits: 100 });
    env = { ...app.env, ...newsEnv };
  });
  afterAll(async () => {
    await app.stop();
    restoreEnv();
  });

  test("a passport the listing carries makes it a match under another spelling; the details and the evidence are printed and in --json", async () => {
    const args = [
      "search",
      "Rustem Karimow",
      "--user",
      "example@example.com",
      "--identifier",
      "passport:fa 123 4567",
      "--birth-date",
      "1968-03-14",
      "--nationality",
      "uz",
    ];
    const res = await runCli(args, env);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("Also searched: born Mar 14, 1968, nationality Uzbekistan, passport fa 123 4567");
    expect(res.stdout).toContain("CRITICAL RISK");
    expect(res.stdout).toMatch(/Match Found\s+OFAC Specially Designated Nationals \(SDN\) List: KARIMOV, Rustam Alievich \(100%\)/);
    expect(res.stdout).toContain("KARIMOV, Rustam Alievich: the listing carries the searched passport FA1234567; birth date agrees; nationality agrees; name ");
    expect(res.stdout).toContain("the listing carries the searched passport FA1234567");

    const json = JSON.parse((await runCli([...args, "--json"], env)).stdout);
    expect(json.details).toEqual({ birthDate: "1968-03-14", nationality: "UZ", identifiers: [{ kind: "passport", value: "fa 123 4567" }] });
    const hit = json.results.sanctionsList.find((row: { datasetId: string }) => row.datasetId === "us_ofac_sdn").hits[0];
    expect(hit.evidence).toMatchObject({ identifier: { kind: "passport", value: "FA1234567" }, birthDate: "agrees", nationality: "agrees" });
    expect(await balanceOfEmail(app.db, "example@example.com")).toBe(80);
  });

  test("a birth date that clearly differs keeps the exact name a near miss, said in the user's language", async () => {
    const res = await runCli(["search", "Tariq Mahmoud Hassan", "--user", "example@example.com", "--birth-date", "1950", "--language", "de"], env);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("Außerdem gesucht: geboren 1950");
    expect(res.stdout).toContain(
      "HASSAN, Tariq Mahmoud: Name stimmt überein, Geburtsdatum weicht ab (gelistet 20.09.1980, 1981, gesucht 1950): als Beinahe-Treffer geführt",
    );
    expect(res.stdout).toContain("Name stimmt überein, Geburtsdatum weicht ab: HASSAN, Tariq Mahmoud");
    expect(res.stdout).not.toMatch(/^\s+Treffer gefunden\s/m);
  });

  test("duecheck sanctions search takes the same flags and says what the details decided", async () => {
    const res = await runCli(["sanctions", "search", "Some Other Ship", "--type", "company", "--identifier", "imo:IMO 9187629"], env);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("OCEAN SPIRIT: the listing carries the searched IMO number 9187629");
    const json = JSON.parse((await runCli(["sanctions", "search", "Tariq Mahmoud Hassan", "--birth-date", "1950", "--json"], env)).stdout);
    expect(json.results[0]).toMatchObject({ name: "HASSAN, Tariq Mahmoud", match: false, evidence: { nameMatchesBirthDateDiffers: true } });
    const bad = await runCli(["sanctions", "search", "Karimov", "--nationality", "Uzbekistan"], env);
    expect([bad.code, bad.stderr]).toEqual([1, "duecheck: Nationality must be a two-letter ISO 3166 code, such as DE or US\n"]);
  });

  test("bad details are refused with exit 1 and the shared validation's message; nothing is charged", async () => {
    const before = await balanceOfEmail(app.db, "example@example.com");
    for (const [args, message] of [
      [
        ["--identifier", "FA1234567"],
        "--identifier must be KIND:VALUE with KIND one of passport, national_id, tax_id, imo, lei, crypto_wallet, got 'FA1234567'",
      ],
      [["--identifier", "ssn:123-45-6789"], "Identifier kind must be one of passport, national_id, tax_id, imo, lei, crypto_wallet"],
      [["--identifier", "imo:123"], "IMO number must be 7 digits (IMO 1234567)"],
      [["--birth-date", "1968-02-30"], "Birth date must be a real date between 1850 and today"],
      [["--birth-date", "March 1968"], "Birth date must be a year (1956) or a date (1956-03-04)"],
      [["--nationality", "Uzbekistan"], "Nationality must be a two-letter ISO 3166 code, such as DE or US"],
    ] as const) {
      const res = await runCli(["search", "Rustam Karimov", "--user", "example@example.com", ...args], env);
      expect([args.join(" "), res.code, res.stderr]).toEqual([args.join(" "), 1, `duecheck: ${message}\n`]);
    }
    const spanish = await runCli(["search", "Rustam Karimov", "--user", "example@example.com", "--identifier", "pasaporte", "--language", "es"], env);
    expect(spanish.stderr).toBe(
      "duecheck: --identifier debe ser TIPO:VALOR con TIPO uno de passport, national_id, tax_id, imo, lei, crypto_wallet; se recibió 'pasaporte'\n",
    );
    expect(await balanceOfEmail(app.db, "example@example.com")).toBe(before);
  });
});
