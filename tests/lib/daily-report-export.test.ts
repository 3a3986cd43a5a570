/**
 * A daily report's exports read back as a reader would: the PDF with pdftotext (German and English words, the
 * cards, the charts' labels and figures drawn as vectors, the tables, page numbers), the Excel file with exceljs
 * (sheets, real number and date cells, frozen and filterable header rows, the daily rows).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Database } from "../../data/db.ts";
import { exportDailyReport } from "../../lib/reports/daily/export.ts";
import { generateDailyReport } from "../../lib/reports/daily/generate.ts";
import { INSTANCE } from "../../lib/reports/daily/scope.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { DAY, seedDay, ZONE } from "../fixtures/daily-report.ts";
import { createUser } from "../helpers/app.ts";
import { openTestDatabase } from "../helpers/database.ts";
import { setEnv } from "../helpers/env.ts";

let database: Database;
let restoreEnv = () => {};
const folder = mkdtempSync(join(tmpdir(), "dc-daily-export-"));
const german = { fullName: "Greta Prüfer", email: "greta@example.com", reportLanguage: "de" };
const english = { fullName: "Ann Admin", email: "ann@example.com", reportLanguage: "en" };

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_REPORT_TIMEZONE: ZONE });
  database = await openTestDatabase();
  await seedSystemSettings(database.db);
  const alice = (await createUser(database.db, { email: "alice@example.com", password: "alice-password" })).id;
  const bob = (await createUser(database.db, { email: "bob@example.com", password: "bob-password" })).id;
  await seedDay(database.db, { alice, bob });
  await generateDailyReport(database.db, { date: "2026-03-09", scope: INSTANCE, timeZone: ZONE });
  await generateDailyReport(database.db, { date: DAY, scope: INSTANCE, timeZone: ZONE });
});
afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
  restoreEnv();
});

function poppler(tool: string, bytes: Uint8Array, args: string[]): string {
  const file = join(folder, `${tool}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const out = Bun.spawnSync([tool, ...args, file, ...(tool === "pdftotext" ? ["-"] : [])]);
  expect(out.exitCode).toBe(0);
  return out.stdout.toString();
}
const flat = (text: string) => text.replace(/\s+/g, " ");

test("the PDF in German: facts, cards, vector charts, tables and page numbers", async () => {
  const file = await exportDailyReport(database.db, { date: DAY, scope: INSTANCE, format: "pdf", reader: german });
  expect(file.contentType).toBe("application/pdf");
  expect(file.fileName).toBe(`duecheck-daily-report-${DAY}-instance.pdf`);
  const text = flat(poppler("pdftotext", file.body, ["-layout"]));
  for (const words of [
    "Täglicher Aktivitätsbericht",
    "Berichtsdatum 2026-03-10 (Zeitzone: Europe/Berlin)",
    "Gesamte Installation",
    "Suchen gesamt",
    "Manuell: 4 · Automatisch: 1",
    "Verbrauchte Credits",
    "Funde mit hohem Risiko",
    "Risikoverteilung",
    "Suchen nach Tageszeit",
    "Erfolgsquote 80 %",
    "Spitzenstunde 09:00",
    "Durchschnittliche Suchen pro Benutzer 2,5",
    "Häufigste Suchbegriffe",
    "Suchen des Tages",
    "Broken Co",
    "Listed on the OFAC SDN List.",
    "Seite 1 von",
  ]) {
    expect(text).toContain(words);
  }
  // the charts are drawn, not embedded pictures: no image in the file, and every hour labelled
  expect(poppler("pdfimages", file.body, ["-list"]).trim().split("\n").length).toBe(2);
  for (const hour of ["00", "08", "09", "12", "23"]) expect(text).toMatch(new RegExp(`\\b${hour}\\b`));
});

test("the PDF in English names the same figures", async () => {
  const file = await exportDailyReport(database.db, { date: DAY, scope: INSTANCE, format: "pdf", reader: english });
  const text = flat(poppler("pdftotext", file.body, ["-layout"]));
  for (const words of [
    "Daily Activity Report",
    "Whole installation",
    "Total searches",
    "Success rate 80 %",
    "Peak hour 09:00",
    "Sanctions hits 1",
    "Adverse media hits 1",
    "Page 1 of",
  ]) {
    expect(text).toContain(words);
  }
});

test("the Excel workbook: a sheet per tab and the daily rows, with real cells", async () => {
  const file = await exportDailyReport(database.db, { date: DAY, scope: INSTANCE, format: "xlsx", reader: english });
  expect(file.contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.body.buffer as ArrayBuffer);
  expect(workbook.worksheets.map((ws) => ws.name)).toEqual(["Overview", "Search Details", "Statistics", "Daily Rows"]);
  for (const ws of workbook.worksheets) {
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.autoFilter).toBeDefined();
  }
  const values = (ws: ExcelJS.Worksheet) =>
    new Map(
      ws
        .getSheetValues()
        .slice(2)
        .filter(Boolean)
        .map((row) => [(row as ExcelJS.CellValue[])[1], (row as ExcelJS.CellValue[])[2]]),
    );
  const overview = values(workbook.getWorksheet("Overview")!);
  expect(overview.get("Report date")).toEqual(new Date("2026-03-10T00:00:00Z"));
  expect(overview.get("Total searches")).toBe(5);
  expect(overview.get("Credits used")).toBe(6);
  expect(overview.get("High-risk findings")).toBe(2);
  expect(overview.get("Critical Risk")).toBe(1);
  expect(overview.get("Hour 09")).toBe(2);

  const details = workbook.getWorksheet("Search Details")!;
  expect(details.getRow(1).values).toEqual([undefined, "Time", "Search term", "Entity type", "Risk level", "Mode", "Summary"]);
  expect(details.getRow(2).getCell(1).value).toEqual(new Date("2026-03-10T22:30:00Z"));
  expect(details.getRow(2).getCell(2).value).toBe("Broken Co");
  expect(details.getRow(4).getCell(5).value).toBe("Automated");
  expect(details.rowCount).toBe(6);

  const statistics = values(workbook.getWorksheet("Statistics")!);
  expect(statistics.get("Success rate")).toBe(0.8);
  expect(statistics.get("Peak hour")).toBe(9);
  expect(statistics.get("Average searches per user")).toBe(2.5);

  const rows = workbook.getWorksheet("Daily Rows")!;
  expect(rows.getRow(2).values).toEqual([undefined, new Date("2026-03-10T00:00:00Z"), 5, 4, 1, 6, 2, 2]);
  expect(rows.getRow(3).getCell(1).value).toEqual(new Date("2026-03-09T00:00:00Z"));
  expect(rows.rowCount).toBe(3);
});

test("no report of the day: 404", async () => {
  await expect(exportDailyReport(database.db, { date: "2026-02-01", scope: INSTANCE, format: "pdf", reader: english })).rejects.toMatchObject({
    status: 404,
    message: "No report available for this date",
  });
});
