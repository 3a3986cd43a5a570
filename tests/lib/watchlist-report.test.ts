/** A search's report names a hit's list as the organisation's own watchlist when it is one, in the report's language. */
import { expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { buildSearchXlsx, type SearchReport } from "../../lib/reports/index.ts";
import type { ReportLanguage } from "../../lib/screening/summary/phrasebook.ts";
import { noReview } from "../fixtures/review.ts";
import { petrovResults } from "../fixtures/summary.ts";

function report(language: ReportLanguage): SearchReport {
  const results = petrovResults({ failMedia: true });
  results.sanctionsList = [
    ...results.sanctionsList,
    { ...results.sanctionsList[0], source: "Exited customers", datasetId: "wl_0123456789abcdef", internal: true, url: null },
  ];
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
    results,
    aiSummary: "Viktor Petrov presents a critical risk.",
    review: noReview,
    generatedAt: "2024-05-02T09:15:30Z",
    reportLanguage: language,
  };
}

async function listNames(language: ReportLanguage) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await buildSearchXlsx(report(language))) as unknown as ArrayBuffer);
  const names = new Set<string>();
  wb.worksheets[1].eachRow((row, i) => i > 1 && names.add(String(row.getCell(1).value)));
  return [...names];
}

test("the watchlist's rows say they are the organisation's own; a published list's do not", async () => {
  const en = await listNames("en");
  expect(en).toContain("Exited customers (your organisation's watchlist)");
  expect(en.filter((n) => n.includes("watchlist"))).toHaveLength(1);
  expect(await listNames("de")).toContain("Exited customers (Beobachtungsliste Ihrer Organisation)");
});
