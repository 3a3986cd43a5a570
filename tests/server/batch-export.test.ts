/**
 * GET /api/batch-jobs/{id}/export?format=csv|xlsx|pdf over real HTTP: a batch screened to the end (and one still
 * running) downloaded by its owner in each format, read back as a user would; who may download what; bad input.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import type { HttpClient } from "../../support/http-client.ts";
import { importPeps, importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { batchGdeltAnswer, type NewsServer, quotedPhrase, startGdeltServer } from "../helpers/news-servers.ts";

/** "Slow Person" is answered only once the test opens the gate, so its batch is still running until then. */
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => (openGate = resolve));

async function gdeltAnswer(url: URL): Promise<Response> {
  if (quotedPhrase(url.searchParams.get("query") ?? "") === "Slow Person") await gate;
  return batchGdeltAnswer(url);
}

let gdelt: NewsServer;
let app: TestApp;
let analyst: HttpClient;
let other: HttpClient;
let batchId: string;
let restoreEnv: () => void = () => {};

/** Creates a batch in its two calls: the batch, then its entities. */
async function startBatch(client: HttpClient, name: string, entities: Record<string, unknown>[]) {
  const created = await client.post("/api/batch-jobs", { name, totalEntities: entities.length });
  expect(created.status).toBe(201);
  expect((await client.post(`/api/batch-jobs/${created.json.id}/entities`, { entities })).status).toBe(200);
  return created.json.id as string;
}

async function ended(client: HttpClient, id: string) {
  for (let i = 0; ; i++) {
    const res = await client.get(`/api/batch-jobs/${id}`);
    if (res.json.status === "completed" || res.json.status === "failed") return res.json;
    if (i > 300) throw new Error(`batch ${id} is still ${res.json.status}`);
    await Bun.sleep(200);
  }
}

