/**
 * The auditor reads and changes nothing: every route of the app is walked (read from the Hono app itself, so a new
 * route is walked without anyone adding it here). Every write answers 403, except the auditor's own account
 * (/api/auth/*); every read answers as it would to its reader: everyone's records through the admin and review
 * views, 404 for another user's record through an owner's route. The refused calls changed nothing.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { loadInstanceKey } from "../../lib/auth/instance-key.ts";
import { createApp } from "../../server/app.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { balanceOf } from "../helpers/credits.ts";

let app: TestApp;
let routes: string[];
let auditor: HttpClient;
let bearer: HttpClient;
let ids: Record<string, string>;
let otherUserId: string;

/** The auditor's own account: signing in and out, password, two-factor and languages stay theirs to change. */
const OWN_ACCOUNT = "/api/auth/";
/** Not the auditor's to call at all: Stripe's signed webhook; the public API's description (no key needed). */
const NOT_WALKED = ["POST /api/billing/webhook", "GET /api/v1/openapi.json"];

/** A GET whose path names another user's record through an owner's route: 404, as to any other user. */
const OWNER_ROUTES_OF_ANOTHER_USERS_RECORD = [
  "GET /api/searches/:id",
  "GET /api/searches/:id/export/pdf",
  "GET /api/searches/:id/export/excel",
  "GET /api/batch-jobs/:id",
  "GET /api/batch-jobs/:id/results",
  "GET /api/batch-jobs/:id/export",
  "GET /api/monitoring/entities/:id/changes",
  "GET /api/monitoring/entities/:id/changes.pdf",
  "GET /api/monitoring/searches/:searchId",
  "GET /api/webhooks/:id/deliveries",
  // Another organisation's watchlist: its organisation's alone.
  "GET /api/organisation/watchlists/:id",
  "GET /api/organisation/watchlists/:id/export",
  "GET /api/v1/search/:searchId",
  "GET /api/v1/search/:searchId/export/:format",
  "GET /api/v1/batch/:batchId",
  "GET /api/v1/batch/:batchId/results",
  // The public API acts inside the key owner's organisation only: another organisation's case is 404 to any key.
  "GET /api/v1/cases/:caseId",
];

/** POST calls that change no record: the auditor may make them (verifying a stored search). */
const READS_BY_POST = ["POST /api/admin/searches/:id/verify"];

/** Reads that answer as they would to anyone on this database: no daily report was made that day, no list is loaded. */
const READS_WITHOUT_DATA: Record<string, number> = {
  "GET /api/reports/daily": 404,
  "GET /api/reports/daily/export": 404,
  "GET /api/sanctions/search": 503,
  "GET /api/v1/sanctions/search": 503,
};

/** Reads that are the instance administrator's alone: the organisations screens change organisations, not only read them. */
const ADMIN_ONLY_READS: Record<string, number> = {
  "GET /api/admin/organisations": 403,
  "GET /api/admin/organisations/:id": 403,
};

/** Queries a read needs (without them it is 400 before it reads). */
const QUERIES: Record<string, string> = {
  "GET /api/searches/export": "?from=2020-01-01&to=2035-12-31",
  "GET /api/admin/searches/export": "?from=2020-01-01&to=2035-12-31&scope=all",
  "GET /api/sanctions/search": "?term=Walk",
  "GET /api/v1/sanctions/search": "?term=Walk",
  "GET /api/reports/daily": "?date=2025-01-31",
  "GET /api/reports/daily/searches": "?date=2025-01-31",
  "GET /api/reports/daily/export": "?date=2025-01-31&format=xlsx",
  "GET /api/batch-jobs/:id/export": "?format=csv",
};

