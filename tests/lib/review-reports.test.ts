/**
 * A search's PDF and Excel reports carry its review: the review status, every decision (the ones replaced and
 * rejected too, with who decided, approved or rejected, when, and why) and the case notes, in the report language.
 * The PDF is read back with pdftotext, the workbook with exceljs.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { buildSearchPdf, buildSearchXlsx, type SearchReport } from "../../lib/reports/index.ts";
import type { ReportLanguage } from "../../lib/screening/summary/phrasebook.ts";
import { noReview, petrovReview } from "../fixtures/review.ts";
import { petrovResults } from "../fixtures/summary.ts";

const PDFTOTEXT = Bun.which("pdftotext");

function reviewedReport(language: ReportLanguage, review = petrovReview()): SearchReport {
  return {
    search: {
      id: "4f1c2a9e-1111-4c1d-9a55-0d1e2f3a4b5c",
      searchTerm: "Viktor Petrov",
      entityType: "person",
      createdAt: "2024-05-02T09:14:00Z",
      language: "en",
      country: "RU",
    },
    user: { fullName: "Jana Novak", email: "jana.novak@bank.test" },
    results: petrovResults(),
    aiSummary: "",
    review,
    generatedAt: "2024-05-02T09:15:30Z",
    reportLanguage: language,
  };
}

/** The PDF's text as pdftotext reads it, every run of white space one space. */
async function pdfText(report: SearchReport): Promise<string> {
  expect(PDFTOTEXT).toBeTruthy();
  const dir = mkdtempSync(join(tmpdir(), "duecheck-review-"));
  try {
    const file = join(dir, "report.pdf");
    writeFileSync(file, await buildSearchPdf(report));
    return Bun.spawnSync([PDFTOTEXT!, "-layout", file, "-"]).stdout.toString().replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function workbook(report: SearchReport) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await buildSearchXlsx(report)) as unknown as ArrayBuffer);
  return wb;
}

/** Every row of a sheet as plain values (dates as ISO strings). */
function rows(ws: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  ws.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : v)));
  });
  return out;
}

describe("the PDF report's review", () => {
  test("the status, every decision with its people, times and comments, and the case notes", async () => {
    const text = await pdfText(reviewedReport("en"));
    // Counted from the results and the decisions that took effect (lib/screening/hit-counts.ts): of the five flagged
    // hits the approved match and the decided PEP listing are closed; Petrova's near miss and two articles stay open.
    for (const words of [
      "Review status Confirmed match (Hits to decide: 3; of them near misses: 1)",
      "Decisions on hits",
      "Viktor Ivanovich PETROV (Sanctions)",
      "Decision: False positive · Reason: Different birth date · State: Replaced",
      "Explanation: Born 1965, the listing says 1961",
      "Decision: True match · Reason: Identity confirmed · State: Approved",
      "Explanation: Passport number agrees",
      "Decided by: Jana Novak",
      "Approved or rejected by: Rita Viewer",
      "Comment: Checked against the passport copy",
      "Petrov linked to sanctioned bank (Media)",
      "State: Rejected",
      "Comment: The article names our subject",
      "Viktor Petrov (PEP)",
      "Reason: Different nationality",
      "Case notes",
      "Note · Jana Novak",
      "Client onboarding on hold",
      "Escalation · Jana Novak",
      "Please look at the birth date",
    ]) {
      expect(text).toContain(words);
    }
  });

  test("in German, Spanish and French", async () => {
    const de = await pdfText(reviewedReport("de"));
    for (const words of [
      "Prüfstatus Bestätigter Treffer",
      "Entscheidungen zu Treffern",
      "Entscheidung: Falsch positiv",
      "Stand: Ersetzt",
      "Fallnotizen",
      "Eskalation",
    ]) {
      expect(de).toContain(words);
    }
    const es = await pdfText(reviewedReport("es"));
    for (const words of ["Estado de revisión Coincidencia confirmada", "Decisión: Coincidencia real", "Estado: Rechazada", "Notas del caso"])
      expect(es).toContain(words);
    const fr = await pdfText(reviewedReport("fr"));
    for (const words of ["Statut de l'examen Correspondance confirmée", "Décision: Faux positif", "État: Approuvée", "Notes du dossier"])
      expect(fr).toContain(words);
  });

  test("a search nobody decided on says so", async () => {
    const text = await pdfText(reviewedReport("en", noReview));
    // Every flagged hit is open: the match, the near miss, the PEP listing and the two adverse articles.
    expect(text).toContain("Review status Needs review (Hits to decide: 5; of them near misses: 1)");
    expect(text).toContain("No decision has been made on this search's hits.");
    expect(text).toContain("No case notes.");
  });
});

describe("the Excel report's review", () => {
  test("the summary's status, a Review sheet with every decision and the notes", async () => {
    const wb = await workbook(reviewedReport("en"));
    const summary = rows(wb.getWorksheet("Summary")!);
    expect(summary).toContainEqual(["Review status", "Confirmed match"]);
    const open = summary.findIndex((row) => row[0] === "Hits to decide");
    expect(summary.slice(open, open + 2)).toEqual([
      ["Hits to decide", 3],
      ["of them near misses", 1],
    ]);

    const review = rows(wb.getWorksheet("Review")!);
    expect(review[0]).toEqual([
      "Hit",
      "Kind",
      "Decision",
      "Reason",
      "Explanation",
      "State",
      "Decided by",
      "Decided at",
      "Approved or rejected by",
      "Approved or rejected at",
      "Comment",
    ]);
    expect(review.slice(1, 5)).toEqual([
      [
        "Viktor Ivanovich PETROV",
        "Sanctions",
        "False positive",
        "Different birth date",
        "Born 1965, the listing says 1961",
        "Replaced",
        "Jana Novak",
        "2024-05-02T10:00:00.000Z",
      ],
      [
        "Viktor Ivanovich PETROV",
        "Sanctions",
        "True match",
        "Identity confirmed",
        "Passport number agrees",
        "Approved",
        "Jana Novak",
        "2024-05-02T11:00:00.000Z",
        "Rita Viewer",
        "2024-05-02T12:00:00.000Z",
        "Checked against the passport copy",
      ],
      [
        "Petrov linked to sanctioned bank",
        "Media",
        "False positive",
        "Other",
        "A namesake",
        "Rejected",
        "Jana Novak",
        "2024-05-02T11:30:00.000Z",
        "Rita Viewer",
        "2024-05-02T12:10:00.000Z",
        "The article names our subject",
      ],
      ["Viktor Petrov", "PEP", "False positive", "Different nationality", undefined, "Decided", "Jana Novak", "2024-05-02T11:45:00.000Z"],
    ]);
    expect(review.slice(5)).toEqual([
      ["Case notes"],
      ["Kind", "Author", "Date", "Details"],
      ["Note", "Jana Novak", "2024-05-02T10:30:00.000Z", "Client onboarding on hold"],
      ["Escalation", "Jana Novak", "2024-05-02T10:40:00.000Z", "Please look at the birth date"],
    ]);
  });

  test("in German: the sheet and its words", async () => {
    const wb = await workbook(reviewedReport("de"));
    expect(rows(wb.getWorksheet("Zusammenfassung")!)).toContainEqual(["Prüfstatus", "Bestätigter Treffer"]);
    const review = rows(wb.getWorksheet("Prüfung")!);
    expect(review[1].slice(0, 6)).toEqual([
      "Viktor Ivanovich PETROV",
      "Sanktionen",
      "Falsch positiv",
      "Anderes Geburtsdatum",
      "Born 1965, the listing says 1961",
      "Ersetzt",
    ]);
  });
});
