/**
 * GET /api/cases/{id}/report.pdf and report.xlsx over real HTTP: a screening with Dmitri Orlov's OFAC listing opens a
 * case; its hits are decided, a file attached and the case closed; its report comes back as a download (PDF read with
 * pdftotext, workbook with exceljs) for a member and for the organisation's auditor, in the language asked for; another
 * organisation's member, an unknown id and a signed-out client get nothing, and every reading is audited on the case.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { schema } from "../../data/db.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { cookieOf, uploadAttachment } from "../helpers/case-attachments.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { memberOf, screened } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
const PDFTOTEXT = Bun.which("pdftotext");
const LETTER = new TextEncoder().encode("From: compliance@bank.example\nSubject: Orlov onboarding\n\nThe customer sent his passport.\n");
const LETTER_SHA = createHash("sha256").update(LETTER).digest("hex");

let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: { id: string; http: HttpClient };
let auditor: { id: string; http: HttpClient };
let outsider: HttpClient;
let search: any;
let caseId: string;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  const owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
  const organisationId = (await owner.get("/api/auth/me")).json.organisation.id;
  analyst = await memberOf(app, organisationId, "analyst", "analyst@example.com");
  auditor = await memberOf(app, organisationId, "auditor", "auditor@example.com");
  outsider = await signedIn(app, { email: "outsider@example.com", password: "outsider-password-1", fullName: "Out Sider", credits: 1000 });

  search = await screened(analyst.http, "Dmitri Orlov");
  caseId = search.caseId;
  expect(caseId).toEqual(expect.any(String));
  for (const hit of search.results.sanctionsList.flatMap((row: any) => row.hits)) {
    const decided = await analyst.http.post(`/api/searches/${search.id}/decisions`, {
      hitId: hit.hitId,
      decision: "false_positive",
      reason: "common_name",
    });
    expect(decided.status).toBe(201);
  }
  expect((await uploadAttachment(analyst.http, caseId, LETTER, "onboarding.eml")).status).toBe(201);
  const closed = await analyst.http.post(`/api/cases/${caseId}/status`, { status: "closed", outcome: "false_positive", reason: "Born in another year" });
  expect(closed.status).toBe(200);
}, 180_000);
afterAll(() => stopApp());

async function download(client: HttpClient | null, path: string) {
  const res = await fetch(`${app.url}${path}`, { headers: client ? { cookie: cookieOf(client) } : {} });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  expect(PDFTOTEXT).toBeTruthy();
  const dir = mkdtempSync(join(tmpdir(), "duecheck-case-report-"));
  try {
    writeFileSync(join(dir, "report.pdf"), bytes);
    return Bun.spawnSync([PDFTOTEXT!, "-raw", join(dir, "report.pdf"), "-"])
      .stdout.toString()
      .replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const reportEntries = async () =>
  app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, "case.report_exported"), eq(schema.auditLog.targetId, caseId)));

describe("GET /api/cases/{id}/report.pdf and .xlsx", () => {
  test("a member downloads the PDF: the case, its search, decisions, the file's checksum, the outcome and the verification", async () => {
    const res = await download(analyst.http, `/api/cases/${caseId}/report.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="duecheck-case-dmitri-orlov-\d{4}-\d{2}-\d{2}\.pdf"/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(Number(res.headers.get("content-length"))).toBe(res.bytes.byteLength);
    const text = await pdfText(res.bytes);
    for (const words of [
      "Case report",
      "Name Dmitri Orlov",
      "Outcome False positive",
      "ORLOV, Dmitri Pavlovich",
      "False positive · Reason: Common name · State: Decided",
      "onboarding.eml (EML)",
      "Born in another year",
      "Identical",
    ]) {
      expect(text).toContain(words);
    }
    const joined = text.replace(/ /g, "");
    expect(joined).toContain(search.id);
    expect(joined).toContain(search.results.datasetsUsed[0].checksum);
    expect(joined).toContain(LETTER_SHA);
  });

  test("the workbook, in the language asked for; an unknown language is 400", async () => {
    const res = await download(analyst.http, `/api/cases/${caseId}/report.xlsx?language=de`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toMatch(/filename="duecheck-case-dmitri-orlov-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    expect(wb.worksheets[0].name).toBe("Fall");
    const summary: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => summary.push((row.values as unknown[]).slice(1)));
    expect(summary).toContainEqual(["Ergebnis", "Falsch positiv"]);
    const files: unknown[][] = [];
    wb.getWorksheet("Anhänge")!.eachRow((row) => files.push((row.values as unknown[]).slice(1)));
    expect(files[1].slice(0, 4)).toEqual(["onboarding.eml", "EML", LETTER.byteLength, LETTER_SHA]);

    const bad = await analyst.http.get(`/api/cases/${caseId}/report.pdf?language=xx`);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("language must be one of en, de, es, fr");
  });

  test("the organisation's auditor reads it; another organisation, an unknown id and a signed-out client do not", async () => {
    const before = (await reportEntries()).length;
    const audited = await download(auditor.http, `/api/cases/${caseId}/report.pdf`);
    expect(audited.status).toBe(200);
    expect(new TextDecoder().decode(audited.bytes.slice(0, 5))).toBe("%PDF-");

    const theirs = await outsider.get(`/api/cases/${caseId}/report.pdf`);
    expect([theirs.status, theirs.json.error]).toEqual([404, "Case not found"]);
    expect((await outsider.get(`/api/cases/${caseId}/report.xlsx`)).status).toBe(404);
    expect((await analyst.http.get("/api/cases/00000000-0000-4000-8000-000000000000/report.pdf")).status).toBe(404);
    expect((await analyst.http.get("/api/cases/not-an-id/report.xlsx")).status).toBe(404);
    expect((await download(null, `/api/cases/${caseId}/report.pdf`)).status).toBe(401);

    // Only the auditor's reading is on the record: refusals read nothing.
    const after = await reportEntries();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({ actorUserId: auditor.id, actorKind: "user", details: expect.objectContaining({ format: "pdf", searches: 1 }) });
  });
});
