/**
 * A batch's exports read back as a user would: the CSV with a CSV parser (quoting, formula injection, the BOM), the
 * Excel file with exceljs, the PDF summary with pdftotext. Rows are finished the way the pipeline stores them.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { schema } from "../../data/db.ts";
import { teamMemberById } from "../../lib/auth/team-records.ts";
import { type ExportFormat, type ExportOptions, exportBatch } from "../../lib/batch/batch-export.ts";
import { createBatchJob } from "../../lib/batch/batch-jobs.ts";
import { listBatchResults } from "../../lib/batch/batch-read.ts";
import { AppError } from "../../lib/errors.ts";
import type { SearchResults } from "../../lib/screening/results.ts";
import { openScreeningDb, type ScreeningDb } from "../fixtures/screening.ts";
import { cleanResults, petrovResults } from "../fixtures/summary.ts";
import { createUser } from "../helpers/app.ts";

let s: ScreeningDb;
let analyst: { id: string };
let german: { id: string };
let batchId: string;
const ids: Record<string, string> = {};

const TERMS = {
  petrov: "Viktor Petrov",
  acme: 'Acme "Trading", Ltd',
  formula: '=HYPERLINK("http://evil.test","click")',
  oldShape: "Olga Oldshape",
  broken: "Broken Subject",
  at: "@SUM(A1)",
  minus: "-2+3",
  plus: "+Plus Corp",
};

/** Media could not be checked: no news provider answered. */
/** Results whose matched listing says which name parts met how, as the pipeline stores them. */
function explained(results: SearchResults): SearchResults {
  results.sanctionsList[0].hits[0].explanation = [
    { query: "Viktor", listed: "Viktor", how: "exact", similarity: 1 },
    { query: "Petrov", listed: "PETROV", how: "exact", similarity: 1 },
    { query: null, listed: "Ivanovich", how: "extra", similarity: 0 },
  ];
  return results;
}

const PETROV_WHY = "Viktor Ivanovich PETROV — Viktor: exact; Petrov → PETROV: exact; Ivanovich: not in the search";

function mediaUnchecked(): SearchResults {
  const results = cleanResults();
  results.adverseMedia = [];
  results.sources = [
    { source: "OFAC SDN List", kind: "sanctions", status: "ok" },
    { source: "Google News", kind: "media", status: "failed", error: "timed out", errorCode: "timeout" },
  ];
  results.risk = { level: "medium", reasons: [{ code: "source_failed", level: "medium", params: { count: 1 } }] };
  results.clean = false;
  return results;
}

/** Stored before pepListings existed: the PEP listing is a media item. */
function oldShape(): Record<string, unknown> {
  const { pepListings: _, ...results } = cleanResults();
  results.adverseMedia = [
    ...results.adverseMedia,
    {
      hitId: "m:olga",
      title: "Politically exposed person: Olga Oldshape",
      summary: "",
      source: "Every Politician",
      date: null,
      url: "https://pep.test/olga",
      category: "PEP",
      isNegative: false,
    },
  ];
  results.risk = { level: "medium", reasons: [{ code: "pep", level: "medium", params: {} }] };
  return results;
}

const nothingChecked = (): SearchResults => ({
  sanctionsList: [],
  adverseMedia: [],
  pepListings: [],
  risk: { level: "medium", reasons: [] },
  sources: [
    { source: "OFAC SDN List", kind: "sanctions", status: "failed", error: "never downloaded", errorCode: "never_downloaded" },
    { source: "GDELT", kind: "media", status: "failed", error: "HTTP 500", errorCode: "http_error", errorParams: { status: 500 } },
  ],
  datasetsUsed: [],
  clean: false,
  summarySource: "built_in",
});

/** Ends a row as the pipeline does. */
async function finish(
  id: string,
  outcome: { status: "completed" | "failed" | "processing"; results?: unknown; riskLevel?: string | null; error?: string; reviewStatus?: string },
) {
  await s.db
    .update(schema.searches)
    .set({
      status: outcome.status,
      results: outcome.results ?? null,
      riskLevel: outcome.riskLevel ?? null,
      reviewStatus: outcome.reviewStatus ?? "no_hits",
      error: outcome.error ?? null,
      updatedAt: new Date(),
    })
    .where(eq(schema.searches.id, id));
}

