/**
 * Cases over the public API, with API keys over real HTTP: the list with its filters, a case (the very answer of
 * GET /api/cases/{id}, and what the OpenAPI document says it is), assigning it, closing it (409 while a hit is
 * undecided, 200 once every hit is decided) and a note. An auditor's key reads and changes nothing (403); another
 * organisation's case is 404, also for an instance administrator's key, which acts inside its owner's organisation
 * only; an embed token makes none of these calls.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { casePageSchema, caseViewSchema } from "../../lib/public-api/case-schemas.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { memberKey } from "../helpers/api-keys.ts";
import { createUser, signedIn, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { memberOf } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };

let app: TestApp;
let stopApp: () => Promise<void>;
let owner: HttpClient;
let analyst: { id: string; http: HttpClient };
const keys: Record<"owner" | "analyst" | "auditor" | "outsider" | "admin", string> = { owner: "", analyst: "", auditor: "", outsider: "", admin: "" };
let adminHttp: HttpClient;

const keyOf = (userId: string, name: string) => memberKey(app.db, userId, name);

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
  const me = (await owner.get("/api/auth/me")).json;
  analyst = await memberOf(app, me.organisation.id, "analyst", "analyst@example.com");
  const auditor = await memberOf(app, me.organisation.id, "auditor", "auditor@example.com");
  const outsider = await createUser(app.db, { email: "outsider@example.com", password: "outsider-password-1", credits: 100 });
  // An instance administrator in an organisation of their own: the cookie API shows them every organisation's cases.
  const admin = await createUser(app.db, { email: "admin@example.com", password: "admin-password-1", role: "admin" });
  adminHttp = new HttpClient(app.url);
  await adminHttp.signIn("admin@example.com", "admin-password-1");
  keys.owner = await keyOf(me.id, "Owner's integration");
  keys.analyst = await keyOf(analyst.id, "Analyst's integration");
  keys.auditor = await keyOf(auditor.id, "Auditor's integration");
  keys.outsider = await keyOf(outsider.id, "Outsider's integration");
  keys.admin = await keyOf(admin.id, "Admin's integration");
}, 180_000);
afterAll(() => stopApp());

const call = async (method: string, path: string, body?: unknown, key = keys.owner) => {
  const res = await fetch(`${app.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
};
const ids = async (query: string, key = keys.owner) => {
  const res = await call("GET", `/cases?${query}`, undefined, key);
  expect(res.status).toBe(200);
  return (res.json.items as any[]).map((c) => c.id);
};

/** A screening of Dmitri Orlov born in another year each time: another subject, so a case of its own. */
let births = 0;
async function orlovCase() {
  births += 1;
  const created = await analyst.http.post("/api/searches", {
    searchTerm: "Dmitri Orlov",
    entityType: "person",
    details: { birthDate: `${1940 + births}-01-01` },
  });
  expect(created.status).toBe(201);
  const search = (await analyst.http.get(`/api/searches/${created.json.id}?wait=30`)).json;
  expect(search.caseId).toEqual(expect.any(String));
  return search;
}

