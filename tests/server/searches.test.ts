import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { PDFDocument } from "pdf-lib";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importPeps, importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { auditEntries, userIdOf } from "../helpers/audit.ts";
import { apiBalance } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import type { GdeltArticle, NewsServer } from "../helpers/news-servers.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const gdeltArticle = (title: string, url: string): GdeltArticle => ({
  title,
  url,
  seendate: "20250301T100000Z",
  domain: "news.example",
  language: "English",
  sourcecountry: "United Kingdom",
});

const ENV: Record<string, string> = {
  ...SCREENING_TEST_ENV,
  DUECHECK_NEWS_TIMEOUT_MS: "1000",
  DUECHECK_JOB_STOP_SECONDS: "2",
};

let app: TestApp;
let gdelt: NewsServer;
let google: NewsServer;
let stopApp: () => Promise<void>;
let analyst: HttpClient;
let other: HttpClient;
let admin: HttpClient;

beforeAll(async () => {
  const news = { "Rustam Karimov": [gdeltArticle("Rustam Karimov charged with money laundering", "https://news.example/karimov-charged")] };
  ({ app, gdelt, google, stop: stopApp } = await startScreeningApp(news, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn", "us_congress_peps"]);
  await importSdn(app.db);
  await importPeps(app.db);
  analyst = await signedIn(app, { email: "analyst@example.com", password: "analyst-password", fullName: "Ana Lyst", credits: 1000 });
  other = await signedIn(app, { email: "other@example.com", password: "other-password", credits: 1000 });
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
});
afterAll(() => stopApp());

async function completed(client: HttpClient, id: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/searches/${id}`);
    expect(res.status).toBe(200);
    if (res.json.status === "completed" || res.json.status === "failed") return res.json;
    if (Date.now() > deadline) throw new Error(`search ${id} is still ${res.json.status}`);
    await Bun.sleep(200);
  }
}

const message10 = "You need at least 10 credits to perform a search. Please contact support to add more credits.";

let karimovId: string;

describe("POST /api/searches", () => {
  test("answers 201 with the id at once; the job completes the search with results, risk and summary", async () => {
    const before = await apiBalance(analyst);
    const res = await analyst.post("/api/searches", { searchTerm: "  Rustam Karimov ", entityType: "person" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json)).toEqual(["id"]);
    karimovId = res.json.id;
    expect(await apiBalance(analyst)).toBe(before - 10);
    const search = await completed(analyst, karimovId);
    expect(search).toMatchObject({
      id: karimovId,
      status: "completed",
      searchTerm: "Rustam Karimov",
      entityName: "Rustam Karimov",
      entityType: "person",
      error: null,
    });
    for (const key of ["id", "status", "searchTerm", "entityName", "entityType", "riskLevel", "aiSummary", "error", "createdAt", "results"]) {
      expect(search).toHaveProperty(key);
    }
    expect(["high", "critical"]).toContain(search.riskLevel);
    expect(search.aiSummary.length).toBeGreaterThan(40);
    expect(search.results.sanctionsList[0]).toMatchObject({ datasetId: "us_ofac_sdn", match: true, entityCount: 1 });
    expect(search.results.adverseMedia).toContainEqual(
      expect.objectContaining({ title: "Rustam Karimov charged with money laundering", url: "https://news.example/karimov-charged", isNegative: true }),
    );
    expect(search.results.sources.every((s: { status: string }) => s.status === "ok")).toBe(true);
    expect(search.results.datasetsUsed.map((d: { id: string }) => d.id).sort()).toEqual(["us_congress_peps", "us_ofac_sdn"]);
    expect(await apiBalance(analyst)).toBe(before - 10);
  });

  test("invalid bodies are 400 with a JSON error and charge nothing", async () => {
    const before = await apiBalance(analyst);
    for (const [body, error] of [
      [{ searchTerm: "   ", entityType: "person" }, "Search term is required"],
      [{ searchTerm: "Acme", entityType: "vessel" }, "Entity type must be person or company"],
      [{ searchTerm: "Acme", entityType: "company", country: "Narnia" }, "Country must be a two-letter ISO 3166 code, such as DE or US"],
      [{ searchTerm: "Acme", entityType: "company", numLinks: 500 }, "numLinks must be at most 50"],
      [{ searchTerm: "Acme", entityType: "company", creditsUsed: 0 }, "Unknown field: creditsUsed"],
    ] as const) {
      const res = await analyst.post("/api/searches", body);
      expect([res.status, res.json]).toEqual([400, { error }]);
    }
    expect((await analyst.post("/api/searches", "not json", { "content-type": "application/json" })).status).toBe(400);
    expect(await apiBalance(analyst)).toBe(before);
  });

  test("402 at the credit boundary, with a message that names the credits a search needs", async () => {
    const client = await signedIn(app, { email: "ten@example.com", password: "password-123", credits: 10 });
    expect((await client.post("/api/searches", { searchTerm: "Jane Example", entityType: "person" })).status).toBe(201);
    const refused = await client.post("/api/searches", { searchTerm: "Jane Example", entityType: "person" });
    expect([refused.status, refused.json]).toEqual([402, { error: message10 }]);
    expect(await apiBalance(client)).toBe(0);
    expect((await client.get("/api/searches")).json.items).toHaveLength(1);
  });

  test("5 concurrent searches with 25 credits: exactly 2 accepted, 3 refused with 402, balance 5, 2 ledger rows", async () => {
    const client = await signedIn(app, { email: "race@example.com", password: "password-123", credits: 25 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => client.post("/api/searches", { searchTerm: `Race Person ${i}`, entityType: "person" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 402, 402, 402]);
    expect(await apiBalance(client)).toBe(5);
    const ledger = (await client.get("/api/credits/balance")).json.transactions.filter((t: { type: string }) => t.type === "manual_search");
    expect(ledger.map((t: { amount: number }) => t.amount)).toEqual([-10, -10]);
    const accepted = answers.filter((a) => a.status === 201).map((a) => a.json.id);
    for (const id of accepted) expect((await completed(client, id)).status).toBe("completed");
    expect(await apiBalance(client)).toBe(5);
  });

  test("the configured search cost is charged and named", async () => {
    const client = await signedIn(app, { email: "cost@example.com", password: "password-123", credits: 20 });
    await updateSystemSettings(app.db, { manualSearchCost: 15 });
    try {
      expect((await client.post("/api/searches", { searchTerm: "Jane Example", entityType: "person" })).status).toBe(201);
      const refused = await client.post("/api/searches", { searchTerm: "Jane Example", entityType: "person" });
      expect([refused.status, refused.json.error]).toEqual([
        402,
        "You need at least 15 credits to perform a search. Please contact support to add more credits.",
      ]);
      expect(await apiBalance(client)).toBe(5);
    } finally {
      await updateSystemSettings(app.db, { manualSearchCost: 10 });
    }
  });

  test("an admin is not charged", async () => {
    const before = await apiBalance(admin);
    const res = await admin.post("/api/searches", { searchTerm: "Jane Example", entityType: "person" });
    expect(res.status).toBe(201);
    const search = await completed(admin, res.json.id);
    expect(search.creditsUsed).toBe(0);
    expect(await apiBalance(admin)).toBe(before);
  });

  test("a news provider that is down: the search completes, the failure is shown, never clean", async () => {
    gdelt.mode = "error";
    google.mode = "hang";
    try {
      const res = await analyst.post("/api/searches", { searchTerm: "Jane Example", entityType: "person" });
      const search = await completed(analyst, res.json.id);
      expect(search.status).toBe("completed");
      const failed = search.results.sources.filter((s: { status: string }) => s.status === "failed");
      expect(failed.map((s: { source: string }) => s.source).sort()).toEqual(["GDELT", "Google News"]);
      expect(search.results.clean).toBe(false);
      // media could not be checked: never low, one reason for both providers, each failure as a code for people
      expect(search.riskLevel).toBe("medium");
      expect(failed.map((s: { errorCode: string }) => s.errorCode).sort()).toEqual(["http_error", "timeout"]);
      expect(search.results.risk.reasons.filter((r: { code: string }) => r.code === "source_failed")).toEqual([
        { code: "source_failed", level: "medium", params: { count: 2 } },
      ]);
      expect(search.aiSummary).toContain("Adverse media could not be checked");
      expect(search.aiSummary).not.toContain("No media articles were found");
    } finally {
      gdelt.mode = "normal";
      google.mode = "normal";
    }
  });
});

describe("reading, listing, deleting", () => {
  test("every route needs a session", async () => {
    const anonymous = new HttpClient(app.url);
    for (const [method, path] of [
      ["GET", "/api/searches"],
      ["POST", "/api/searches"],
      ["GET", `/api/searches/${karimovId}`],
      ["DELETE", `/api/searches/${karimovId}`],
      ["GET", `/api/searches/${karimovId}/export/pdf`],
      ["GET", `/api/searches/${karimovId}/export/excel`],
    ]) {
      const res = await anonymous.request(method, path, method === "POST" ? { searchTerm: "x", entityType: "person" } : undefined);
      expect([path, res.status, res.json]).toEqual([path, 401, { error: "Not signed in" }]);
    }
  });

  test("GET /api/searches: own searches only, newest first, with the list fields", async () => {
    const client = await signedIn(app, { email: "lister@example.com", password: "password-123", fullName: "Lena Lister", credits: 100 });
    const me = (await client.get("/api/auth/me")).json;
    const first = (await client.post("/api/searches", { searchTerm: "First Person", entityType: "person" })).json.id;
    await Bun.sleep(5);
    const second = (await client.post("/api/searches", { searchTerm: "Second Company", entityType: "company" })).json.id;
    const list = (await client.get("/api/searches")).json.items;
    expect(list.map((s: { id: string }) => s.id)).toEqual([second, first]);
    expect(Object.keys(list[0]).sort()).toEqual(["createdAt", "entityType", "id", "reviewStatus", "riskLevel", "searchTerm", "searchedBy", "status"]);
    expect(list[0]).toMatchObject({ searchTerm: "Second Company", entityType: "company", searchedBy: { id: me.id, name: "Lena Lister" } });
    expect(new Date(list[0].createdAt).toISOString()).toBe(list[0].createdAt);
    expect((await other.get("/api/searches")).json.items.some((s: { id: string }) => s.id === first || s.id === second)).toBe(false);
  });

  test("another user's search, an unknown and a malformed id: 404 'Search not found' for read, delete and both exports", async () => {
    for (const [client, id] of [
      [other, karimovId],
      [analyst, crypto.randomUUID()],
      [analyst, "not-an-id"],
    ] as const) {
      for (const [method, path] of [
        ["GET", `/api/searches/${id}`],
        ["GET", `/api/searches/${id}/export/pdf`],
        ["GET", `/api/searches/${id}/export/excel`],
        ["DELETE", `/api/searches/${id}`],
      ]) {
        const res = await client.request(method, path);
        expect([path, res.status, res.json]).toEqual([path, 404, { error: "Search not found" }]);
      }
    }
    expect((await analyst.get(`/api/searches/${karimovId}`)).status).toBe(200);
  });

  test("DELETE removes the own search: then 404, and gone from the list", async () => {
    const id = (await analyst.post("/api/searches", { searchTerm: "Delete Me", entityType: "person" })).json.id;
    await completed(analyst, id);
    const res = await analyst.request("DELETE", `/api/searches/${id}`);
    expect([res.status, res.json]).toEqual([200, { success: true }]);
    expect((await analyst.get(`/api/searches/${id}`)).status).toBe(404);
    expect((await analyst.get("/api/searches")).json.items.some((s: { id: string }) => s.id === id)).toBe(false);
  });
});

describe("exports", () => {
  test("PDF: an attachment with a safe file name that opens as a PDF of this search, for its user", async () => {
    const res = await fetch(`${app.url}/api/searches/${karimovId}/export/pdf`, { headers: { cookie: cookieOf(analyst) } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const date = (await analyst.get(`/api/searches/${karimovId}`)).json.createdAt.slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="duecheck-rustam-karimov-${date}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(0);
    expect(pdf.getTitle()).toBe("Due Diligence Screening Report: Rustam Karimov");
    expect(pdf.getAuthor()).toBe("Ana Lyst");
  });

  test("Excel: an attachment that opens as a workbook with the term, the risk, the matched list and the article", async () => {
    const res = await fetch(`${app.url}/api/searches/${karimovId}/export/excel`, { headers: { cookie: cookieOf(analyst) } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="duecheck-rustam-karimov-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const text = workbook.worksheets.map(sheetText).join("\n");
    expect(text).toContain("Rustam Karimov");
    expect(text).toContain("OFAC Specially Designated Nationals (SDN) List");
    expect(text).toContain("KARIMOV, Rustam Alievich");
    expect(text).toContain("Rustam Karimov charged with money laundering");
    expect(text).toContain("Ana Lyst");
    expect(text).toMatch(/Critical|High/);
    // dates are date cells Excel can sort and filter, not the ISO text the search stores
    const article = workbook.getWorksheet("Media")!.getRow(2);
    expect([article.getCell(1).value, article.getCell(4).value, article.getCell(4).numFmt]).toEqual([
      "Rustam Karimov charged with money laundering",
      new Date("2025-03-01T10:00:00Z"),
      'yyyy-mm-dd hh:mm "UTC"',
    ]);
    expect(workbook.getWorksheet("Sanctions")!.getRow(2).getCell(4).value).toBeInstanceOf(Date);
  });

  test("each report taken away is on the search's audit record, with its format", async () => {
    const entry = async (format: string) => ({
      action: "search.exported",
      actorKind: "user",
      actorUserId: await userIdOf(app.db, "analyst@example.com"),
      ipAddress: "127.0.0.1",
      targetType: "search",
      targetId: karimovId,
      details: { format },
    });
    expect(await auditEntries(app.db, "search.exported")).toEqual([await entry("pdf"), await entry("excel")]);
  });

  test("a search that has not completed has no report yet: 409", async () => {
    gdelt.mode = "hang";
    try {
      const id = (await analyst.post("/api/searches", { searchTerm: "Slow Person", entityType: "person" })).json.id;
      const res = await analyst.get(`/api/searches/${id}/export/pdf`);
      expect([res.status, res.json]).toEqual([409, { error: "The search has not completed yet" }]);
      await completed(analyst, id);
    } finally {
      gdelt.mode = "normal";
    }
  });
});

function cookieOf(client: HttpClient) {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

function sheetText(ws: ExcelJS.Worksheet): string {
  const lines: string[] = [];
  ws.eachRow((row) => {
    const values = (row.values as unknown[]).map((v) =>
      v && typeof v === "object" ? ("text" in v ? String((v as { text: unknown }).text) : JSON.stringify(v)) : String(v ?? ""),
    );
    lines.push(values.join("\t"));
  });
  return lines.join("\n");
}