async function file(userId: string, id: string, format: ExportFormat, options: ExportOptions = {}) {
  const exported = await exportBatch(s.db, await teamMemberById(s.db, userId), id, format, options);
  return { ...exported, bytes: new Uint8Array(await new Response(exported.body).arrayBuffer()) };
}

async function csvRecords(userId: string, id: string, options: ExportOptions = {}) {
  const { bytes, fileName, contentType } = await file(userId, id, "csv", options);
  const text = new TextDecoder().decode(bytes);
  const records: string[][] = parse(text.replace(/^\uFEFF/, ""), { relax_column_count: false });
  const [header, ...rows] = records;
  const byTerm = Object.fromEntries(rows.map((row) => [row[0], Object.fromEntries(header.map((h, i) => [h, row[i]]))]));
  return { bytes, text, header, rows, byTerm, fileName, contentType };
}

async function workbook(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "dc-batch-pdf-"));
  try {
    writeFileSync(join(dir, "b.pdf"), bytes);
    const out = Bun.spawnSync(["pdftotext", "-layout", join(dir, "b.pdf"), "-"]);
    expect(out.exitCode).toBe(0);
    return out.stdout.toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const flat = (text: string) => text.replace(/\s+/g, " ");

beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
  analyst = await createUser(s.db, { email: "jana.novak@bank.test", password: "password-1", fullName: "Jana Novak", credits: 100_000 });
  german = await createUser(s.db, { email: "klaus@bank.test", password: "password-1", fullName: "Klaus Berger", credits: 100_000 });
  await s.db.update(schema.users).set({ reportLanguage: "de" }).where(eq(schema.users.id, german.id));
  const { batch } = await createBatchJob(
    { db: s.db, queue: s.queue },
    {
      userId: analyst.id,
      name: "Quarterly customers / Q1",
      entities: Object.entries(TERMS).map(([key, searchTerm]) => ({
        searchTerm,
        entityType: key === "acme" || key === "plus" ? "company" : "person",
        language: "en",
        numLinks: 10,
        country: key === "petrov" ? "RU" : undefined,
        // what a customer file gives beside the name: Petrov's row carries it all, the others none
        ...(key === "petrov"
          ? {
              customerRef: "CUST-0042",
              details: { birthDate: "1965-04-12", nationality: "RU", identifiers: [{ kind: "passport" as const, value: "753912233" }] },
            }
          : {}),
      })),
    },
  );
  batchId = batch.id;
  const rows = await s.db
    .select({ id: schema.searches.id, term: schema.searches.searchTerm })
    .from(schema.searches)
    .where(eq(schema.searches.batchJobId, batchId));
  for (const [key, term] of Object.entries(TERMS)) ids[key] = rows.find((r) => r.term === term)!.id;
  await finish(ids.petrov, {
    status: "completed",
    results: explained(petrovResults({ failMedia: true })),
    riskLevel: "critical",
    reviewStatus: "needs_review",
  });
  await finish(ids.acme, { status: "completed", results: cleanResults(), riskLevel: "low" });
  await finish(ids.formula, { status: "completed", results: mediaUnchecked(), riskLevel: "medium" });
  await finish(ids.oldShape, { status: "completed", results: oldShape(), riskLevel: "medium" });
  await finish(ids.broken, {
    status: "failed",
    results: nothingChecked(),
    error: "Nothing could be checked: OFAC SDN List: never downloaded; GDELT: HTTP 500",
  });
  await finish(ids.plus, { status: "processing" });
  // @SUM(A1) and -2+3 are still pending: the batch is processing
});
afterAll(() => s.close());

