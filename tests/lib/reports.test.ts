import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fontkit from "@pdf-lib/fontkit";
import ExcelJS from "exceljs";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRawStream, PDFRef } from "pdf-lib";
import { buildSearchPdf, buildSearchXlsx, type SearchReport } from "../../lib/reports/index.ts";
import type { ReportLanguage } from "../../lib/screening/summary/phrasebook.ts";
import { noReview } from "../fixtures/review.ts";
import { cleanResults, petrovResults } from "../fixtures/summary.ts";

function petrovReport(language: ReportLanguage = "en", patch: (r: SearchReport) => void = () => {}): SearchReport {
  const report: SearchReport = {
    search: {
      id: "4f1c2a9e-1111-4c1d-9a55-0d1e2f3a4b5c",
      searchTerm: "Viktor Petrov",
      entityType: "person",
      createdAt: "2024-05-02T09:14:00Z",
      language: "en",
      country: "RU",
    },
    user: { fullName: "Jana Novak", email: "jana.novak@bank.test" },
    // a model's summary, written in English
    results: { ...petrovResults({ failMedia: true }), summarySource: "model", summaryLanguage: "en" },
    aiSummary: "Viktor Petrov presents a critical risk [S1].\n\nHe is listed as a PEP [P1].",
    review: noReview,
    generatedAt: "2024-05-02T09:15:30Z",
    reportLanguage: language,
  };
  patch(report);
  return report;
}

// ---- reading a PDF back: the text drawn on each page, through the fonts' ToUnicode maps ----

function deref(doc: PDFDocument, obj: PDFObject | undefined): PDFObject | undefined {
  return obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
}

function streamText(stream: PDFObject | undefined): string {
  return stream instanceof PDFRawStream ? new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode()) : "";
}

function toUnicodeMap(doc: PDFDocument, font: PDFDict): Map<string, string> {
  const map = new Map<string, string>();
  const cmap = streamText(deref(doc, font.get(PDFName.of("ToUnicode"))));
  for (const [, cid, hex] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
    const units = hex.match(/.{4}/g)!.map((u) => parseInt(u, 16));
    map.set(cid.toLowerCase(), String.fromCharCode(...units));
  }
  return map;
}

/** The text of every page, one drawn piece per line. */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const fontsDict = deref(doc, (deref(doc, page.node.get(PDFName.of("Resources"))) as PDFDict).get(PDFName.of("Font"))) as PDFDict;
    const maps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fontsDict.entries()) maps.set(name.asString(), toUnicodeMap(doc, deref(doc, ref) as PDFDict));
    const contents = deref(doc, page.node.get(PDFName.of("Contents")));
    const streams = contents instanceof PDFArray ? contents.asArray().map((c) => deref(doc, c)) : [contents];
    const pieces: string[] = [];
    let current = new Map<string, string>();
    for (const content of streams) {
      for (const m of streamText(content).matchAll(/(\/\S+) [\d.]+ Tf|<([0-9a-fA-F]*)> Tj/g)) {
        if (m[1]) current = maps.get(m[1]) ?? new Map();
        else
          pieces.push(
            m[2]
              .match(/.{4}/g)
              ?.map((cid) => current.get(cid.toLowerCase()) ?? "?")
              .join("") ?? "",
          );
      }
    }
    return pieces.join("\n");
  });
}

/** The pages as one text, wrapped lines joined by a space. */
function flat(pages: string[]): string {
  return pages.join("\n").replace(/\s+/g, " ");
}