/** A download as the browser gets it: status, headers and the bytes. */
async function download(client: HttpClient | null, path: string) {
  const headers: Record<string, string> = client ? { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {};
  const response = await fetch(app.url + path, { headers });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const json = (bytes: Uint8Array) => JSON.parse(text(bytes));

function csvRows(bytes: Uint8Array) {
  const [header, ...rows]: string[][] = parse(text(bytes).replace(/^\uFEFF/, ""));
  return { header, byTerm: Object.fromEntries(rows.map((row) => [row[0], Object.fromEntries(header.map((h, i) => [h, row[i]]))])), rows };
}

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "dc-export-"));
  try {
    writeFileSync(join(dir, "b.pdf"), bytes);
    return Bun.spawnSync(["pdftotext", "-layout", join(dir, "b.pdf"), "-"])
      .stdout.toString()
      .replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The batch's creation day (UTC), which its file names carry. */
let createdDay: string;

beforeAll(async () => {
  gdelt = startGdeltServer(gdeltAnswer);
  restoreEnv = setEnv({
    ...SCREENING_TEST_ENV,
    DUECHECK_NEWS_PROVIDERS: "gdelt",
    DUECHECK_GDELT_URL: gdelt.url,
    DUECHECK_NEWS_TIMEOUT_MS: "60000",
    DUECHECK_JOB_STOP_SECONDS: "2",
    DUECHECK_INDEX_REFRESH_MS: "200",
  });
  app = await startApp();
  await keepOnlyDatasets(app.db, ["us_ofac_sdn", "us_congress_peps"]);
  await importSdn(app.db);
  await importPeps(app.db);
  analyst = await signedIn(app, { email: "analyst@example.com", password: "analyst-password", fullName: "Ana Lyst", credits: 1000 });
  other = await signedIn(app, { email: "other@example.com", password: "other-password", credits: 1000 });
  for (let i = 0; ; i++) {
    const sdn = await analyst.get("/api/sanctions/search?term=Rustam%20Karimov&dataset=sanctions");
    const peps = await analyst.get("/api/sanctions/search?term=Scott%20Franklin&dataset=peps");
    if (sdn.json?.found && peps.json?.found) break;
    if (i > 100) throw new Error("the server's index never got the lists");
    await Bun.sleep(100);
  }
  batchId = await startBatch(analyst, "Quarterly customers", [
    { searchTerm: "Rustam Karimov", entityType: "person", country: "UZ" },
    { searchTerm: "=1+2 Trading, Ltd", entityType: "company" },
    { searchTerm: "Jane Example" },
  ]);
  createdDay = (await ended(analyst, batchId)).createdAt.slice(0, 10);
});
afterAll(async () => {
  openGate();
  await app.stop();
  await gdelt.stop();
  restoreEnv();
});

describe("the owner downloads", () => {
  test("CSV: every entity with its findings, as an attachment named after the batch", async () => {
    const res = await download(analyst, `/api/batch-jobs/${batchId}/export?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="duecheck-batch-quarterly-customers-${createdDay}.csv"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { rows, byTerm } = csvRows(res.bytes);
    // in the file's order
    expect(rows.map((row) => row[0])).toEqual(["Rustam Karimov", "'=1+2 Trading, Ltd", "Jane Example"]);
    const karimov = byTerm["Rustam Karimov"];
    expect(karimov).toMatchObject({
      "Entity type": "Person",
      Country: "UZ",
      Status: "Completed",
      "Sanctions lists matched": "1",
      "Adverse media articles": "1",
      "Adverse media checked": "Yes",
    });
    expect(["Critical Risk", "High Risk"]).toContain(karimov["Risk level"]);
    expect(karimov["Matched listings"]).toMatch(/KARIMOV/i);
    const results = (await analyst.get(`/api/batch-jobs/${batchId}/results`)).json.items as { searchTerm: string; searchId: string }[];
    // without DUECHECK_PUBLIC_URL the links start with the address the file was downloaded from
    expect(karimov.Link).toBe(`${app.url}/searches/${results.find((r) => r.searchTerm === "Rustam Karimov")!.searchId}`);
    expect(byTerm["'=1+2 Trading, Ltd"]).toMatchObject({ "Entity type": "Company", Status: "Completed", "Sanctions lists matched": "0" });
  });

  test("Excel: the Summary and Results sheets", async () => {
    const res = await download(analyst, `/api/batch-jobs/${batchId}/export?format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="duecheck-batch-quarterly-customers-${createdDay}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(["Summary", "Results"]);
    const results = wb.getWorksheet("Results")!;
    expect(results.rowCount).toBe(4);
    const terms: unknown[] = [];
    results.eachRow((row, n) => n > 1 && terms.push(row.getCell(1).value));
    expect(terms.sort()).toEqual(["=1+2 Trading, Ltd", "Jane Example", "Rustam Karimov"]);
  });

  test("PDF: the summary with the totals and the entity that needs attention", async () => {
    const res = await download(analyst, `/api/batch-jobs/${batchId}/export?format=pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="duecheck-batch-quarterly-customers-${createdDay}.pdf"`);
    expect(text(res.bytes.slice(0, 5))).toBe("%PDF-");
    const pdf = pdfText(res.bytes);
    expect(pdf).toContain("Batch Screening Summary");
    expect(pdf).toContain("Ana Lyst <analyst@example.com>");
    expect(pdf).toContain("Status Completed");
    expect(pdf).toMatch(/Entities 3 Screened 3 Failed 0/);
    const attention = pdf.slice(pdf.indexOf("Entities That Need Attention"));
    expect(attention).toContain("Rustam Karimov");
    expect(attention).not.toContain("Jane Example");
  });

  test("in the report language the owner chose", async () => {
    expect((await analyst.post("/api/auth/update-languages", { profileLanguage: "en", reportLanguage: "de" })).status).toBe(200);
    try {
      const { header, byTerm } = csvRows((await download(analyst, `/api/batch-jobs/${batchId}/export?format=csv`)).bytes);
      expect(header[0]).toBe("Suchbegriff");
      expect(byTerm["Jane Example"].Status).toBe("Abgeschlossen");
      expect(pdfText((await download(analyst, `/api/batch-jobs/${batchId}/export?format=pdf`)).bytes)).toContain("Zusammenfassung der Stapelprüfung");
    } finally {
      await analyst.post("/api/auth/update-languages", { profileLanguage: "en", reportLanguage: "en" });
    }
  });
});

describe("a batch still running", () => {
  test("is exported as it stands: rows not finished are listed as pending or processing", async () => {
    const id = await startBatch(analyst, "Still running", [{ searchTerm: "Slow Person" }, { searchTerm: "Jane Example" }]);
    const { byTerm } = csvRows((await download(analyst, `/api/batch-jobs/${id}/export?format=csv`)).bytes);
    expect(Object.keys(byTerm).sort()).toEqual(["Jane Example", "Slow Person"]);
    expect(["Pending", "Processing"]).toContain(byTerm["Slow Person"].Status);
    expect(byTerm["Slow Person"]).toMatchObject({ "Risk level": "", "Adverse media articles": "", Finished: "" });
    const pdf = pdfText((await download(analyst, `/api/batch-jobs/${id}/export?format=pdf`)).bytes);
    expect(pdf).toContain("Status Processing");
    expect(pdf).toMatch(/Not finished yet [12] /);
    expect(pdf).toContain("This batch was still running when the export was made");

    openGate();
    await ended(analyst, id);
    const after = csvRows((await download(analyst, `/api/batch-jobs/${id}/export?format=csv`)).bytes);
    expect(after.byTerm["Slow Person"].Status).toBe("Completed");
  });
});

describe("who may download what", () => {
  test("another user's batch and an unknown id are 404 in every format", async () => {
    for (const format of ["csv", "xlsx", "pdf"]) {
      const res = await download(other, `/api/batch-jobs/${batchId}/export?format=${format}`);
      expect([res.status, json(res.bytes)]).toEqual([404, { error: "Batch not found" }]);
      const unknown = await download(analyst, `/api/batch-jobs/6f1c2a9e-1111-4c1d-9a55-0d1e2f3a4b5c/export?format=${format}`);
      expect(unknown.status).toBe(404);
    }
  });

  test("a bad or missing format is 400 with what is allowed", async () => {
    for (const query of ["?format=docx", "?format=CSV", ""]) {
      const res = await download(analyst, `/api/batch-jobs/${batchId}/export${query}`);
      expect([res.status, json(res.bytes)]).toEqual([400, { error: "format must be one of csv, xlsx or pdf" }]);
    }
  });

  test("without a session: 401", async () => {
    const res = await download(null, `/api/batch-jobs/${batchId}/export?format=csv`);
    expect(res.status).toBe(401);
  });
});
