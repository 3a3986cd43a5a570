/**
 * A case's report, PDF and Excel, on a real database: a subject screened twice by the real pipeline against a small
 * OFAC list (Dmitri Orlov listed) and once stored before list versions were recorded, its hits decided, a note, two
 * files attached and one removed, the case closed. The PDF is read back with pdftotext (in the order it was written, so a table cell reads whole), the workbook with exceljs:
 * the subject, each search with its list version and checksum, each hit with its decision, reviewer and reason, the
 * notes, the attachments with their checksums (the removed one marked, its checksum kept), the timeline, the outcome
 * and each search verified again. Reading it is allowed to auditors, audited, and 404 for another organisation.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { schema } from "../../data/db.ts";
import { addCaseAttachment, removeCaseAttachment } from "../../lib/cases/attachments.ts";
import { addCaseNote } from "../../lib/cases/notes.ts";
import { buildCaseReport } from "../../lib/cases/report/index.ts";
import { changeCaseStatus } from "../../lib/cases/status.ts";
import { systemClock } from "../../lib/clock.ts";
import { decideHit } from "../../lib/review/decisions.ts";
import { runSearchPipeline } from "../../lib/screening/pipeline.ts";
import type { SearchResults } from "../../lib/screening/results.ts";
import { createSearch } from "../../lib/screening/searches.ts";
import { caseOf, finished, type Member, member, orlovResults } from "../fixtures/cases.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { FakeNews, keepOnlyDatasets, openScreeningDb, pipelineDeps, type ScreeningDb, searchRow } from "../fixtures/screening.ts";

const PDFTOTEXT = Bun.which("pdftotext");

let s: ScreeningDb;
let owner: Member;
let analyst: Member;
let reviewer: Member;
let auditor: Member;
let outsider: Member;
let caseId: string;
let searchIds: string[];
let versionId: string;
let checksum: string;
const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const TXT_BYTES = new TextEncoder().encode("Registry extract: Orlov Holdings, director D. Orlov.\n");
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function screen(by: Member, term: string) {
  const search = await createSearch({ db: s.db, queue: s.queue }, { userId: by.id, searchTerm: term, entityType: "person" });
  expect(await runSearchPipeline(pipelineDeps(s.db, [new FakeNews()]), search.id)).toBe("completed");
  return searchRow(s.db, search.id);
}

beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
  await keepOnlyDatasets(s.db, ["us_ofac_sdn"]);
  const imported = await importReviewList(s.db);
  expect(imported.status).toBe("success");
  owner = await member(s.db, "owner");
  await s.db.update(schema.users).set({ fullName: "Olga Owner" }).where(eq(schema.users.id, owner.id));
  analyst = await member(s.db, "analyst", owner.organisationId);
  await s.db.update(schema.users).set({ fullName: "Ana Lyst" }).where(eq(schema.users.id, analyst.id));
  reviewer = await member(s.db, "reviewer", owner.organisationId);
  auditor = await member(s.db, "auditor", owner.organisationId);
  outsider = await member(s.db, "owner");

  const first = await screen(analyst, "Dmitri Orlov");
  const second = await screen(owner, "DMITRI orlov");
  // A search stored before list versions and the matcher's settings were recorded: it cannot be verified.
  const old = await finished(s.db, analyst, { term: "Dmitri Orlov", results: orlovResults() }, systemClock);
  searchIds = [first.id, second.id, old];
  caseId = (await caseOf(s.db, first.id))!;
  expect(caseId).toEqual(expect.any(String));
  expect(await caseOf(s.db, second.id)).toBe(caseId);
  expect(await caseOf(s.db, old)).toBe(caseId);
  const used = (first.results as SearchResults).datasetsUsed[0];
  versionId = used.versionId!;
  checksum = used.checksum!;

  for (const id of searchIds) {
    const row = await searchRow(s.db, id);
    for (const row_ of (row.results as SearchResults).sanctionsList) {
      for (const hit of row_.hits) {
        const decided = hit.name.startsWith("ORLOV, Dmitri")
          ? { decision: "true_match" as const, reason: "confirmed_identity" as const, text: "Passport copy matches the listing" }
          : { decision: "false_positive" as const, reason: "different_birth_date" as const };
        await decideHit({ db: s.db }, reviewer, id, { hitId: hit.hitId, ...decided });
      }
    }
  }
  await addCaseNote({ db: s.db }, analyst, caseId, "Called the relationship manager; the customer confirmed his identity.");
  await addCaseAttachment({ db: s.db }, analyst, caseId, { fileName: "passport-copy.pdf", declaredType: "application/pdf", content: PDF_BYTES });
  const wrong = await addCaseAttachment({ db: s.db }, analyst, caseId, { fileName: "wrong-customer.txt", declaredType: "text/plain", content: TXT_BYTES });
  await removeCaseAttachment({ db: s.db }, analyst, caseId, wrong.id, "Belongs to another customer");
  await changeCaseStatus({ db: s.db }, reviewer, caseId, { status: "closed", outcome: "true_match", reason: "Listed person confirmed" });
}, 120_000);
afterAll(() => s.close());

async function pdfText(bytes: Uint8Array): Promise<string> {
  expect(PDFTOTEXT).toBeTruthy();
  const dir = mkdtempSync(join(tmpdir(), "duecheck-case-report-"));
  try {
    const file = join(dir, "report.pdf");
    writeFileSync(file, bytes);
    const run = Bun.spawnSync([PDFTOTEXT!, "-raw", file, "-"]);
    expect(run.exitCode).toBe(0);
    return run.stdout.toString().replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every row of a sheet as plain values (dates as ISO strings). */