beforeAll(async () => {
  app = await startApp();
  const other = await createUser(app.db, { email: "other@example.com", password: "other-password-1", credits: 100 });
  otherUserId = other.id;
  const owner = new HttpClient(app.url);
  await owner.signIn("other@example.com", "other-password-1");
  const search = await owner.post("/api/searches", { searchTerm: "Walk Target", entityType: "person" });
  expect(search.status).toBe(201);
  const batch = await owner.post("/api/batch-jobs", { name: "Walk batch", totalEntities: 1 });
  expect(batch.status).toBe(201);
  const rows = await owner.post(`/api/batch-jobs/${batch.json.id}/entities`, { entities: [{ searchTerm: "Walk Batch Row", entityType: "person" }] });
  expect(rows.status).toBe(200);
  const entity = await owner.post("/api/monitoring/entities", { searchTerm: "Walk Monitored", entityType: "company", frequency: "weekly" });
  const hook = await owner.post("/api/webhooks", { url: "https://hooks.example.com/walk", events: ["search.completed"] });
  const watchlist = await owner.post("/api/organisation/watchlists", { name: "Walk watchlist" });
  expect(watchlist.status).toBe(201);
  const account = await createUser(app.db, { email: "auditor@example.com", password: "auditor-password-1", credits: 100 });
  // A key made while the account could still screen: once it is an auditor's, the key reads only.
  const key = await createApiKey(app.db, account.id, "made before");
  await app.db.update(schema.users).set({ role: "auditor" }).where(eq(schema.users.id, account.id));
  auditor = new HttpClient(app.url);
  await auditor.signIn("auditor@example.com", "auditor-password-1");
  bearer = new HttpClient(app.url, { authorization: `Bearer ${key.key}` });
  ids = {
    search: search.json.id,
    batch: batch.json?.id ?? batch.json?.batchJob?.id ?? "00000000-0000-4000-8000-000000000001",
    entity: entity.json?.id ?? "00000000-0000-4000-8000-000000000002",
    webhook: hook.json?.id ?? "00000000-0000-4000-8000-000000000003",
    watchlist: watchlist.json.id,
  };
  // A case of the other user's organisation, as a screening needing review opens one (no list is loaded here to screen against).
  const [kase] = await app.db
    .insert(schema.cases)
    .values({
      organisationId: other.organisationId,
      title: "Walk Target",
      subjectKey: "person | walk target",
      subjectName: "Walk Target",
      entityType: "person",
      priority: "sanctions",
      openedAt: new Date(),
      dueAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  ids.case = kase.id;
  const [attachment] = await app.db
    .insert(schema.caseAttachments)
    .values({
      caseId: kase.id,
      organisationId: other.organisationId,
      fileName: "walk.txt",
      detectedType: "txt",
      size: 4,
      sha256: "0".repeat(64),
      content: new TextEncoder().encode("walk"),
    })
    .returning();
  ids.attachment = attachment.id;
  const served = createApp({ database: app.server.database, config: app.config, instanceKey: loadInstanceKey(app.config) });
  routes = [...new Set(served.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/")).map((r) => `${r.method} ${r.path}`))].filter(
    (r) => !NOT_WALKED.includes(r),
  );
});
afterAll(() => app.stop());

/** The route's path with another user's records in its parameters. */
function pathOf(route: string) {
  const path = route.split(" ")[1];
  const id =
    path.startsWith("/api/batch-jobs") || path.startsWith("/api/admin/batch-jobs") || path.startsWith("/api/v1/batch")
      ? ids.batch
      : path.startsWith("/api/monitoring/searches")
        ? ids.search
        : path.startsWith("/api/monitoring") || path.startsWith("/api/admin/monitoring") || path.startsWith("/api/v1/monitoring")
          ? ids.entity
          : path.startsWith("/api/webhooks")
            ? ids.webhook
            : path.startsWith("/api/organisation/watchlists")
              ? ids.watchlist
              : path.startsWith("/api/admin/users")
                ? otherUserId
                : path.startsWith("/api/cases") || path.startsWith("/api/v1/cases")
                  ? ids.case
                  : ids.search;
  return (
    path
      .replace(/:format/, "pdf")
      .replace(":attachmentId", ids.attachment)
      .replace(/:[A-Za-z]+/g, id) + (QUERIES[route] ?? "")
  );
}

test("the walk covers the read routes an auditor lives on, and the writes they must never make", () => {
  for (const route of [
    "GET /api/admin/users",
    "GET /api/admin/searches",
    "GET /api/admin/searches/:id",
    "GET /api/reviews",
    "GET /api/reviews/:searchId",
    "GET /api/reviews/clearances",
    "GET /api/searches/:id/timeline",
    "GET /api/searches/export",
    "GET /api/admin/searches/export",
    "GET /api/admin/batch-jobs",
    "GET /api/admin/batch-jobs/:id",
    "GET /api/admin/batch-jobs/:id/results",
    "GET /api/admin/monitoring",
    "GET /api/admin/monitoring/:id",
    "POST /api/admin/searches/:id/verify",
    "POST /api/searches",
    "POST /api/batch-jobs",
    "POST /api/monitoring/entities",
    "POST /api/searches/:id/decisions",
    "POST /api/admin/settings",
    "POST /api/user/api-keys",
    "POST /api/webhooks",
    "POST /api/credits/create-payment-intent",
    "POST /api/v1/search",
    "GET /api/cases",
    "GET /api/cases/:id",
    "POST /api/cases/:id/status",
    "GET /api/notifications",
    "POST /api/notifications/read",
    "POST /api/cases",
    "POST /api/cases/:id/searches",
    "PUT /api/cases/:id/tags",
    "POST /api/cases/:id/attachments",
    "GET /api/cases/:id/attachments/:attachmentId",
    "DELETE /api/cases/:id/attachments/:attachmentId",
    "GET /api/cases/:id/report.pdf",
    "GET /api/cases/:id/report.xlsx",
    "GET /api/v1/cases",
    "GET /api/v1/cases/:caseId",
    "POST /api/v1/cases/:caseId/status",
    "PUT /api/v1/cases/:caseId/assignee",
    "POST /api/v1/cases/:caseId/notes",
  ]) {
    expect(routes).toContain(route);
  }
});

test("every route: an auditor's write is 403, a read is served (everyone's) or 404 (another user's through an owner's route)", async () => {
  const seen: Record<string, number> = {};
  const expected: Record<string, number> = {};
  for (const route of routes) {
    const method = route.split(" ")[0];
    if (method !== "GET" && route.split(" ")[1].startsWith(OWN_ACCOUNT)) continue;
    const client = route.includes(" /api/v1/") ? bearer : auditor;
    const res = await client.request(method, pathOf(route), method === "GET" ? undefined : {});
    seen[route] = res.status >= 200 && res.status < 300 ? 200 : res.status;
    expected[route] = READS_BY_POST.includes(route)
      ? 200
      : method !== "GET"
        ? 403
        : OWNER_ROUTES_OF_ANOTHER_USERS_RECORD.includes(route)
          ? 404
          : (ADMIN_ONLY_READS[route] ?? READS_WITHOUT_DATA[route] ?? 200);
  }
  expect(seen).toEqual(expected);
});

test("the auditor reads another organisation's case, and closing, assigning or noting it is 403 and changes nothing", async () => {
  expect((await auditor.get(`/api/cases/${ids.case}`)).json).toMatchObject({ id: ids.case, status: "open", subject: { name: "Walk Target" } });
  expect((await auditor.get("/api/cases")).json.items.map((c: { id: string }) => c.id)).toContain(ids.case);
  expect((await auditor.post(`/api/cases/${ids.case}/status`, { status: "closed", outcome: "false_positive" })).status).toBe(403);
  expect((await auditor.put(`/api/cases/${ids.case}/assignee`, { assignee: "me" })).status).toBe(403);
  expect((await auditor.post(`/api/cases/${ids.case}/notes`, { text: "An auditor's note" })).status).toBe(403);
  expect((await auditor.get(`/api/cases/${ids.case}`)).json).toMatchObject({ status: "open", assignee: null, notes: [], timeline: [] });
});

test("the auditor reads another user's search, its review and timeline, and the review queue across users", async () => {
  expect((await auditor.get(`/api/admin/searches/${ids.search}`)).json).toMatchObject({ id: ids.search, searchTerm: "Walk Target" });
  expect((await auditor.get(`/api/reviews/${ids.search}`)).json).toMatchObject({ id: ids.search });
  expect((await auditor.get(`/api/searches/${ids.search}/timeline`)).json.items.length).toBeGreaterThan(0);
  const users = await auditor.get("/api/admin/users");
  expect(users.json.items.map((u: { email: string }) => u.email)).toContain("other@example.com");
});

test("the auditor reads another user's batch with its rows, and their monitored entity, each with its owner", async () => {
  const list = await auditor.get("/api/admin/batch-jobs");
  expect(list.json.items).toContainEqual(expect.objectContaining({ id: ids.batch, name: "Walk batch", userEmail: "other@example.com" }));
  expect((await auditor.get(`/api/admin/batch-jobs/${ids.batch}`)).json).toMatchObject({ id: ids.batch, userId: otherUserId, totalEntities: 1 });
  const rows = await auditor.get(`/api/admin/batch-jobs/${ids.batch}/results`);
  expect(rows.json.items.map((r: { searchTerm: string }) => r.searchTerm)).toEqual(["Walk Batch Row"]);
  const entities = await auditor.get("/api/admin/monitoring?q=Walk%20Monitored");
  expect(entities.json.items).toEqual([expect.objectContaining({ id: ids.entity, searchTerm: "Walk Monitored", userEmail: "other@example.com" })]);
  expect((await auditor.get(`/api/admin/monitoring/${ids.entity}`)).json).toMatchObject({ id: ids.entity, userId: otherUserId });
  // Another user's batch and entity stay 404 through the owner's routes, and the auditor changes neither.
  expect((await auditor.get(`/api/batch-jobs/${ids.batch}`)).status).toBe(404);
  expect((await auditor.put(`/api/monitoring/entities/${ids.entity}/status`, { status: "paused" })).status).toBe(403);
  expect((await auditor.get(`/api/admin/monitoring/${ids.entity}`)).json.status).toBe("active");
});

test("the refused calls changed nothing: no search, batch, entity or key of the auditor's, credits untouched, settings as they were", async () => {
  const [account] = await app.db.select().from(schema.users).where(eq(schema.users.email, "auditor@example.com"));
  expect(await balanceOf(app.db, account.id)).toBe(100);
  const count = async (table: typeof schema.searches | typeof schema.batchJobs | typeof schema.monitoredEntities | typeof schema.webhooks) =>
    (await app.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.userId, account.id)))[0].n;
  expect([await count(schema.searches), await count(schema.batchJobs), await count(schema.monitoredEntities), await count(schema.webhooks)]).toEqual([
    0, 0, 0, 0,
  ]);
  expect((await app.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.userId, account.id))).length).toBe(1);
  const search = await app.db.select({ n: sql<number>`count(*)::int` }).from(schema.hitDecisions).where(eq(schema.hitDecisions.searchId, ids.search));
  expect(search[0].n).toBe(0);
  expect((await auditor.get(`/api/admin/users/${otherUserId}`)).json).toMatchObject({ role: "user", isActive: true });
});

test("the auditor's search is refused with 403 and names the role; their own account still changes", async () => {
  const res = await auditor.post("/api/searches", { searchTerm: "Never Screened", entityType: "person" });
  expect(res).toMatchObject({ status: 403, json: { error: "The auditor role is read-only" } });
  const languages = await auditor.post("/api/auth/update-languages", { profileLanguage: "de", reportLanguage: "de" });
  expect(languages.status).toBe(200);
});