describe("cases over the public API", () => {
  test("the list is paged and filtered as GET /api/cases: status, assignee (me, unassigned, an id), overdue", async () => {
    const search = await orlovCase();
    const caseId = search.caseId;
    const page = await call("GET", "/cases?limit=1");
    expect(page.status).toBe(200);
    expect(casePageSchema.parse(page.json)).toEqual(page.json);
    expect(page.json.items).toHaveLength(1);
    expect(page.json.total).toBeGreaterThanOrEqual(1);
    expect(await ids("status=open")).toContain(caseId);
    expect(await ids("status=closed")).not.toContain(caseId);
    expect(await ids("assignee=unassigned")).toContain(caseId);

    const assigned = await call("PUT", `/cases/${caseId}/assignee`, { assignee: analyst.id });
    expect(assigned.status).toBe(200);
    expect(assigned.json.assignee).toEqual({ id: analyst.id, name: "analyst" });
    expect(await ids("assignee=me", keys.analyst)).toEqual([caseId]);
    expect(await ids(`assignee=${analyst.id}`)).toEqual([caseId]);
    expect(await ids("assignee=unassigned")).not.toContain(caseId);
    expect(await ids("assignee=me")).not.toContain(caseId);

    expect(await ids("overdue=true")).not.toContain(caseId);
    await app.db
      .update(schema.cases)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.cases.id, caseId));
    expect(await ids("overdue=true")).toContain(caseId);

    for (const [query, error] of [
      ["assignee=someone", ""],
      ["status=done", "status must be one of open, investigating, closed"],
      ["overdue=yes", "overdue must be true or false"],
    ]) {
      const refused = await call("GET", `/cases?${query}`);
      expect(refused.status).toBe(400);
      expect(refused.json.error).toContain(error);
    }
  });

  test("a case reads as GET /api/cases/{id} answers it, and as the OpenAPI document describes it", async () => {
    const search = await orlovCase();
    const read = await call("GET", `/cases/${search.caseId}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual((await owner.get(`/api/cases/${search.caseId}`)).json);
    expect(caseViewSchema.parse(read.json)).toEqual(read.json);
    expect(read.json).toMatchObject({
      id: search.caseId,
      status: "open",
      outcome: null,
      priority: "sanctions",
      assignee: null,
      subject: { name: "Dmitri Orlov", entityType: "person" },
      notes: [],
      attachments: [],
    });
    expect(read.json.searches.map((s: any) => s.id)).toEqual([search.id]);
    expect(read.json.timeline.map((e: any) => e.kind)).toEqual(["opened", "search_added"]);
    expect(read.json.dueAt).toEqual(expect.any(String));
    // The auditor's key reads.
    expect((await call("GET", `/cases/${search.caseId}`, undefined, keys.auditor)).status).toBe(200);
    expect(await ids("", keys.auditor)).toContain(search.caseId);
  });

  test("closing is 409 while a hit is undecided, 400 without an outcome, and 200 once every hit is decided; a note is added", async () => {
    const search = await orlovCase();
    const caseId = search.caseId;
    const open = (await call("GET", `/cases/${caseId}`)).json.openHits;
    expect(open).toBeGreaterThanOrEqual(1);

    const early = await call("POST", `/cases/${caseId}/status`, { status: "closed", outcome: "false_positive" });
    expect(early.status).toBe(409);
    expect(early.json.error).toContain(`${open} hit${open === 1 ? " is" : "s are"} not decided yet`);
    const noOutcome = await call("POST", `/cases/${caseId}/status`, { status: "closed" });
    expect(noOutcome.status).toBe(400);
    expect(noOutcome.json.error).toContain("Closing a case needs an outcome");
    expect((await call("GET", `/cases/${caseId}`)).json.status).toBe("open");

    for (const hit of search.results.sanctionsList.flatMap((row: any) => row.hits)) {
      const decided = await call(
        "POST",
        `/search/${search.id}/decisions`,
        { hitId: hit.hitId, decision: "false_positive", reason: "common_name" },
        keys.analyst,
      );
      expect(decided.status).toBe(201);
    }
    const closed = await call("POST", `/cases/${caseId}/status`, { status: "closed", outcome: "false_positive" });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ id: caseId, status: "closed", outcome: "false_positive", openHits: 0, closedAt: expect.any(String) });

    // A closed case still takes notes.
    const note = await call("POST", `/cases/${caseId}/notes`, { text: "Closed after the registry check" }, keys.analyst);
    expect(note.status).toBe(201);
    expect(note.json).toMatchObject({ text: "Closed after the registry check", author: "analyst", authorId: analyst.id });
    const after = (await call("GET", `/cases/${caseId}`)).json;
    expect(after.notes.map((n: any) => n.text)).toContain("Closed after the registry check");
    expect(after.timeline.at(-1)).toMatchObject({ kind: "note", actorId: analyst.id });
    // The audit log names the API key as the way the change came.
    const [audited] = await app.db
      .select({ actorKind: schema.auditLog.actorKind })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "case.note"), eq(schema.auditLog.targetId, caseId)));
    expect(audited.actorKind).toBe("api_key");
  });

  test("an auditor's key changes nothing (403), another organisation's case is 404 even to an instance administrator's key", async () => {
    const search = await orlovCase();
    const caseId = search.caseId;
    const before = (await call("GET", `/cases/${caseId}`)).json;
    const changes: [string, string, unknown][] = [
      ["PUT", `/cases/${caseId}/assignee`, { assignee: "me" }],
      ["POST", `/cases/${caseId}/status`, { status: "investigating" }],
      ["POST", `/cases/${caseId}/notes`, { text: "Not mine to write" }],
    ];
    for (const [method, path, body] of changes) {
      expect((await call(method, path, body, keys.auditor)).status).toBe(403);
      for (const key of [keys.outsider, keys.admin]) {
        const res = await call(method, path, body, key);
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ error: "Case not found" });
      }
    }
    for (const key of [keys.outsider, keys.admin]) {
      expect(await call("GET", `/cases/${caseId}`, undefined, key)).toEqual({ status: 404, json: { error: "Case not found" } });
      expect(await ids("", key)).not.toContain(caseId);
    }
    expect((await call("GET", "/cases/not-a-case")).status).toBe(404);
    // The same administrator reads it over the cookie API, which is not confined to their organisation.
    expect((await adminHttp.get(`/api/cases/${caseId}`)).status).toBe(200);
    expect((await call("GET", `/cases/${caseId}`)).json).toEqual(before);
  });

  test("an embed token makes no case call", async () => {
    const token = await call("POST", "/embed-tokens", { scopes: ["screening", "decisions"] });
    expect(token.status).toBe(201);
    const res = await call("GET", "/cases", undefined, token.json.token);
    expect(res.status).toBe(403);
    expect(res.json.error).toContain("this call needs an API key");
  });

  test("the OpenAPI document lists the case calls with their answers", async () => {
    const doc = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as any;
    expect(doc.paths["/cases"].get.operationId).toBe("listCases");
    expect(doc.paths["/cases/{caseId}"].get.operationId).toBe("getCase");
    expect(doc.paths["/cases/{caseId}/assignee"].put.operationId).toBe("assignCase");
    expect(doc.paths["/cases/{caseId}/status"].post.operationId).toBe("changeCaseStatus");
    expect(doc.paths["/cases/{caseId}/notes"].post.operationId).toBe("addCaseNote");
    expect(doc.paths["/cases"].get.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(["status", "assignee", "overdue", "limit", "cursor"]));
    const read = doc.paths["/cases/{caseId}"].get.responses["200"].content["application/json"].schema;
    expect(read.required).toEqual(
      expect.arrayContaining(["status", "outcome", "subject", "assignee", "dueAt", "priority", "searches", "notes", "attachments", "timeline"]),
    );
    const status = doc.paths["/cases/{caseId}/status"].post;
    expect(status.requestBody.content["application/json"].schema.properties.outcome.enum).toEqual([
      "false_positive",
      "true_match",
      "risk_accepted",
      "relationship_declined",
    ]);
    expect(Object.keys(status.responses)).toEqual(expect.arrayContaining(["200", "400", "403", "404", "409"]));
  });
});