function rows(ws: ExcelJS.Worksheet | undefined): unknown[][] {
  expect(ws).toBeDefined();
  const out: unknown[][] = [];
  ws!.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : v)));
  });
  return out;
}

describe("the case report", () => {
  test("the PDF: case, subject, searches with list versions and checksums, decisions, notes, files, timeline, outcome, verification", async () => {
    const file = await buildCaseReport({ db: s.db }, analyst, caseId, "pdf");
    expect(file.contentType).toBe("application/pdf");
    expect(file.fileName).toMatch(/^duecheck-case-dmitri-orlov-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(new TextDecoder().decode(file.bytes.slice(0, 5))).toBe("%PDF-");
    const text = await pdfText(file.bytes);
    for (const words of [
      "Case report",
      `Case ID ${caseId}`,
      "Status Closed",
      "Outcome True match",
      "Subject",
      "Name Dmitri Orlov",
      "Entity type Person",
      "Searches and checks (3)",
      "Search ID",
      "Search · Ana Lyst",
      "Search · Olga Owner",
      "Lists and versions",
      "OFAC Specially Designated Nationals (SDN) List",
      "Hits and decisions",
      "ORLOV, Dmitri Pavlovich",
      "True match · Reason: Identity confirmed · State: Decided · Explanation: Passport copy matches the listing",
      "Called the relationship manager; the customer confirmed his identity.",
      "passport-copy.pdf (PDF)",
      "wrong-customer.txt (TXT)",
      "Belongs to another customer",
      "Timeline",
      "File removed",
      "Listed person confirmed",
      "Verification",
    ]) {
      expect(text).toContain(words);
    }
    // Ids and checksums are printed whole, if wrapped in their cells: read with the line breaks taken out.
    const joined = text.replace(/ /g, "");
    for (const id of searchIds) expect(joined).toContain(id);
    expect(joined).toContain(versionId);
    expect(joined).toContain(checksum);
    expect(joined).toContain(sha(PDF_BYTES));
    expect(joined).toContain(sha(TXT_BYTES));
    // Who decided: the reviewer, on every decided hit, with the time.
    const reviewerName = (await s.db.select().from(schema.users).where(eq(schema.users.id, reviewer.id)))[0].fullName;
    expect(text.split(`${reviewerName}, `).length - 1).toBeGreaterThanOrEqual(3);
    // Two searches verified identical again, the one stored before versions cannot be.
    expect(text.match(/Identical/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain("Cannot be verified: stored before list versions were recorded");
  });

  test("the workbook: one sheet per part, with the same facts as cells", async () => {
    const file = await buildCaseReport({ db: s.db }, reviewer, caseId, "xlsx");
    expect(file.fileName).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      "Case",
      "Searches",
      "List versions",
      "Hits",
      "Decisions",
      "Verification",
      "Notes",
      "Attachments",
      "Timeline",
    ]);
    const summary = rows(wb.getWorksheet("Case"));
    expect(summary).toContainEqual(["Case ID", caseId]);
    expect(summary).toContainEqual(["Status", "Closed"]);
    expect(summary).toContainEqual(["Outcome", "True match"]);
    expect(summary).toContainEqual(["Name", "Dmitri Orlov"]);

    const searches = rows(wb.getWorksheet("Searches"));
    expect(
      searches
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual([...searchIds].sort());

    const lists = rows(wb.getWorksheet("List versions"));
    const screened = lists.filter((r) => r[6] === versionId);
    expect(screened.map((r) => r[1]).sort()).toEqual([searchIds[0], searchIds[1]].sort());
    expect(screened.every((r) => r[7] === checksum)).toBe(true);
    // The search stored before versions were recorded lists none.
    expect(lists.filter((r) => r[1] === searchIds[2])).toEqual([]);

    const hits = rows(wb.getWorksheet("Hits"));
    const orlov = hits.filter((r) => r[2] === "ORLOV, Dmitri Pavlovich");
    expect(orlov).toHaveLength(3);
    const reviewerName = (await s.db.select().from(schema.users).where(eq(schema.users.id, reviewer.id)))[0].fullName;
    for (const r of orlov) {
      expect(r.slice(6, 11)).toEqual(["True match", "Identity confirmed", "Passport copy matches the listing", "Decided", reviewerName]);
    }
    expect(hits.slice(1).every((r) => r[6] === "True match" || r[6] === "False positive")).toBe(true);

    const verify = rows(wb.getWorksheet("Verification"));
    const outcomes = new Map(verify.slice(1).map((r) => [r[1], r[2]]));
    expect(outcomes.get(searchIds[0])).toBe("Identical");
    expect(outcomes.get(searchIds[1])).toBe("Identical");
    expect(outcomes.get(searchIds[2])).toBe("Cannot be verified: stored before list versions were recorded");

    expect(rows(wb.getWorksheet("Notes"))[1]?.slice(1)).toEqual(["Ana Lyst", "Called the relationship manager; the customer confirmed his identity."]);

    const files = rows(wb.getWorksheet("Attachments")).slice(1);
    expect(files.map((r) => [r[0], r[1], r[2], r[3], r[4]])).toEqual([
      ["passport-copy.pdf", "PDF", PDF_BYTES.byteLength, sha(PDF_BYTES), "Ana Lyst"],
      ["wrong-customer.txt", "TXT", TXT_BYTES.byteLength, sha(TXT_BYTES), "Ana Lyst"],
    ]);
    expect(files[0][6]).toBe("Kept");
    expect(files[1][6]).toMatch(/^Removed .+ by Ana Lyst: Belongs to another customer$/);

    const timeline = rows(wb.getWorksheet("Timeline")).slice(1);
    const kinds = timeline.map((r) => r[2]);
    expect(kinds[0]).toBe("Opened");
    expect(kinds).toContain("Note");
    expect(kinds).toContain("File attached");
    expect(kinds).toContain("File removed");
    expect(timeline.at(-1)?.slice(1, 4)).toEqual([reviewerName, "Status changed", "Open → Closed; True match; reason: Listed person confirmed"]);
    expect(timeline.find((r) => r[2] === "File removed")?.[3]).toBe(`wrong-customer.txt; SHA-256 ${sha(TXT_BYTES)}; reason: Belongs to another customer`);
  });

  test("in the reader's language, or the one asked for", async () => {
    const de = await pdfText((await buildCaseReport({ db: s.db }, analyst, caseId, "pdf", { language: "de" })).bytes);
    expect(de).toContain("Fallbericht");
    expect(de).toContain("Ergebnis Echter Treffer");
    expect(de).toContain("Identisch");
    const fr = await pdfText((await buildCaseReport({ db: s.db }, analyst, caseId, "pdf", { language: "fr" })).bytes);
    expect(fr).toContain("Rapport de dossier");
    expect(fr).toContain("Correspondance avérée");
    const es = await pdfText((await buildCaseReport({ db: s.db }, analyst, caseId, "pdf", { language: "es" })).bytes);
    expect(es).toContain("Informe del caso");
    expect(es).toContain("Coincidencia real");
  });

  test("an auditor reads it; another organisation's case is not found; each reading is audited", async () => {
    const before = await s.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "case.report_exported"), eq(schema.auditLog.targetId, caseId)));
    const verifiedBefore = (await s.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "search.verified"))).length;
    const read = await buildCaseReport({ db: s.db }, auditor, caseId, "xlsx");
    expect(read.bytes.byteLength).toBeGreaterThan(0);
    await expect(buildCaseReport({ db: s.db }, outsider, caseId, "pdf")).rejects.toMatchObject({ status: 404, message: "Case not found" });
    await expect(buildCaseReport({ db: s.db }, outsider, "not-an-id", "pdf")).rejects.toMatchObject({ status: 404 });
    const after = await s.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "case.report_exported"), eq(schema.auditLog.targetId, caseId)));
    expect(after.length).toBe(before.length + 1);
    const entry = after.find((a) => !before.some((b) => b.id === a.id))!;
    expect(entry).toMatchObject({ actorUserId: auditor.id, organisationId: owner.organisationId });
    expect(entry.details).toMatchObject({ format: "xlsx", searches: 3, attachments: 2, verified: { identical: 2, different: 0, cannot_verify: 1 } });
    // Each search's verification is audited as every verification is.
    expect((await s.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "search.verified"))).length).toBe(verifiedBefore + 3);
  });
});
