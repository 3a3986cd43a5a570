/** `duecheck batch export` as a separate process: each format written to a file and read back; bad ids and formats. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { importPeps, importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { batchGdeltAnswer, type NewsServer, startGdeltServer } from "../helpers/news-servers.ts";

const BIN = join(import.meta.dir, "..", "..", "bin", "duecheck");
const folder = mkdtempSync(join(tmpdir(), "dc-batch-export-"));
let gdelt: NewsServer;
let app: TestApp;
let env: Record<string, string>;
let restoreEnv: () => void = () => {};
let batchId: string;
/** The batch's creation day (UTC), which its file names carry. */
let createdDay: string;

beforeAll(async () => {
  gdelt = startGdeltServer(batchGdeltAnswer);
  const newsEnv = { DUECHECK_NEWS_PROVIDERS: "gdelt", DUECHECK_GDELT_URL: gdelt.url, DUECHECK_NEWS_TIMEOUT_MS: "2000", ...SCREENING_TEST_ENV };
  restoreEnv = setEnv(newsEnv);
  app = await startApp();
  await keepOnlyDatasets(app.db, ["us_ofac_sdn", "us_congress_peps"]);
  await importSdn(app.db);
  await importPeps(app.db);
  await createUser(app.db, { email: "analyst@example.com", password: "analyst-password", fullName: "Ana Lyst", credits: 1000 });
  await createUser(app.db, { email: "other@example.com", password: "other-password", credits: 1000 });
  env = { ...app.env, ...newsEnv };
  const csv = join(folder, "customers.csv");
  writeFileSync(csv, 'name,type,country\nRustam Karimov,person,UZ\n"Acme Trading, Ltd",company,\n@Jane Example,person,\n');
  const run = await runCli(["batch", "run", csv, "--user", "analyst@example.com", "--name", "Customers Q1", "--json"], env);
  expect(run.stderr).toBe("");
  ({ id: batchId, createdAt: createdDay } = JSON.parse(run.stdout));
  createdDay = createdDay.slice(0, 10);
});
afterAll(async () => {
  await app.stop();
  await gdelt.stop();
  restoreEnv();
  rmSync(folder, { recursive: true, force: true });
});

test("-o writes the CSV there and prints where; every entity with its findings", async () => {
  const file = join(folder, "out.csv");
  const res = await runCli(["batch", "export", batchId, "--format", "csv", "-o", file, "--user", "analyst@example.com"], env);
  expect([res.code, res.stderr]).toEqual([0, ""]);
  expect(res.stdout.trim()).toBe(`Batch "Customers Q1" exported to ${file}`);
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows]: string[][] = parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
  expect(header.slice(0, 10)).toEqual([
    "Search term",
    "Customer reference",
    "Entity type",
    "Country",
    "Birth date",
    "Nationality",
    "Identifiers",
    "Status",
    "Risk level",
    "Review status",
  ]);
  const byTerm = Object.fromEntries(rows.map((r) => [r[0], r]));
  expect(rows.map((r) => r[0])).toEqual(["Rustam Karimov", "Acme Trading, Ltd", "'@Jane Example"]);
  // the file gave no customer reference, birth date, nationality or identifiers: those cells stay empty
  expect(byTerm["Rustam Karimov"].slice(1, 8)).toEqual(["", "Person", "UZ", "", "", "", "Completed"]);
  expect(["Critical Risk", "High Risk"]).toContain(byTerm["Rustam Karimov"][8]);
  expect(byTerm["Rustam Karimov"][9]).toBe("Needs review");
  expect(byTerm["Rustam Karimov"][10]).toBe("1");
});

test("without -o the file gets the batch's name and date in the current folder", async () => {
  const cwd = mkdtempSync(join(folder, "cwd-"));
  const proc = Bun.spawn([BIN, "batch", "export", batchId, "--format", "xlsx", "--user", "analyst@example.com"], {
    cwd,
    env: { ...process.env, DATABASE_URL: "", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  const path = join(cwd, `duecheck-batch-customers-q1-${createdDay}.xlsx`);
  expect([code, stdout.trim()]).toEqual([0, `Batch "Customers Q1" exported to ${path}`]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  expect(wb.worksheets.map((ws) => ws.name)).toEqual(["Summary", "Results"]);
  expect(wb.getWorksheet("Results")!.rowCount).toBe(4);
});

test("the PDF summary in German with --language de", async () => {
  const file = join(folder, "summary.pdf");
  const res = await runCli(["batch", "export", batchId, "--format", "pdf", "-o", file, "--user", "analyst@example.com", "--language", "de"], env);
  expect([res.code, res.stdout.trim()]).toEqual([0, `Stapel „Customers Q1“ exportiert nach ${file}`]);
  const text = Bun.spawnSync(["pdftotext", "-layout", file, "-"]).stdout.toString().replace(/\s+/g, " ");
  expect(text).toContain("Zusammenfassung der Stapelprüfung");
  expect(text).toContain("Ana Lyst <analyst@example.com>");
  expect(text).toMatch(/Einträge 3 Geprüft 3 Fehlgeschlagen 0/);
  expect(text.slice(text.indexOf("Einträge, die Aufmerksamkeit erfordern"))).toContain("Rustam Karimov");
});

test("an unknown batch, another user's batch, a bad format or an unwritable file: exit 1 with why, and no file", async () => {
  const file = join(folder, "never.csv");
  const unknown = "6f1c2a9e-1111-4c1d-9a55-0d1e2f3a4b5c";
  const missing = await runCli(["batch", "export", unknown, "--format", "csv", "-o", file, "--user", "analyst@example.com"], env);
  expect([missing.code, missing.stderr.trim()]).toEqual([1, `duecheck: No batch ${unknown} of this user`]);
  const foreign = await runCli(["batch", "export", batchId, "--format", "csv", "-o", file, "--user", "other@example.com", "--language", "de"], env);
  expect([foreign.code, foreign.stderr.trim()]).toEqual([1, `duecheck: Kein Stapel ${batchId} dieses Benutzers`]);
  const format = await runCli(["batch", "export", batchId, "--format", "docx", "-o", file, "--user", "analyst@example.com"], env);
  expect([format.code, format.stderr.trim()]).toEqual([1, "duecheck: --format must be csv, xlsx or pdf, got 'docx'"]);
  const noFormat = await runCli(["batch", "export", batchId, "-o", file], env);
  expect(noFormat.code).toBe(1);
  expect(noFormat.stderr).toContain("--format");
  expect(existsSync(file)).toBe(false);

  const nowhere = join(folder, "no-such-folder", "out.csv");
  const unwritable = await runCli(["batch", "export", batchId, "--format", "csv", "-o", nowhere, "--user", "analyst@example.com"], env);
  expect(unwritable.code).toBe(1);
  expect(unwritable.stderr).toStartWith(`duecheck: Cannot write ${nowhere}: `);
});
