import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { buildSearchPdf, buildSearchXlsx, type SearchReport } from "../../lib/reports/index.ts";
import type { ReportLanguage } from "../../lib/screening/summary/phrasebook.ts";
import { noReview } from "../fixtures/review.ts";
import { petrovResults } from "../fixtures/summary.ts";

// Each hit's explanation (which name parts matched how) and evidence (what the search's details said of the listing),
// and the search's details themselves, as the PDF and Excel exports show them.
function report(language: ReportLanguage = "en"): SearchReport {
  const results = petrovResults();
  const [strong, weak] = results.sanctionsList[0].hits;
  strong.explanation = [
    { query: "Viktor", listed: "Viktor", how: "exact", similarity: 1 },
    { query: "Petrov", listed: "PETROV", how: "exact", similarity: 1 },
    { query: null, listed: "Ivanovich", how: "extra", similarity: 0 },
  ];
  strong.evidence = { identifier: { kind: "passport", value: "753912233" }, birthDate: "agrees" };
  weak.explanation = [
    { query: "Viktor", listed: "Viktoria", how: "spelling", similarity: 0.86 },
    { query: "Petrov", listed: "Petrova", how: "spelling", similarity: 0.9 },
  ];
  weak.evidence = { birthDate: "differs", nameMatchesBirthDateDiffers: true, nationality: "differs" };
  results.pepListings[0].explanation = [{ query: "Viktor Petrov", listed: "ViktorPetrov", how: "joined", similarity: 0.95 }];
  results.pepListings[0].evidence = { nationality: "agrees" };
  return {
    search: {
      id: "4f1c2a9e-1111-4c1d-9a55-0d1e2f3a4b5c",
      searchTerm: "Viktor Petrov",
      entityType: "person",
      createdAt: "2024-05-02T09:14:00Z",
      language: "en",
      country: "RU",
      details: { birthDate: "1965-04-12", nationality: "RU", identifiers: [{ kind: "passport", value: "753912233" }] },
    },
    user: { fullName: "Jana Novak", email: "jana.novak@bank.test" },
    results,
    aiSummary: "",
    review: noReview,
    generatedAt: "2024-05-02T09:15:30Z",
    reportLanguage: language,
  };
}

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "duecheck-why-"));
  try {
    writeFileSync(join(dir, "r.pdf"), bytes);
    const out = Bun.spawnSync(["pdftotext", join(dir, "r.pdf"), "-"]);
    if (out.exitCode !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`);
    // lines wrapped by the layout joined by a space
    return out.stdout.toString().replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function sheets(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** The row's cells keyed by the sheet's headers. */
function rowByHeader(ws: ExcelJS.Worksheet, row: number): Record<string, unknown> {
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const values = (ws.getRow(row).values as unknown[]).slice(1);
  return Object.fromEntries(headers.map((h, i) => [h, values[i] ?? null]));
}

describe.skipIf(!Bun.which("pdftotext"))("PDF report: why each listing matched", () => {
  test("each hit says which name parts matched how and what the search's details said of it; the header lists the details", async () => {
    const text = pdfText(await buildSearchPdf(report()));
    expect(text).toContain("Why it matched: Viktor: exact; Petrov → PETROV: exact; Ivanovich: not in the search");
    expect(text).toContain("Details compared: identifier matches: passport 753912233; birth date agrees");
    expect(text).toContain("Why it matched: Viktor → Viktoria: spelling variant (86%); Petrov → Petrova: spelling variant (90%)");
    expect(text).toContain("Details compared: name matches, birth date differs; nationality differs");
    // the PEP listing too
    expect(text).toContain("Why it matched: Viktor Petrov → ViktorPetrov: written as one word (95%)");
    expect(text).toContain("Details compared: nationality agrees");
    // the search's details in the header
    const header = text.slice(0, text.indexOf("RISK LEVEL"));
    expect(header).toMatch(
      /Birth date Nationality Identifiers Review status .* Apr 12, 1965 Russia passport 753912233 Needs review \(Hits to decide: 5; of them near misses: 1\) $/,
    );
  });

  test("in the report language", async () => {
    const de = pdfText(await buildSearchPdf(report("de")));
    expect(de).toContain("Warum es übereinstimmt: Viktor: exakt; Petrov → PETROV: exakt; Ivanovich: nicht in der Suche");
    expect(de).toContain("Verglichene Angaben: Kennung stimmt überein: Reisepass 753912233; Geburtsdatum stimmt überein");
    expect(de).toContain("Name stimmt überein, Geburtsdatum weicht ab");
    const fr = pdfText(await buildSearchPdf(report("fr")));
    expect(fr).toContain("le nom correspond, la date de naissance diffère");
    expect(fr).toMatch(/Petrov → Petrova : variante orthographique \(90\s%\)/);
  });
});

describe("Excel report: why each listing matched", () => {
  test("the Sanctions and PEP sheets have the explanation and the evidence of each row, the Summary the search's details", async () => {
    const wb = await sheets(await buildSearchXlsx(report()));
    const sanctions = wb.getWorksheet("Sanctions")!;
    expect(rowByHeader(sanctions, 2)).toMatchObject({
      "Matched entity": "Viktor Ivanovich PETROV",
      "Details compared": "identifier matches: passport 753912233; birth date agrees",
      "Why it matched": "Viktor: exact; Petrov → PETROV: exact; Ivanovich: not in the search",
    });
    expect(rowByHeader(sanctions, 3)).toMatchObject({
      "Matched entity": "Viktoria PETROVA",
      "Details compared": "name matches, birth date differs; nationality differs",
      "Why it matched": "Viktor → Viktoria: spelling variant (86%); Petrov → Petrova: spelling variant (90%)",
    });
    const pep = wb.getWorksheet("PEP")!;
    expect(rowByHeader(pep, 2)).toMatchObject({
      "Details compared": "nationality agrees",
      "Why it matched": "Viktor Petrov → ViktorPetrov: written as one word (95%)",
    });

    const summary = wb.getWorksheet("Summary")!;
    const fields = new Map<string, unknown>();
    summary.eachRow((row) => fields.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(fields.get("Identifiers")).toBe("passport 753912233");
    expect(fields.get("Nationality")).toBe("Russia");
    expect(fields.get("Birth date")).toBe("Apr 12, 1965");
  });

  test("in the report language, and a year alone as the birth date", async () => {
    const es = report("es");
    es.search.details = { birthDate: "1965" };
    const wb = await sheets(await buildSearchXlsx(es));
    const sanctions = wb.worksheets[1];
    const headers = (sanctions.getRow(1).values as unknown[]).map(String);
    expect(headers).toContain("Por qué coincide");
    expect(headers).toContain("Datos comparados");
    expect(rowByHeader(sanctions, 2)["Datos comparados"]).toBe("el identificador coincide: pasaporte 753912233; la fecha de nacimiento coincide");
    const summary = wb.worksheets[0];
    const values: unknown[] = [];
    summary.eachRow((row) => values.push(row.getCell(2).value));
    expect(values).toContain("1965");
  });

  test("a search stored before explanations existed exports empty cells, not an error", async () => {
    const old = report();
    for (const hit of old.results.sanctionsList[0].hits) {
      delete hit.explanation;
      delete hit.evidence;
    }
    const wb = await sheets(await buildSearchXlsx(old));
    const row = rowByHeader(wb.getWorksheet("Sanctions")!, 2);
    expect([row["Why it matched"], row["Details compared"]]).toEqual([null, null]);
  });
});
