import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { auditEntries } from "../helpers/audit.ts";
import { balanceOf } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import type { NewsServer } from "../helpers/news-servers.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import { withinOneWindow } from "../helpers/wait.ts";

const ENV: Record<string, string> = {
  ...SCREENING_TEST_ENV,
  DUECHECK_NEWS_TIMEOUT_MS: "1000",
  DUECHECK_JOB_STOP_SECONDS: "2",
};
let app: TestApp;
let gdelt: NewsServer;
let google: NewsServer;
let stopApp: () => Promise<void>;
let key: string;
let userId: string;

beforeAll(async () => {
  ({ app, gdelt, google, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  const user = await createUser(app.db, { email: "integrator@example.com", password: "password-1", credits: 100 });
  userId = user.id;
  key = (await createApiKey(app.db, user.id, "Integration")).key;
});
afterAll(() => stopApp());

const call = (method: string, path: string, body?: unknown, bearer: string | null = key, extra: RequestInit = {}) =>
  fetch(`${app.url}/api/v1${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body !== undefined && !(body instanceof FormData) ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    ...extra,
  });
const balance = () => balanceOf(app.db, userId);
const csvForm = (content: string, name = "entities.csv") => {
  const form = new FormData();
  form.append("file", new File([content], name, { type: "text/csv" }));
  return form;
};

describe("public API /api/v1", () => {
  test("POST /search screens a name, charges the key's owner once and answers the completed result", async () => {
    const before = await balance();
    const res = await call("POST", "/search?wait=30", { searchTerm: "Rustam Karimov", entityType: "person" });
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-limit")).toBe("100");
    const body = await res.json();
    expect(body).toMatchObject({ searchTerm: "Rustam Karimov", entityType: "person", status: "completed", creditsUsed: 10 });
    expect(["high", "critical"]).toContain(body.riskLevel);
    expect(body.sanctionsList.find((row: { match: boolean }) => row.match)).toBeDefined();
    expect(typeof body.aiSummary).toBe("string");
    expect(body.adverseMediaStatus).toBe("checked");
    expect(body.pepListings).toEqual([]);
    expect(await balance()).toBe(before - 10);

    const again = await call("GET", `/search/${body.id}`);
    expect(again.status).toBe(200);
    const fetched = await again.json();
    expect(fetched).toMatchObject({ id: body.id, searchTerm: "Rustam Karimov", status: "completed" });
    expect(fetched.results.sanctionsList.length).toBeGreaterThan(0);
    expect(fetched.createdAt).toBe(body.createdAt);
  });

  test("every news provider down: adverseMediaStatus not_checked, never low; the raw errors stay in the sources", async () => {
    gdelt.mode = "error";
    google.mode = "error";
    try {
      const res = await call("POST", "/search?wait=30", { searchTerm: "Jane Example", entityType: "person" });
      const body = await res.json();
      expect(body).toMatchObject({ status: "completed", adverseMedia: [], adverseMediaStatus: "not_checked", riskLevel: "medium" });
      const media = body.results.sources.filter((s: { kind: string }) => s.kind === "media");
      expect(media.map((s: { source: string; errorCode: string; errorParams: unknown }) => [s.source, s.errorCode, s.errorParams])).toEqual([
        ["GDELT", "http_error", { status: 500 }],
        ["Google News", "http_error", { status: 500 }],
      ]);
      expect(media.every((s: { error: string }) => s.error.startsWith("answered HTTP 500"))).toBe(true);
      // one reason for every source not checked: both providers and the PEP lists (none is configured here)
      expect(body.riskReasons.filter((r: { code: string }) => r.code === "source_failed")).toEqual([
        { code: "source_failed", level: "medium", params: { count: 3 } },
      ]);
      expect(body.results.sources).toContainEqual({
        source: "PEP lists",
        kind: "pep",
        status: "failed",
        error: "No PEP list is configured",
        errorCode: "not_configured",
      });
    } finally {
      gdelt.mode = "normal";
      google.mode = "normal";
    }
  });

  test("?wait=0 answers at once with the search still running", async () => {
    const res = await call("POST", "/search?wait=0", { searchTerm: "Jane Example", entityType: "person" });
    expect(res.status).toBe(200);
    expect(["pending", "processing"]).toContain((await res.json()).status);
  });

  test("400 for invalid parameters, with a JSON error, and nothing charged", async () => {
    const before = await balance();
    for (const body of [
      { searchTerm: "  ", entityType: "person" },
      { searchTerm: "X", entityType: "vessel" },
      { searchTerm: "X", role: "admin" },
    ]) {
      const res = await call("POST", "/search?wait=0", body);
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).error).toBe("string");
    }
    expect((await call("POST", "/search?wait=99", { searchTerm: "X" })).status).toBe(400);
    const malformed = await fetch(`${app.url}/api/v1/search`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
    expect(await balance()).toBe(before);
  });

  test("401 without a key, with an unknown key and with a malformed header", async () => {
    for (const bearer of [null, "dck_unknown", "Basic abc"]) {
      const res = await fetch(`${app.url}/api/v1/search/00000000-0000-0000-0000-000000000000`, {
        headers: bearer ? { authorization: bearer.startsWith("Basic") ? bearer : `Bearer ${bearer}` } : {},
      });
      expect(res.status).toBe(401);
      expect(typeof (await res.json()).error).toBe("string");
    }
  });

  test("402 when the owner's credits do not cover the search", async () => {
    const poor = await createUser(app.db, { email: "poor.api@example.com", password: "password-1", credits: 5 });
    const poorKey = (await createApiKey(app.db, poor.id, "Poor")).key;
    const res = await call("POST", "/search?wait=0", { searchTerm: "Someone", entityType: "person" }, poorKey);
    expect(res.status).toBe(402);
    expect((await res.json()).error).toBe("You need at least 10 credits to perform a search. Please contact support to add more credits.");
  });

  test("another key owner's search is 404, as is an unknown id", async () => {
    const created = await (await call("POST", "/search?wait=0", { searchTerm: "Private Person" })).json();
    const stranger = await createUser(app.db, { email: "stranger.api@example.com", password: "password-1" });
    const strangerKey = (await createApiKey(app.db, stranger.id, "Stranger")).key;
    expect((await call("GET", `/search/${created.id}`, undefined, strangerKey)).status).toBe(404);
    expect((await call("GET", "/search/not-a-uuid")).status).toBe(404);
  });

  test("a report taken away with the key is on the search's audit record as the key's, with its format", async () => {
    const search = await (await call("POST", "/search?wait=30", { searchTerm: "Rustam Karimov", entityType: "person" })).json();
    expect(search.status).toBe("completed");
    const pdf = await call("GET", `/search/${search.id}/export/pdf`);
    expect(pdf.status).toBe(200);
    await pdf.arrayBuffer();
    expect(await auditEntries(app.db, "search.exported")).toEqual([
      {
        action: "search.exported",
        actorKind: "api_key",
        actorUserId: userId,
        ipAddress: "127.0.0.1",
        targetType: "search",
        targetId: search.id,
        details: { format: "pdf" },
      },
    ]);
  });

  test("POST /batch screens every row of a Name,Type CSV and charges them all", async () => {
    const before = await balance();
    const res = await call("POST", "/batch", csvForm("Name,Type\nAcme Trading LLC,company\nJohn Sample,person\n,person\n"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ totalEntities: 2, status: "processing", creditsRequired: 20 });
    expect(await balance()).toBe(before - 20);
    const searches = await app.db.select().from(schema.searches).where(eq(schema.searches.batchJobId, body.batchId));
    expect(searches.map((s) => `${s.searchTerm}/${s.entityType}`).sort()).toEqual(["Acme Trading LLC/company", "John Sample/person"]);
    const status = await (await call("GET", `/batch/${body.batchId}`)).json();
    expect(status).toMatchObject({ id: body.batchId, totalEntities: 2 });
  });

  test("a batch is refused whole: bad files, a bad row, or too few credits change nothing", async () => {
    const before = await balance();
    const notCsv = await call("POST", "/batch", csvForm("Name,Type\nA,person\n", "list.txt"));
    expect(notCsv.status).toBe(400);
    expect((await notCsv.json()).error).toBe("Please upload a CSV file");
    const badType = await call("POST", "/batch", csvForm("Name,Type\nA,person\nB,vessel\n"));
    expect(badType.status).toBe(400);
    expect((await badType.json()).error).toBe("Line 3: Entity type must be person or company");
    const noName = await call("POST", "/batch", csvForm("Company,Kind\nA,person\n"));
    expect(noName.status).toBe(400);
    const tooBig = await call("POST", "/batch", csvForm(`Name,Type\n${"A very long name,person\n".repeat(100_000)}`));
    expect(tooBig.status).toBe(413);
    const rows = Array.from({ length: 20 }, (_, i) => `Person ${i},person`).join("\n");
    const expensive = await call("POST", "/batch", csvForm(`Name,Type\n${rows}\n`));
    expect(expensive.status).toBe(402);
    expect(await balance()).toBe(before);
    expect((await call("POST", "/batch", { not: "multipart" })).status).toBe(400);
  });

  test("429 after 100 calls in a minute, with Retry-After and RateLimit headers", async () => {
    const limited = await createUser(app.db, { email: "busy.api@example.com", password: "password-1" });
    const busyKey = (await createApiKey(app.db, limited.id, "Busy")).key;
    // Stay within one minute window: wait if fewer than 20 s are left in it.
    await withinOneWindow(60_000, 20_000);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await call("GET", "/search/00000000-0000-0000-0000-000000000000", undefined, busyKey)).status);
    expect(statuses.every((s) => s === 404)).toBe(true);
    const refused = await call("GET", "/search/00000000-0000-0000-0000-000000000000", undefined, busyKey);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect((await refused.json()).error).toContain("Rate limit exceeded");
    // Another key is not affected.
    expect((await call("GET", "/search/00000000-0000-0000-0000-000000000000")).status).toBe(404);
  });

  test("the OpenAPI document describes the endpoints, codes and bearer auth", async () => {
    const res = await fetch(`${app.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/batch",
      "/batch/{batchId}",
      "/batch/{batchId}/results",
      "/cases",
      "/cases/{caseId}",
      "/cases/{caseId}/assignee",
      "/cases/{caseId}/notes",
      "/cases/{caseId}/status",
      "/decisions/{decisionId}/approve",
      "/decisions/{decisionId}/reject",
      "/embed-tokens",
      "/hits/open",
      "/monitoring/entities",
      "/monitoring/entities/{entityId}",
      "/monitoring/entities/{entityId}/status",
      "/reviews",
      "/sanctions/compare",
      "/sanctions/search",
      "/search",
      "/search/{searchId}",
      "/search/{searchId}/decisions",
      "/search/{searchId}/export/{format}",
      "/search/{searchId}/notes",
    ]);
    expect(Object.keys(doc.paths["/search"].post.responses).sort()).toEqual(["200", "400", "401", "402", "403", "429", "500"]);
    expect(doc.components.securitySchemes.bearerAuth.scheme).toBe("bearer");
    const request = doc.paths["/search"].post.requestBody.content["application/json"].schema;
    expect(request.required).toEqual(["searchTerm"]);
    expect(request.properties.entityType.enum).toEqual(["person", "company"]);
    expect(doc.paths["/search"].post.responses["200"].content["application/json"].schema.properties.riskLevel).toBeDefined();
  });
});
