/** `duecheck reports daily|generate|export` as a separate process on the server's database: output, files, errors. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { DAY, seedDay, ZONE } from "../fixtures/daily-report.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { setEnv } from "../helpers/env.ts";

const folder = mkdtempSync(join(tmpdir(), "dc-reports-cli-"));
const reportEnv = { DUECHECK_REPORT_TIMEZONE: ZONE, DUECHECK_REPORT_CHECK_SECONDS: "0" };
let app: TestApp;
let env: Record<string, string>;
let restoreEnv = () => {};

beforeAll(async () => {
  restoreEnv = setEnv(reportEnv);
  app = await startApp();
  const alice = await createUser(app.db, { email: "alice@example.com", password: "alice-password" });
  const bob = await createUser(app.db, { email: "bob@example.com", password: "bob-password" });
  await seedDay(app.db, { alice: alice.id, bob: bob.id });
  env = { ...app.env, ...reportEnv };
});
afterAll(async () => {
  await app?.stop();
  restoreEnv();
  rmSync(folder, { recursive: true, force: true });
});

test("daily before generation says how to make it; generate prints the organisation's figures", async () => {
  const missing = await runCli(["reports", "daily", "--date", DAY], env);
  expect([missing.code, missing.stderr.trim()]).toEqual([1, `duecheck: No report available for ${DAY} (duecheck reports generate --date ${DAY} makes it)`]);

  const generated = await runCli(["reports", "generate", "--date", DAY], env);
  expect([generated.code, generated.stderr]).toEqual([0, ""]);
  expect(generated.stdout).toContain(`Daily report of ${DAY} generated (Whole installation)`);
  expect(generated.stdout).toContain("Total searches: 5 (Manual: 4, Automated: 1)");
  expect(generated.stdout).toContain("Credits used: 6");
  expect(generated.stdout).toContain("Searches by hour of the day: 00:00 1 · 08:00 1 · 09:00 2 · 23:00 1");
  expect(generated.stdout).toContain("Success rate: 80 %");

  const json = await runCli(["reports", "daily", "--date", DAY, "--json"], env);
  expect(JSON.parse(json.stdout)).toMatchObject({ reportDate: DAY, scope: "instance", status: "completed", totalSearches: 5, highRiskFindings: 2 });
});

test("--user: that user's own report, in --language", async () => {
  const own = await runCli(["reports", "generate", "--date", DAY, "--user", "alice@example.com", "--language", "de"], env);
  expect([own.code, own.stderr]).toEqual([0, ""]);
  expect(own.stdout).toContain(`Tagesbericht vom ${DAY} erstellt (Eigene Aktivität: alice@example.com)`);
  expect(own.stdout).toContain("Suchen gesamt: 3 (Manuell: 2, Automatisch: 1)");
  const bobs = await runCli(["reports", "daily", "--date", DAY, "--user", "bob@example.com"], env);
  expect(bobs.code).toBe(1);
});

test("export writes the PDF and the Excel file", async () => {
  const pdf = join(folder, "day.pdf");
  const res = await runCli(["reports", "export", "--date", DAY, "--format", "pdf", "-o", pdf], env);
  expect([res.code, res.stderr, res.stdout.trim()]).toEqual([0, "", `Daily report of ${DAY} exported to ${pdf}`]);
  const text = Bun.spawnSync(["pdftotext", "-layout", pdf, "-"]).stdout.toString().replace(/\s+/g, " ");
  expect(text).toContain("Daily Activity Report");
  expect(text).toContain("Whole installation");

  const xlsx = join(folder, "own.xlsx");
  expect((await runCli(["reports", "export", "--date", DAY, "--format", "xlsx", "-o", xlsx, "--user", "alice@example.com"], env)).code).toBe(0);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(xlsx).buffer as ArrayBuffer);
  expect(workbook.worksheets.map((ws) => ws.name)).toEqual(["Overview", "Search Details", "Statistics", "Daily Rows"]);
  expect(workbook.getWorksheet("Search Details")!.rowCount).toBe(4);
});

test("the default day is yesterday in the report timezone; bad dates and formats are refused", async () => {
  const yesterday = new Date(`${new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date())}T00:00:00Z`);
  yesterday.setUTCDate(yesterday.getUTCDate() - 1);
  const made = await runCli(["reports", "generate", "--json"], env);
  expect(JSON.parse(made.stdout)).toMatchObject({ reportDate: yesterday.toISOString().slice(0, 10), status: "completed" });

  const bad = await Promise.all([
    runCli(["reports", "export", "--date", DAY, "--format", "docx", "-o", join(folder, "x.docx")], env),
    runCli(["reports", "daily", "--date", "2026-02-30"], env),
    runCli(["reports", "generate", "--date", "2999-01-01"], env),
    runCli(["reports", "generate", "--org", "00000000-0000-4000-8000-000000000000"], env),
    runCli(["reports", "daily", "--org", "not-an-id"], env),
  ]);
  expect(bad.map((r) => [r.code, r.stderr.trim()])).toEqual([
    [1, "duecheck: --format must be pdf or xlsx, got 'docx'"],
    [1, "duecheck: --date: date must be a real day"],
    [1, "duecheck: --date 2999-01-01 is in the future"],
    [1, "duecheck: --org: Organisation not found"],
    [1, "duecheck: --org: Organisation not found"],
  ]);
});
