import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSearchPdf, type SearchReport } from "../../lib/reports/index.ts";
import { noReview } from "../fixtures/review.ts";
import { petrovResults } from "../fixtures/summary.ts";

// pdftotext (poppler-utils; .ci/run installs it) reads the PDF as a person's viewer does: through each font's
// ToUnicode map, so a glyph drawn from a missing font comes out as U+FFFD.
const PDFTOTEXT = Bun.which("pdftotext");

function reportFor(name: string, patch: (r: SearchReport) => void = () => {}): SearchReport {
  const report: SearchReport = {
    search: {
      id: "4f1c2a9e-1111-4c1d-9a55-0d1e2f3a4b5c",
      searchTerm: name,
      entityType: "person",
      createdAt: "2024-05-02T09:14:00Z",
      language: "en",
      country: null,
    },
    user: { fullName: "Jana Novak", email: "jana.novak@bank.test" },
    results: petrovResults(),
    aiSummary: "",
    review: noReview,
    generatedAt: "2024-05-02T09:15:30Z",
    reportLanguage: "en",
  };
  report.results.sanctionsList[0].hits[0].name = name;
  patch(report);
  return report;
}

/** The PDF's text as pdftotext reads it, and the names of its embedded fonts as pdffonts lists them. */
async function readPdf(report: SearchReport): Promise<{ text: string; fonts: string[] }> {
  expect(PDFTOTEXT).toBeTruthy();
  const dir = mkdtempSync(join(tmpdir(), "duecheck-scripts-"));
  try {
    const file = join(dir, "report.pdf");
    writeFileSync(file, await buildSearchPdf(report));
    const text = Bun.spawnSync([PDFTOTEXT!, file, "-"]).stdout.toString();
    const listing = Bun.spawnSync([join(PDFTOTEXT!, "..", "pdffonts"), file]).stdout.toString();
    // pdf-lib names an embedded subset Family-Style-NNNN
    const fonts = [...listing.matchAll(/^(\S+)-\d+ +CID TrueType/gm)].map((m) => m[1]);
    return { text, fonts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const SCRIPTS = [
  { script: "Korean", name: "김정은", font: "NotoSansKR" },
  { script: "Japanese", name: "山田 たろう", font: "NotoSansJP" },
  { script: "Thai", name: "ประยุทธ์ จันทร์โอชา", font: "NotoSansThai" },
  { script: "Devanagari", name: "नरेन्द्र मोदी", font: "NotoSansDevanagari" },
  { script: "Chinese", name: "习近平", font: "NotoSansSC" },
];

describe("PDF report in every script", () => {
  for (const { script, name, font } of SCRIPTS) {
    test(`${script} names print as text, with ${font} embedded and no replacement mark`, async () => {
      const { text, fonts } = await readPdf(reportFor(name));
      expect(text).not.toContain("\uFFFD");
      // the title, the sanctions hit and the summary
      expect(text.split(name).length - 1).toBeGreaterThanOrEqual(3);
      expect(text).toContain(`${name} was screened as a person`);
      expect(fonts).toContain(`${font}-Regular`);
      expect(fonts).toContain(`${font}-Bold`);
      // only the fonts this text needs
      expect(fonts.filter((f) => f.startsWith("Noto")).every((f) => f.startsWith(font))).toBe(true);
    });
  }

  test("a report mixing scripts embeds each font it needs", async () => {
    const { text, fonts } = await readPdf(
      reportFor("김정은", (r) => {
        r.results.adverseMedia[0].title = "山田 たろう and ประยุทธ์ จันทร์โอชา meet नरेन्द्र मोदी";
      }),
    );
    expect(text).not.toContain("\uFFFD");
    expect(text).toContain("山田 たろう and ประยุทธ์ จันทร์โอชา meet नरेन्द्र मोदी");
    expect(new Set(fonts.map((f) => f.replace(/-(Regular|Bold)$/, "")))).toEqual(
      new Set(["DejaVuSans", "NotoSansKR", "NotoSansJP", "NotoSansThai", "NotoSansDevanagari"]),
    );
  });

  test("a Latin-only report embeds DejaVu Sans only", async () => {
    const { text, fonts } = await readPdf(reportFor("Viktor Petrov"));
    expect(text).toContain("Viktor Petrov was screened as a person");
    expect(fonts.sort()).toEqual(["DejaVuSans", "DejaVuSans-Bold"]);
  });
});