/** Glyphs of the embedded font subsets whose outlines are missing, per font. */
async function emptyGlyphs(bytes: Uint8Array): Promise<Record<string, number>> {
  const doc = await PDFDocument.load(bytes);
  const out: Record<string, number> = {};
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of("Type")) !== PDFName.of("FontDescriptor")) continue;
    const file = deref(doc, obj.get(PDFName.of("FontFile2")));
    if (!(file instanceof PDFRawStream)) continue;
    const font = fontkit.create(Buffer.from(decodePDFRawStream(file).decode())) as unknown as {
      numGlyphs: number;
      getGlyph(i: number): { path: { commands: unknown[] } };
    };
    let empty = 0;
    // glyph 0 is .notdef; a space has no outline either, so only glyphs past it are counted
    for (let i = 1; i < font.numGlyphs; i++) if (font.getGlyph(i).path.commands.length === 0) empty++;
    out[String(obj.get(PDFName.of("FontName")))] = empty;
  }
  return out;
}

describe("PDF report", () => {
  test("opens, is A4, and carries the search, the risk, every source and the summary", async () => {
    const bytes = await buildSearchPdf(petrovReport());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(doc.getTitle()).toBe("Due Diligence Screening Report: Viktor Petrov");

    const pages = await pdfPages(bytes);
    const text = flat(pages);
    for (const expected of [
      "Viktor Petrov",
      "Person",
      "May 2, 2024 at 9:14 AM UTC",
      "Jana Novak <jana.novak@bank.test>",
      "CRITICAL RISK",
      "High Risk Indicators",
      "PEP Status Detected",
      "Strong sanctions match: Viktor Ivanovich PETROV in OFAC SDN List (score 97%; a near-exact name match).",
      "Comprehensive Due Diligence Analysis",
      "Viktor Petrov presents a critical risk [S1].",
      "Sanctions Database Search (2 databases)",
      "OFAC SDN List",
      "Match Found",
      "UN Security Council Consolidated List",
      "No Match",
      "RUSSIA-EO14024",
      "Differences: middle name Ivanovich not in the query",
      "Viktor Petrov charged with laundering $40m through shell companies",
      "Criminal",
      "Datasets and Versions Used",
      "68,201",
      "Google News",
      "the service answered with an error (HTTP 503)",
      "PEP Listings: 1",
      "Every Politician · List version: Apr 30, 2024",
      "Media language English",
      "Country Russia",
    ]) {
      expect(text).toContain(expected);
    }
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    // matches first
    expect(text.indexOf("Match Found OFAC SDN List")).toBeLessThan(text.indexOf("UN Security Council Consolidated List"));
  });

  test("labels follow the report language", async () => {
    const text = flat(await pdfPages(await buildSearchPdf(petrovReport("de"))));
    for (const expected of [
      "Due-Diligence-Prüfbericht",
      "KRITISCHES RISIKO",
      "PEP-Status erkannt",
      "Treffer gefunden",
      "Kein Treffer",
      "Umfassende Due-Diligence-Analyse",
      "Seite 1 von",
      "Geprüfte Quellen",
      "Fehlgeschlagen",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Match Found");
    const fr = flat(await pdfPages(await buildSearchPdf(petrovReport("fr"))));
    expect(fr).toContain("RISQUE CRITIQUE");
    expect(fr).toContain("Page 1 sur");
  });

  test("a French report is French throughout: summary, list details, differences, countries and source errors", async () => {
    const text = flat(
      await pdfPages(
        await buildSearchPdf(
          petrovReport("fr", (r) => {
            r.results.sanctionsList[1].listedEntities = 1003;
            r.results.sanctionsList[0].hits[0].mismatches = [{ kind: "name", score: 0.97, listedName: "Viktor Ivanovich PETROV" }];
          }),
        ),
      ),
    );
    for (const expected of [
      // the model wrote in English: the built-in analysis of the same findings, in French
      "Le modèle de langage a rédigé son analyse dans une autre langue",
      "Le risque global est évalué comme CRITIQUE",
      "(liste du 1 mai 2024)",
      "nationalité : Russie",
      "Aucune correspondance parmi 1 003 inscriptions (version du 28 avr. 2024).",
      "Différences: similarité du nom 97",
      "Google News (le service a répondu par une erreur (HTTP 503))",
      "Pays Russie",
      "Langue des médias anglais",
    ]) {
      expect(text).toContain(expected);
    }
    for (const english of ["Viktor Petrov presents", "No match", "list of", "nationality", "answered HTTP", "the service"]) expect(text).not.toContain(english);
  });

  test("when no news provider answered: adverse media could not be checked, in the counter, the section and the summary", async () => {
    const report = petrovReport("en", (r) => {
      r.results = cleanResults();
      r.results.adverseMedia = [];
      r.results.sources = [
        { source: "OFAC SDN List", kind: "sanctions", status: "ok" },
        { source: "GDELT", kind: "media", status: "failed", error: "could not be reached (ENOTFOUND)", errorCode: "unreachable" },
      ];
      r.results.risk = { level: "medium", reasons: [{ code: "source_failed", level: "medium", params: { count: 1 } }] };
      r.results.clean = false;
    });
    const text = flat(await pdfPages(await buildSearchPdf(report)));
    expect(text).toContain("Adverse Media: – (Not checked)");
    expect(text).toContain("Adverse media could not be checked: no news provider answered.");
    expect(text).toContain("adverse media could not be checked");
    expect(text).toContain("GDELT (the service could not be reached)");
    for (const wrong of [
      "No adverse media articles found",
      "No media articles were found",
      "Adverse Media (0 articles)",
      "LOW RISK",
      "ENOTFOUND",
      "GDELT: GDELT",
    ]) {
      expect(text).not.toContain(wrong);
    }
    const wb = await workbook(await buildSearchXlsx(report));
    expect(field(wb.getWorksheet("Summary")!, "Adverse Media")).toBe("Adverse media could not be checked: no news provider answered.");
    expect(wb.getWorksheet("Media")!.getRow(2).getCell(1).value).toBe("Adverse media could not be checked: no news provider answered.");
    const reasons: string[] = [];
    wb.getWorksheet("Summary")!.eachRow((row) => row.getCell(1).value === "Reasons" && reasons.push(String(row.getCell(2).value)));
    expect(reasons).toEqual(["Not checked: Could not be checked: GDELT (the service could not be reached)."]);
  });

  test("a search stored before PEP listings had their own place exports them as PEP listings, not as media", async () => {
    const report = petrovReport("en", (r) => {
      const stored = r.results as unknown as Record<string, unknown>;
      delete stored.pepListings;
      r.results.adverseMedia.push({
        hitId: "m:petrov-pep",
        title: "Politically exposed person: Viktor Petrov",
        summary: "Viktor Petrov is listed in Every Politician.",
        source: "Every Politician",
        date: "2024-04-30T00:00:00.000Z",
        url: "https://pep.test/petrov",
        category: "PEP",
        isNegative: false,
      });
    });
    const text = flat(await pdfPages(await buildSearchPdf(report)));
    expect(text).toContain("Adverse Media (3 articles)");
    expect(text).toContain("PEP Listings: 1");
    expect(text).not.toContain("Politically exposed person: Politically exposed person");
  });

  test("a clean profile says so", async () => {
    const text = flat(await pdfPages(await buildSearchPdf(petrovReport("en", (r) => (r.results = cleanResults())))));
    expect(text).toContain("LOW RISK");
    expect(text).toContain("Clean Profile");
    expect(text).toContain("No politically exposed person (PEP) listing was found.");
    expect(text).not.toContain("PEP Status Detected");
  });

  test("draws Cyrillic, Greek, Arabic and Chinese names with embedded fonts", async () => {
    const bytes = await buildSearchPdf(
      petrovReport("en", (r) => {
        r.search.searchTerm = "Виктор Петров";
        r.results.sanctionsList[0].hits[0].name = "Βίκτωρ Πετρόφ";
        r.results.sanctionsList[1].hits.push({ ...r.results.sanctionsList[0].hits[1], name: "习近平", matchedName: "习近平" });
        r.results.adverseMedia[0].title = "محمد بن سلمان يلتقي وفداً";
      }),
    );
    const text = flat(await pdfPages(bytes));
    expect(text).toContain("Виктор Петров");
    expect(text).toContain("Βίκτωρ Πετρόφ");
    expect(text).toContain("习近平");
    // Arabic is laid out right to left, so its letters come in visual order
    expect(text).toContain([..."محمد بن سلمان"].reverse().join(""));
    expect(text).not.toContain("\uFFFD");
    const empty = await emptyGlyphs(bytes);
    const fonts = Object.keys(empty);
    expect(fonts.some((f) => f.includes("NotoSansSC"))).toBe(true);
    expect(fonts.some((f) => f.includes("DejaVuSans"))).toBe(true);
    // the subset's glyph outlines survive (an odd-length glyph used to blank every later one)
    for (const font of fonts) expect(empty[font]).toBeLessThanOrEqual(1);
  });

  test("embeds no CJK font when the report needs none", async () => {
    const fonts = Object.keys(await emptyGlyphs(await buildSearchPdf(petrovReport())));
    expect(fonts.every((f) => f.includes("DejaVuSans"))).toBe(true);
  });

  test("long texts wrap and break over numbered pages", async () => {
    const longSummary = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}: ${"the findings are restated here at length ".repeat(6)}`).join("\n\n");
    const longUrl = `https://news.test/${"very-long-path-segment-".repeat(20)}`;
    const bytes = await buildSearchPdf(
      petrovReport("en", (r) => {
        r.aiSummary = longSummary;
        r.results.adverseMedia = Array.from({ length: 80 }, (_, i) => ({
          hitId: `m:${i}`,
          title: `Article number ${i + 1} about Viktor Petrov and his companies in several countries`,
          summary: "A summary of the article. ".repeat(8),
          source: "Reuters",
          date: "2024-03-02",
          url: longUrl,
          category: "negative" as const,
          isNegative: true,
        }));
      }),
    );
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(6);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const text = flat(pages);
    expect(text).toContain("Paragraph 60:");
    expect(text).toContain("Article number 80 about Viktor Petrov");
    expect(text).toContain("Adverse Media (80 articles)");
  });

  test("pdftotext reads it when poppler is installed", async () => {
    const pdftotext = Bun.which("pdftotext");
    if (!pdftotext) return; // the reader above has checked the same text
    const dir = mkdtempSync(join(tmpdir(), "duecheck-pdf-"));
    try {
      writeFileSync(join(dir, "r.pdf"), await buildSearchPdf(petrovReport("es")));
      const out = Bun.spawnSync([pdftotext, "-layout", join(dir, "r.pdf"), "-"]).stdout.toString();
      expect(out).toContain("Viktor Petrov");
      expect(out).toContain("RIESGO CRÍTICO");
      expect(out).toContain("OFAC SDN List");
      expect(out).toContain("Página 1 de");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function workbook(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** Column B of the row whose column A is `label`. */
function field(ws: ExcelJS.Worksheet, label: string): ExcelJS.CellValue | undefined {
  let value: ExcelJS.CellValue | undefined;
  ws.eachRow((row) => {
    if (row.getCell(1).value === label && value === undefined) value = row.getCell(2).value;
  });
  return value;
}

describe("Excel report", () => {
  test("has the six sheets with the search, the risk and every row", async () => {
    const wb = await workbook(await buildSearchXlsx(petrovReport()));
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Summary", "Sanctions", "PEP", "Media", "Review", "Sources"]);

    const summary = wb.getWorksheet("Summary")!;
    expect(summary.getCell("A1").value).toBe("Due Diligence Screening Report");
    expect(field(summary, "Search term")).toBe("Viktor Petrov");
    expect(field(summary, "Entity type")).toBe("Person");
    expect(field(summary, "Requested by")).toBe("Jana Novak <jana.novak@bank.test>");
    expect(field(summary, "Risk level")).toBe("Critical Risk");
    expect(field(summary, "Clean Profile")).toBe("No");
    expect(field(summary, "PEP Status Detected")).toBe("Yes");
    expect(field(summary, "Sanctions Matches")).toBe(1);
    expect(field(summary, "PEP Listings")).toBe(1);
    expect(field(summary, "Adverse Media")).toBe(3);
    expect(field(summary, "Reasons")).toBe("Strong sanctions match: Viktor Ivanovich PETROV in OFAC SDN List (score 97%; a near-exact name match).");
    const texts: string[] = [];
    summary.eachRow((row) => texts.push(String(row.getCell(1).value)));
    expect(texts).toContain("Viktor Petrov presents a critical risk [S1].");

    const sanctions = wb.getWorksheet("Sanctions")!;
    expect(sanctions.getRow(1).values).toEqual([
      undefined,
      "Source",
      "Match",
      "Details",
      "Last updated",
      "Matched entities",
      "Link",
      "Matched entity",
      "Matched as",
      "Score",
      "Programs",
      "Nationality",
      "Birth date",
      "Differences",
      "Details compared",
      "Why it matched",
      "Matched entity — Link",
    ]);
    expect(sanctions.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sanctions.getColumn(1).width).toBe(30);
    const hit = sanctions.getRow(2);
    expect(hit.getCell(1).value).toBe("OFAC SDN List");
    expect(hit.getCell(2).value).toBe("Match Found");
    expect(hit.getCell(4).value).toEqual(new Date("2024-05-01T00:00:00Z"));
    expect(hit.getCell(7).value).toBe("Viktor Ivanovich PETROV");
    expect(hit.getCell(9).value).toBe(0.97);
    expect(hit.getCell(9).numFmt).toBe("0%");
    expect(hit.getCell(16).value).toEqual({
      text: "https://sanctionssearch.ofac.treas.gov/Details.aspx?id=36001",
      hyperlink: "https://sanctionssearch.ofac.treas.gov/Details.aspx?id=36001",
    });
    expect(sanctions.getRow(4).getCell(1).value).toBe("UN Security Council Consolidated List");
    expect(sanctions.getRow(4).getCell(2).value).toBe("No Match");

    const media = wb.getWorksheet("Media")!;
    expect(media.rowCount).toBe(4);
    expect(media.getRow(2).getCell(1).value).toBe("Viktor Petrov charged with laundering $40m through shell companies");
    expect(media.getRow(2).getCell(2).value).toBe("Criminal");
    expect(media.getRow(2).getCell(3).value).toBe("Yes");
    expect(media.getRow(2).getCell(7).value).toEqual({ text: "https://news.test/petrov-charged", hyperlink: "https://news.test/petrov-charged" });
    // negative first, then the rest; PEP listings have their own sheet
    expect([2, 3, 4].map((r) => media.getRow(r).getCell(2).value)).toEqual(["Criminal", "Corruption", "Other"]);
    const pep = wb.getWorksheet("PEP")!;
    expect(pep.getRow(1).getCell(1).value).toBe("Matched entity");
    const listing = pep.getRow(2);
    expect([1, 2, 3, 5, 6].map((c) => listing.getCell(c).value)).toEqual(["Viktor Petrov", 1, "Every Politician", "Russia", "Apr 12, 1965"]);
    expect(listing.getCell(10).value).toEqual({ text: "https://pep.test/petrov", hyperlink: "https://pep.test/petrov" });

    const sources = wb.getWorksheet("Sources")!;
    const rows: unknown[][] = [];
    sources.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(["Google News", "News", "Failed", "the service answered with an error (HTTP 503)"]);
    expect(rows).toContainEqual(["Every Politician", "PEP", new Date("2024-04-30T00:00:00Z"), 68201]);
  });

  test("German report has German sheets and headers", async () => {
    const wb = await workbook(await buildSearchXlsx(petrovReport("de")));
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Zusammenfassung", "Sanktionen", "PEP", "Medien", "Prüfung", "Quellen"]);
    expect(wb.getWorksheet("Sanktionen")!.getRow(1).getCell(1).value).toBe("Quelle");
    expect(wb.getWorksheet("Sanktionen")!.getRow(2).getCell(2).value).toBe("Treffer gefunden");
    expect(wb.getWorksheet("Medien")!.getRow(1).getCell(2).value).toBe("Kategorie");
    expect(field(wb.getWorksheet("Zusammenfassung")!, "Risikostufe")).toBe("Kritisches Risiko");
  });

  test("dates are date cells with a date format, not ISO text", async () => {
    const wb = await workbook(
      await buildSearchXlsx(
        petrovReport("de", (r) => {
          // as stored by a real screening: list versions and GDELT articles carry full ISO times
          r.results.sanctionsList[0].lastUpdated = "2024-05-01T06:00:12.000Z";
          r.results.adverseMedia[0].date = "2024-03-02T08:15:00.000Z";
          r.results.datasetsUsed[0].versionDate = "2024-05-01T06:00:12.000Z";
        }),
      ),
    );
    const dateCell = (cell: ExcelJS.Cell) => ({ value: cell.value, numFmt: cell.numFmt });
    const fieldCell = (ws: ExcelJS.Worksheet, label: string) => {
      let found: ExcelJS.Cell | undefined;
      ws.eachRow((row) => {
        if (row.getCell(1).value === label) found ??= row.getCell(2);
      });
      return found!;
    };
    const summary = wb.getWorksheet("Zusammenfassung")!;
    const withTime = 'yyyy-mm-dd hh:mm "UTC"';
    expect(dateCell(fieldCell(summary, "Suchdatum"))).toEqual({ value: new Date("2024-05-02T09:14:00Z"), numFmt: withTime });
    expect(dateCell(fieldCell(summary, "Erstellt"))).toEqual({ value: new Date("2024-05-02T09:15:30Z"), numFmt: withTime });
    const sanctions = wb.getWorksheet("Sanktionen")!;
    expect(sanctions.getRow(1).getCell(4).value).toBe("Zuletzt aktualisiert");
    expect(dateCell(sanctions.getRow(2).getCell(4))).toEqual({ value: new Date("2024-05-01T06:00:12Z"), numFmt: withTime });
    // a day without a time stays a day
    expect(dateCell(sanctions.getRow(4).getCell(4))).toEqual({ value: new Date("2024-04-28T00:00:00Z"), numFmt: "yyyy-mm-dd" });
    const media = wb.getWorksheet("Medien")!;
    expect(dateCell(media.getRow(2).getCell(4))).toEqual({ value: new Date("2024-03-02T08:15:00Z"), numFmt: withTime });
    const sources = wb.getWorksheet("Quellen")!;
    const versionDates: ExcelJS.Cell[] = [];
    sources.eachRow((row) => {
      if (row.getCell(1).value === "OFAC SDN List" && row.getCell(3).value instanceof Date) versionDates.push(row.getCell(3));
    });
    expect(versionDates.map(dateCell)).toEqual([{ value: new Date("2024-05-01T06:00:12Z"), numFmt: withTime }]);
    // no cell anywhere holds an ISO date as text
    for (const ws of wb.worksheets) {
      ws.eachRow((row) => row.eachCell((cell) => expect(typeof cell.value === "string" && /^\d{4}-\d{2}-\d{2}/.test(cell.value)).toBe(false)));
    }
  });

  test("characters XML cannot hold do not break the file", async () => {
    const wb = await workbook(await buildSearchXlsx(petrovReport("en", (r) => (r.results.adverseMedia[0].title = "Bad\u0000title\u0007here"))));
    expect(wb.getWorksheet("Media")!.getRow(2).getCell(1).value).toBe("Badtitlehere");
  });
});
