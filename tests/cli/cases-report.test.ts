/**
 * `duecheck cases attach | report` on the database of a running server: the server screened a search with an OFAC hit,
 * which opened its subject's case. The CLI attaches files as the API does (the same checks: the type from the bytes,
 * an executable refused, 10 MB at most, the auditor refused, another organisation's case not found; exit 1 with the
 * API's message), and writes the case's report to a PDF or an Excel file for any reader of the case, auditors too.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { READ_ONLY_MESSAGE } from "../../lib/auth/roles.ts";
import { FILE_TOO_LARGE } from "../../lib/cases/attachments.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { ELF, PDF } from "../fixtures/attachments.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { downloadAttachment } from "../helpers/case-attachments.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { memberOf, screened } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
const ANALYST = ["--user", "analyst@example.com"];
const AUDITOR = ["--user", "auditor@example.com"];
const OUTSIDER = ["--user", "outsider@example.com"];
const PDFTOTEXT = Bun.which("pdftotext");
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: { id: string; http: HttpClient };
let search: any;
let caseId: string;
let dir: string;

const cli = (...args: string[]) => runCli(args, app.env);
const inDir = (name: string, content?: Uint8Array) => {
  const path = join(dir, name);
  if (content) writeFileSync(path, content);
  return path;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "duecheck-cases-cli-"));
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  const owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
  const organisationId = (await owner.get("/api/auth/me")).json.organisation.id;
  analyst = await memberOf(app, organisationId, "analyst", "analyst@example.com");
  await memberOf(app, organisationId, "auditor", "auditor@example.com");
  await signedIn(app, { email: "outsider@example.com", password: "outsider-password-1", fullName: "Out Sider", credits: 1000 });
  search = await screened(analyst.http, "Dmitri Orlov");
  caseId = search.caseId;
  expect(caseId).toEqual(expect.any(String));
}, 180_000);
afterAll(async () => {
  await stopApp();
  rmSync(dir, { recursive: true, force: true });
});

describe("duecheck cases attach", () => {
  test("attaches the file: its name, type from the bytes, size and SHA-256; the API serves the same bytes", async () => {
    const run = await cli("cases", "attach", caseId, inDir("passport scan.pdf", PDF), ...ANALYST);
    expect([run.code, run.stderr]).toEqual([0, ""]);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toBe(`Attached: passport scan.pdf (PDF, ${PDF.byteLength} bytes) to Dmitri Orlov`);
    expect(lines[1]).toBe(`SHA-256: ${sha(PDF)}`);
    const id = lines[2].replace("Attachment ID: ", "");
    const kase = (await analyst.http.get(`/api/cases/${caseId}`)).json;
    expect(kase.attachments).toContainEqual(
      expect.objectContaining({ id, fileName: "passport scan.pdf", type: "pdf", size: PDF.byteLength, sha256: sha(PDF) }),
    );
    const served = await downloadAttachment(analyst.http, caseId, id);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(PDF);

    // --json answers as POST /api/cases/{id}/attachments does; --name lists it under another name.
    const json = await cli("cases", "attach", caseId, inDir("scan.bin", PDF), "--name", "registry extract.pdf", "--json", ...ANALYST);
    expect(json.code).toBe(0);
    const view = JSON.parse(json.stdout);
    expect(view).toMatchObject({ fileName: "registry extract.pdf", type: "pdf", mediaType: "application/pdf", sha256: sha(PDF), uploaderId: analyst.id });
    const timeline = (await analyst.http.get(`/api/cases/${caseId}`)).json.timeline;
    expect(timeline.filter((e: any) => e.kind === "attachment_added").map((e: any) => e.details.fileName)).toEqual([
      "passport scan.pdf",
      "registry extract.pdf",
    ]);
  });

  test("refuses what the API refuses, with its message, and attaches nothing", async () => {
    const count = async () => (await analyst.http.get(`/api/cases/${caseId}`)).json.attachments.length;
    const before = await count();
    const exe = await cli("cases", "attach", caseId, inDir("invoice.pdf", ELF), ...ANALYST);
    expect(exe.code).toBe(1);
    expect(exe.stderr).toBe("duecheck: The file is an ELF executable: executables, scripts and archives are never attached to a case\n");
    const big = await cli("cases", "attach", caseId, inDir("big.pdf", new Uint8Array(10 * 1024 * 1024 + 1)), ...ANALYST);
    expect([big.code, big.stderr]).toEqual([1, `duecheck: ${FILE_TOO_LARGE}\n`]);
    const auditor = await cli("cases", "attach", caseId, inDir("memo.pdf", PDF), ...AUDITOR);
    expect([auditor.code, auditor.stderr]).toEqual([1, `duecheck: ${READ_ONLY_MESSAGE}\n`]);
    const outsider = await cli("cases", "attach", caseId, inDir("memo.pdf", PDF), ...OUTSIDER);
    expect([outsider.code, outsider.stderr]).toEqual([1, "duecheck: Case not found\n"]);
    const missing = await cli("cases", "attach", caseId, inDir("nowhere.pdf"), ...ANALYST);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toStartWith(`duecheck: Cannot read ${inDir("nowhere.pdf")}: `);
    expect(await count()).toBe(before);
  });
});

describe("duecheck cases report", () => {
  test("writes the PDF and the workbook: the case, its search verified again, the files' checksums, the outcome", async () => {
    for (const hit of search.results.sanctionsList.flatMap((row: any) => row.hits)) {
      expect(
        (await analyst.http.post(`/api/searches/${search.id}/decisions`, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" })).status,
      ).toBe(201);
    }
    expect((await analyst.http.post(`/api/cases/${caseId}/status`, { status: "closed", outcome: "false_positive" })).status).toBe(200);

    const pdf = inDir("report.pdf");
    const run = await cli("cases", "report", caseId, "--output", pdf, ...AUDITOR);
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toBe(`Written: ${pdf}\nSearches verified again: 1 identical, 0 different, 0 cannot be verified\n`);
    expect(PDFTOTEXT).toBeTruthy();
    const text = Bun.spawnSync([PDFTOTEXT!, "-raw", pdf, "-"]).stdout.toString().replace(/\s+/g, " ");
    for (const words of ["Case report", "Outcome False positive", "ORLOV, Dmitri Pavlovich", "passport scan.pdf (PDF)", "Identical"])
      expect(text).toContain(words);
    expect(text.replace(/ /g, "")).toContain(sha(PDF));

    const xlsx = inDir("report.xlsx");
    const de = await cli("cases", "report", caseId, "--format", "xlsx", "-o", xlsx, "--language", "de", ...ANALYST);
    expect([de.code, de.stdout]).toEqual([0, `Geschrieben: ${xlsx}\nSuchen erneut verifiziert: 1 identisch, 0 abweichend, 0 nicht verifizierbar\n`]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(xlsx) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toContain("Anhänge");
    const files: unknown[][] = [];
    wb.getWorksheet("Anhänge")!.eachRow((row) => files.push((row.values as unknown[]).slice(1)));
    expect(files.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ["passport scan.pdf", sha(PDF)],
      ["registry extract.pdf", sha(PDF)],
    ]);
  });

  test("another organisation's case is not found, a bad format is refused; nothing is written", async () => {
    const out = inDir("theirs.pdf");
    const theirs = await cli("cases", "report", caseId, "--output", out, ...OUTSIDER);
    expect([theirs.code, theirs.stderr]).toEqual([1, "duecheck: Case not found\n"]);
    const format = await cli("cases", "report", caseId, "--format", "docx", "--output", out, ...ANALYST);
    expect([format.code, format.stderr]).toEqual([1, "duecheck: --format must be pdf or xlsx, got 'docx'\n"]);
    expect(existsSync(out)).toBe(false);
  });
});