describe("CSV", () => {
  test("one row per entity with its findings, RFC 4180 quoting, a BOM, CRLF lines and no formula a spreadsheet would run", async () => {
    const { bytes, text, header, rows, byTerm, fileName, contentType } = await csvRecords(analyst.id, batchId);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(contentType).toBe("text/csv; charset=utf-8");
    expect(fileName).toMatch(/^duecheck-batch-quarterly-customers-q1-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.split("\r\n").length).toBe(rows.length + 2);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    expect(header).toEqual([
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
      "Sanctions lists matched",
      "Matched listings",
      "Why it matched",
      "PEP Listings",
      "Adverse media articles",
      "Negative articles",
      "Adverse media checked",
      "Sources not checked",
      "Error",
      "Created",
      "Finished",
      "Search ID",
      "Link",
    ]);
    expect(rows).toHaveLength(8);
    // in the file's order, as the results screen lists them; formula-like terms quoted
    expect(rows.map((row) => row[0].replace(/^'(?=[=+\-@])/, ""))).toEqual(Object.values(TERMS));

    expect(byTerm["Viktor Petrov"]).toMatchObject({
      "Customer reference": "CUST-0042",
      "Entity type": "Person",
      Country: "RU",
      "Birth date": "1965-04-12",
      Nationality: "RU",
      Identifiers: "passport:753912233",
      Status: "Completed",
      "Risk level": "Critical Risk",
      "Review status": "Needs review",
      "Sanctions lists matched": "1",
      "Matched listings": "Viktor Ivanovich PETROV",
      "Why it matched": PETROV_WHY,
      "PEP Listings": "1",
      "Adverse media articles": "3",
      "Negative articles": "2",
      "Adverse media checked": "Yes",
      "Sources not checked": "Google News",
      Error: "",
      "Search ID": ids.petrov,
      Link: `/searches/${ids.petrov}`,
    });
    expect(Date.parse(byTerm["Viktor Petrov"].Created)).not.toBeNaN();
    expect(Date.parse(byTerm["Viktor Petrov"].Finished)).toBeGreaterThanOrEqual(Date.parse(byTerm["Viktor Petrov"].Created));

    // quotes and commas survive a CSV parser; the raw text doubles the quotes
    expect(text).toContain('"Acme ""Trading"", Ltd",,Company,');
    expect(byTerm['Acme "Trading", Ltd']).toMatchObject({
      "Customer reference": "",
      "Birth date": "",
      Nationality: "",
      Identifiers: "",
      "Risk level": "Low Risk",
      "Review status": "No hits",
      "Sanctions lists matched": "0",
      "Adverse media articles": "1",
      "Adverse media checked": "Yes",
      "Sources not checked": "",
    });

    // formulas from an uploaded file stay text
    expect(byTerm[`'${TERMS.formula}`]).toMatchObject({
      "Risk level": "Medium Risk",
      "Adverse media articles": "0",
      "Adverse media checked": "No",
      "Sources not checked": "Google News",
    });
    expect(Object.keys(byTerm)).toEqual(expect.arrayContaining(["'@SUM(A1)", "'-2+3", "'+Plus Corp"]));
    expect(rows.every((row) => row.every((cell) => !/^[=+\-@\t\r]/.test(cell)))).toBe(true);

    // a search stored before PEP listings had their own place: the listing is not counted as an article
    expect(byTerm["Olga Oldshape"]).toMatchObject({ "PEP Listings": "1", "Adverse media articles": "1", "Negative articles": "0" });

    expect(byTerm["Broken Subject"]).toMatchObject({
      Status: "Failed",
      "Risk level": "",
      "Review status": "",
      "Sanctions lists matched": "",
      "Adverse media checked": "",
      "Sources not checked": "OFAC SDN List; GDELT",
      Error: "Nothing could be checked: OFAC SDN List: never downloaded; GDELT: HTTP 500",
    });
    // unfinished rows of a batch still running
    expect(byTerm["'+Plus Corp"]).toMatchObject({ Status: "Processing", "Risk level": "", "Review status": "", Finished: "" });
    expect(byTerm["'@SUM(A1)"]).toMatchObject({ Status: "Pending", "Entity type": "Person", "Adverse media articles": "", Finished: "" });
  });

  test("absolute links with the app's address; words in the owner's report language or the one asked for", async () => {
    const { byTerm } = await csvRecords(analyst.id, batchId, { baseUrl: "https://duecheck.bank.test/" });
    expect(byTerm["Viktor Petrov"].Link).toBe(`https://duecheck.bank.test/searches/${ids.petrov}`);
    const de = await csvRecords(analyst.id, batchId, { language: "de" });
    expect(de.header.slice(0, 9)).toEqual([
      "Suchbegriff",
      "Kundenreferenz",
      "Art",
      "Land",
      "Geburtsdatum",
      "Staatsangehörigkeit",
      "Kennungen",
      "Status",
      "Risikostufe",
    ]);
    expect(de.byTerm["Viktor Petrov"]).toMatchObject({ Status: "Abgeschlossen", Risikostufe: "Kritisches Risiko", "Medien geprüft": "Ja", Art: "Person" });
    expect(de.byTerm["Broken Subject"].Status).toBe("Fehlgeschlagen");
  });

  test("another user's batch and an unknown id are 404, before anything is written", async () => {
    for (const [user, id] of [
      [german.id, batchId],
      [analyst.id, "6f1c2a9e-1111-4c1d-9a55-0d1e2f3a4b5c"],
      [analyst.id, "not-an-id"],
    ]) {
      const error = await exportBatch(s.db, await teamMemberById(s.db, user), id, "csv").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(404);
    }
  });
});

describe("Excel", () => {
  test("a Summary sheet with the batch's counts and a Results sheet with a frozen, filterable header and one row per entity", async () => {
    const { bytes, fileName, contentType } = await file(analyst.id, batchId, "xlsx");
    expect(fileName).toMatch(/\.xlsx$/);
    expect(contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const wb = await workbook(bytes);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(["Summary", "Results"]);

    const summary = wb.getWorksheet("Summary")!;
    const fields = new Map<string, unknown>();
    summary.eachRow((row) => fields.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(fields.get("Batch")).toBe("Quarterly customers / Q1");
    expect(fields.get("Owner")).toBe("Jana Novak <jana.novak@bank.test>");
    expect(fields.get("Status")).toBe("Processing");
    expect(fields.get("Created")).toBeInstanceOf(Date);
    expect(fields.get("Completed")).toBeNull();
    expect([fields.get("Entities"), fields.get("Screened"), fields.get("Failed"), fields.get("Not finished yet")]).toEqual([8, 4, 1, 3]);
    expect([fields.get("Critical Risk"), fields.get("High Risk"), fields.get("Medium Risk"), fields.get("Low Risk")]).toEqual([1, 0, 2, 1]);
    expect([...fields.keys()].some((k) => k.startsWith("This batch was still running"))).toBe(true);

    const results = wb.getWorksheet("Results")!;
    expect(results.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(results.autoFilter).toBe("A1:W1");
    expect(results.getRow(1).getCell(1).value).toBe("Search term");
    expect(results.getRow(1).font?.bold).toBe(true);
    expect(results.getColumn(1).width).toBe(30);
    expect(results.rowCount).toBe(9);
    const rows = new Map<string, ExcelJS.Row>();
    results.eachRow((row, n) => n > 1 && rows.set(String(row.getCell(1).value), row));
    const petrov = rows.get("Viktor Petrov")!;
    expect([2, 3, 4, 5, 6, 7].map((c) => petrov.getCell(c).value)).toEqual(["CUST-0042", "Person", "RU", "1965-04-12", "RU", "passport:753912233"]);
    expect([9, 10, 11, 12, 13, 14, 15, 16, 17].map((c) => petrov.getCell(c).value)).toEqual([
      "Critical Risk",
      "Needs review",
      1,
      "Viktor Ivanovich PETROV",
      PETROV_WHY,
      1,
      3,
      2,
      "Yes",
    ]);
    expect(petrov.getCell(20).value).toBeInstanceOf(Date);
    expect(petrov.getCell(23).value).toBe(`/searches/${ids.petrov}`);
    // Excel keeps an uploaded term as typed, as text: a string cell is never run as a formula
    const formula = rows.get(TERMS.formula)!.getCell(1);
    expect(formula.type).toBe(ExcelJS.ValueType.String);
    expect(rows.get("Broken Subject")!.getCell(8).value).toBe("Failed");

    const linked = await workbook((await file(analyst.id, batchId, "xlsx", { baseUrl: "https://duecheck.bank.test" })).bytes);
    let link: unknown;
    linked.getWorksheet("Results")!.eachRow((row) => {
      if (row.getCell(1).value === "Viktor Petrov") link = row.getCell(23).value;
    });
    expect(link).toEqual({ text: `https://duecheck.bank.test/searches/${ids.petrov}`, hyperlink: `https://duecheck.bank.test/searches/${ids.petrov}` });
  });
});

describe("PDF summary", () => {
  test("page 1 has the batch, its owner, totals and risk counts, the sources not checked, then the entities that need attention in order", async () => {
    const { bytes, fileName, contentType } = await file(analyst.id, batchId, "pdf");
    expect(fileName).toMatch(/\.pdf$/);
    expect(contentType).toBe("application/pdf");
    const text = pdfText(bytes);
    const first = flat(text.split("\f")[0]);
    expect(first).toContain("Batch Screening Summary");
    expect(first).toContain("Quarterly customers / Q1");
    expect(first).toContain("Jana Novak <jana.novak@bank.test>");
    expect(first).toMatch(/Entities 8 Screened 4 Failed 1 Not finished yet 3/);
    expect(first).toContain("This batch was still running");
    for (const pill of ["Critical Risk: 1", "High Risk: 0", "Medium Risk: 2", "Low Risk: 1"]) expect(first).toContain(pill);
    expect(first).toContain("Sources That Could Not Be Checked");
    expect(first).toMatch(/Google News\s+News\s+2/);
    expect(first).toMatch(/OFAC SDN List\s+Sanctions list\s+1/);

    const all = flat(text);
    expect(all).toContain("Entities That Need Attention");
    const order = ["Viktor Petrov", "Olga Oldshape", "Broken Subject"].map((term) => all.indexOf(term));
    expect(order.every((i) => i > all.indexOf("Entities That Need Attention"))).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(all).toContain("HYPERLINK");
    // the matched listing, wrapped in its narrow column, and the row's review status beside it
    expect(all).toMatch(/1: Viktor Ivanovich .*PETROV/);
    expect(all).toMatch(/Viktor Petrov Person Needs/);
    expect(all).toContain("Nothing could be checked");
    // low risk and unfinished rows need no attention
    expect(all.slice(all.indexOf("Entities That Need Attention"))).not.toContain("Acme");
    expect(all).not.toContain("Plus Corp");
    expect(all).not.toContain("see the CSV or Excel export");
  });

  test("a source not checked for any row is said once, above the rows, not on each; its rows' media read 'not checked'", async () => {
    const { batch } = await createBatchJob(
      { db: s.db, queue: s.queue },
      {
        userId: analyst.id,
        name: "News offline",
        entities: ["Nina Nocheck", "Oscar Offline"].map((searchTerm) => ({ searchTerm, entityType: "person" as const, language: "en", numLinks: 10 })),
      },
    );
    const rows = await s.db.select({ id: schema.searches.id }).from(schema.searches).where(eq(schema.searches.batchJobId, batch.id));
    for (const row of rows) await finish(row.id, { status: "completed", results: mediaUnchecked(), riskLevel: "medium" });

    const text = flat(pdfText((await file(analyst.id, batch.id, "pdf")).bytes));
    const attention = text.indexOf("Entities That Need Attention");
    expect(text.slice(0, attention)).toMatch(/Sources That Could Not Be Checked .*Google News\s+News\s+2/);
    expect(text.slice(attention)).toContain("Nina Nocheck");
    expect(text.slice(attention)).toContain("Oscar Offline");
    expect(text.slice(attention)).not.toContain("Google News");

    // The results list: media unknown, not none; a row whose news was read keeps its count.
    const listed = await listBatchResults(s.db, await teamMemberById(s.db, analyst.id), batch.id, { limit: 10 });
    expect(listed.items.map((row) => row.mediaCount)).toEqual([null, null]);
    const first = await listBatchResults(s.db, await teamMemberById(s.db, analyst.id), batchId, { limit: 100 });
    const media = Object.fromEntries(first.items.map((row) => [row.searchTerm, row.mediaCount]));
    expect(media[TERMS.acme]).toBe(1);
    expect(media[TERMS.formula]).toBeNull();
    expect(media[TERMS.plus]).toBe(0);
  });

  test("in German for a user whose report language is German, with the Excel file's sheet names too", async () => {
    const { batch } = await createBatchJob(
      { db: s.db, queue: s.queue },
      { userId: german.id, name: "Kunden März", entities: [{ searchTerm: "Viktor Petrov", entityType: "person", language: "de", numLinks: 10 }] },
    );
    const [row] = await s.db.select({ id: schema.searches.id }).from(schema.searches).where(eq(schema.searches.batchJobId, batch.id));
    await finish(row.id, { status: "completed", results: petrovResults(), riskLevel: "critical" });
    const text = flat(pdfText((await file(german.id, batch.id, "pdf")).bytes));
    expect(text).toContain("Zusammenfassung der Stapelprüfung");
    expect(text).toContain("Kunden März");
    expect(text).toMatch(/Status Abgeschlossen/);
    expect(text).toContain("Kritisches Risiko: 1");
    expect(text).toContain("Einträge, die Aufmerksamkeit erfordern");
    expect(text).toContain("Seite 1 von 1");
    const wb = await workbook((await file(german.id, batch.id, "xlsx")).bytes);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(["Zusammenfassung", "Ergebnisse"]);
    expect(wb.getWorksheet("Ergebnisse")!.getRow(2).getCell(9).value).toBe("Kritisches Risiko");
    const csv = await csvRecords(german.id, batch.id);
    expect(csv.fileName).toMatch(/^duecheck-batch-kunden-marz-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

describe("a large batch", () => {
  let bigId: string;
  beforeAll(async () => {
    const entities = Array.from({ length: 2500 }, (_, i) => ({
      searchTerm: `Customer ${i + 1}`,
      entityType: "person" as const,
      language: "en" as const,
      numLinks: 10,
    }));
    const { batch } = await createBatchJob({ db: s.db, queue: s.queue }, { userId: analyst.id, name: "Whole customer file", entities });
    bigId = batch.id;
    await s.db
      .update(schema.searches)
      .set({ status: "completed", results: cleanResults(), riskLevel: "low", updatedAt: new Date() })
      .where(eq(schema.searches.batchJobId, bigId));
    const rows = await s.db
      .select({ id: schema.searches.id, term: schema.searches.searchTerm })
      .from(schema.searches)
      .where(eq(schema.searches.batchJobId, bigId));
    const number = (term: string) => Number(term.split(" ")[1]);
    for (const row of rows) {
      const n = number(row.term);
      if (n <= 5) await finish(row.id, { status: "completed", results: petrovResults(), riskLevel: "critical" });
      else if (n <= 45) await finish(row.id, { status: "completed", results: mediaUnchecked(), riskLevel: "medium" });
      else if (n <= 55) await finish(row.id, { status: "failed", results: nothingChecked(), error: "Nothing could be checked" });
    }
  });

  test("the CSV has every row once, read and sent a chunk at a time", async () => {
    const exported = await exportBatch(s.db, await teamMemberById(s.db, analyst.id), bigId, "csv", { chunkRows: 1000 });
    const reader = exported.body.getReader();
    const chunks: Uint8Array[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    // the header, then three chunks of at most 1,000 rows
    expect(chunks).toHaveLength(4);
    const records: string[][] = parse(
      Buffer.concat(chunks)
        .toString("utf8")
        .replace(/^\uFEFF/, ""),
    );
    const rows = records.slice(1);
    expect(rows).toHaveLength(2500);
    expect(records[0][21]).toBe("Search ID");
    expect(new Set(rows.map((r) => r[21])).size).toBe(2500);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 2500 }, (_, i) => `Customer ${i + 1}`));
    expect(records[0][7]).toBe("Status");
    expect(rows.filter((r) => r[7] === "Failed")).toHaveLength(10);
  });

  test("the Excel file has every row", async () => {
    const wb = await workbook((await file(analyst.id, bigId, "xlsx", { chunkRows: 700 })).bytes);
    const results = wb.getWorksheet("Results")!;
    expect(results.rowCount).toBe(2501);
    const summary = new Map<string, unknown>();
    wb.getWorksheet("Summary")!.eachRow((row) => summary.set(String(row.getCell(1).value), row.getCell(2).value));
    expect([summary.get("Status"), summary.get("Entities"), summary.get("Screened"), summary.get("Failed")]).toEqual(["Completed", 2500, 2490, 10]);
    expect([summary.get("Critical Risk"), summary.get("Medium Risk"), summary.get("Low Risk")]).toEqual([5, 40, 2445]);
  });

  test("the PDF lists the entities that need attention up to its cap, then says how many more the CSV and Excel files have", async () => {
    const text = flat(pdfText((await file(analyst.id, bigId, "pdf", { attentionCap: 20 })).bytes));
    expect(text).toContain("Critical Risk: 5");
    expect(text).toContain("Medium Risk: 40");
    expect(text).toContain("and 35 more: see the CSV or Excel export");
    // the five critical ones, then the first 15 medium ones of the file, in its order
    const listed = [...text.matchAll(/Customer (\d+)/g)].map((m) => Number(m[1]));
    expect(listed).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(text).toMatch(/Google News\s+News\s+40/);
    expect(text).toMatch(/OFAC SDN List\s+Sanctions list\s+10/);
  });
});
