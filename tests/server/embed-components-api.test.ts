/**
 * The public API calls the embedded components make with an embed token besides starting and reading a
 * search: a search's report (PDF, Excel), the list search, a batch upload and monitoring. Each is the owner's only
 * (another user's search or entity is 404), charged to the token's owner as with the key, and checked at the edge.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { schema } from "../../data/db.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { createEmbedToken } from "../../lib/embed/tokens.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { auditEntries } from "../helpers/audit.ts";
import { balanceOf } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { importSdnFixture } from "../helpers/sdn-fixture.ts";

let restoreEnv: () => void = () => {};
let app: TestApp;
let userA: { id: string; organisationId: string };
let userB: { id: string };
let keyA: { id: string; key: string };
let keyB: { id: string; key: string };

beforeAll(async () => {
  // Searches run against the SDN fixture (no news provider: media is noted as not checked).
  restoreEnv = setEnv({ ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none" });
  app = await startApp();
  await importSdnFixture(app);
  userA = await createUser(app.db, { email: "embed.a@example.com", password: "password-a1", credits: 100 });
  userB = await createUser(app.db, { email: "embed.b@example.com", password: "password-b1", credits: 100 });
  keyA = await createApiKey(app.db, userA.id, "Portal backend", { scopes: ["screen", "read", "monitor"] });
  keyB = await createApiKey(app.db, userB.id, "Other backend", { scopes: ["screen", "read", "monitor"] });
});
afterAll(async () => {
  await app.stop();
  restoreEnv();
});

const tokenOf = async (user: { id: string }, key: { id: string }) => (await createEmbedToken(app.db, { userId: user.id, apiKeyId: key.id })).token;
const credits = (id: string) => balanceOf(app.db, id);

const v1 = (method: string, path: string, bearer: string, body?: unknown) =>
  fetch(`${app.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("exports with an embed token", () => {
  test("a completed search's PDF and Excel; 409 while it runs; another user's search 404; a bad format 400", async () => {
    const token = await tokenOf(userA, keyA);
    const [running] = await app.db
      .insert(schema.searches)
      .values({ userId: userA.id, organisationId: userA.organisationId, searchTerm: "Still Running", status: "processing" })
      .returning();
    const early = await v1("GET", `/search/${running.id}/export/pdf`, token);
    expect(early.status).toBe(409);
    expect((await early.json()).error).toBe("The search has not completed yet");
    const done = await (await v1("POST", "/search?wait=30", token, { searchTerm: "Export Person", entityType: "person" })).json();
    expect({ status: done.status, error: done.error }).toEqual({ status: "completed", error: null });
    const pdf = await v1("GET", `/search/${done.id}/export/pdf`, token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="duecheck-export-person-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const excel = await v1("GET", `/search/${done.id}/export/excel`, token);
    expect(excel.status).toBe(200);
    expect(excel.headers.get("content-disposition")).toContain(".xlsx");
    // An xlsx is a zip file.
    expect(new Uint8Array(await excel.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));

    const bad = await v1("GET", `/search/${done.id}/export/docx`, token);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("format must be pdf or excel");
    const ofB = await v1("GET", `/search/${done.id}/export/pdf`, await tokenOf(userB, keyB));
    expect(ofB.status).toBe(404);
    expect((await ofB.json()).error).toBe("Search not found");
    // An embed token's call carries no API key of its own: the report is recorded as taken by the token's user.
    const entry = (format: string) => ({
      action: "search.exported",
      actorKind: "user",
      actorUserId: userA.id,
      ipAddress: "127.0.0.1",
      targetType: "search",
      targetId: done.id,
      details: { format },
    });
    expect(await auditEntries(app.db, "search.exported")).toEqual([entry("pdf"), entry("excel")]);
  });
});

describe("reading a search with ?wait", () => {
  test("answers once the search has ended (one request instead of polling); a bad wait is 400; another user's search 404 at once", async () => {
    const token = await tokenOf(userA, keyA);
    const started = await (await v1("POST", "/search?wait=0", token, { searchTerm: "Waiting Person" })).json();
    expect(started.status).not.toBe("completed");
    const ended = await v1("GET", `/search/${started.id}?wait=30`, token);
    expect(ended.status).toBe(200);
    expect((await ended.json()).status).toBe("completed");
    const bad = await v1("GET", `/search/${started.id}?wait=61`, token);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("wait must be between 0 and 60");
    const startedAt = Date.now();
    expect((await v1("GET", `/search/${started.id}?wait=30`, await tokenOf(userB, keyB))).status).toBe(404);
    expect(Date.now() - startedAt).toBeLessThan(5000);
  });
});

describe("the list search with an embed token", () => {
  test("checked at the edge; answers which lists it searched (503 when none has data), free of charge", async () => {
    const token = await tokenOf(userA, keyA);
    const before = await credits(userA.id);
    const blank = await v1("GET", "/sanctions/search?term=", token);
    expect(blank.status).toBe(400);
    expect((await blank.json()).error).toBe("term must not be blank");
    expect((await v1("GET", "/sanctions/search?term=Ivanov&type=vessel", token)).status).toBe(400);
    const res = await v1("GET", "/sanctions/search?term=Ivanov", token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.searched).toEqual(["us_ofac_sdn"]);
    expect(body.lists.length).toBeGreaterThan(1);
    const peps = await v1("GET", "/sanctions/search?term=Ivanov&dataset=peps", token);
    expect(peps.status).toBe(503);
    expect(await peps.json()).toMatchObject({ found: false, results: [], error: "No PEP data has been downloaded yet" });
    expect(await credits(userA.id)).toBe(before);
  });
});

describe("a batch with an embed token", () => {
  test("charged to the token's owner, read back by it, 404 to another user's token", async () => {
    const token = await tokenOf(userA, keyA);
    const before = await credits(userA.id);
    const form = new FormData();
    form.append("file", new File(["Name,Type\nFirst Embedded,person\nSecond Embedded Ltd,company\n"], "rows.csv", { type: "text/csv" }));
    const res = await fetch(`${app.url}/api/v1/batch`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(200);
    const accepted = await res.json();
    expect(accepted).toMatchObject({ totalEntities: 2, creditsRequired: 20 });
    expect(await credits(userA.id)).toBe(before - 20);
    const read = await v1("GET", `/batch/${accepted.batchId}`, token);
    expect(read.status).toBe(200);
    expect((await read.json()).searches.map((s: { searchTerm: string }) => s.searchTerm).sort()).toEqual(["First Embedded", "Second Embedded Ltd"]);
    expect((await v1("GET", `/batch/${accepted.batchId}`, await tokenOf(userB, keyB))).status).toBe(404);
  });
});

describe("monitoring with an embed token", () => {
  test("add, list, pause, remove; a bad request changes nothing; another user's entity is 404", async () => {
    const token = await tokenOf(userA, keyA);
    const tokenB = await tokenOf(userB, keyB);
    const refused = await v1("POST", "/monitoring/entities", token, { searchTerm: "  ", entityType: "person" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe("Please enter a name or company to monitor.");
    expect((await v1("POST", "/monitoring/entities", token, { searchTerm: "Watched Person", frequency: "hourly" })).status).toBe(400);

    const added = await v1("POST", "/monitoring/entities", token, { searchTerm: "Watched Person", entityType: "person", frequency: "weekly" });
    expect(added.status).toBe(201);
    const entity = await added.json();
    expect(entity).toMatchObject({ searchTerm: "Watched Person", frequency: "weekly", status: "active" });
    expect((await v1("POST", "/monitoring/entities", token, { searchTerm: "Watched Person", entityType: "person" })).status).toBe(409);

    // (A manual search may add its name to monitoring too: the list is filtered to this name.)
    const list = await (await v1("GET", "/monitoring/entities?q=Watched", token)).json();
    expect(list.items.map((i: { searchTerm: string }) => i.searchTerm)).toEqual(["Watched Person"]);
    expect(list.total).toBe(1);
    expect((await (await v1("GET", "/monitoring/entities", tokenB)).json()).total).toBe(0);

    expect((await v1("PUT", `/monitoring/entities/${entity.id}/status`, tokenB, { status: "paused" })).status).toBe(404);
    const paused = await v1("PUT", `/monitoring/entities/${entity.id}/status`, token, { status: "paused" });
    expect(paused.status).toBe(200);
    expect((await paused.json()).status).toBe("paused");
    expect((await v1("DELETE", `/monitoring/entities/${entity.id}`, tokenB)).status).toBe(404);
    expect((await v1("DELETE", `/monitoring/entities/${entity.id}`, token)).status).toBe(200);
    expect((await (await v1("GET", "/monitoring/entities?q=Watched", token)).json()).total).toBe(0);
  });
});

test("the OpenAPI document describes the embedded components' calls", async () => {
  const doc = await (await fetch(`${app.url}/api/v1/openapi.json`)).json();
  for (const path of [
    "/search/{searchId}/export/{format}",
    "/sanctions/search",
    "/monitoring/entities",
    "/monitoring/entities/{entityId}/status",
    "/monitoring/entities/{entityId}",
  ]) {
    expect(doc.paths[path]).toBeDefined();
  }
});
