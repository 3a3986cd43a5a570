/**
 * Nothing of one organisation is found from another: organisation A holds one of each record (a screening with a
 * decision, a remembered clearance, a batch, a monitored entity, an API key, a webhook, a member), and every route of
 * the app that takes an id in its path is walked by organisation B's owner with A's ids, the /api/v1 routes with B's
 * API key. Each answers 404, exactly as it answers an id nobody has (so the answer tells nothing about A), and no
 * answer carries any of A's ids or names. The routes are read from the app itself, so a new route with an id is
 * walked without anyone adding it here (a case's file by the case's id and the file's); afterwards A's records are as
 * they were.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomUUID } from "node:crypto";
import { HttpClient } from "../../support/http-client.ts";
import { PDF } from "../fixtures/attachments.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { downloadAttachment, uploadAttachment } from "../helpers/case-attachments.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { apiRoutes, MEMBER_PASSWORD, memberOf, orlovHit, screened } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };

/**
 * Routes whose path id is not an organisation's record, so "not found" is not the answer to expect. They are still
 * walked, and must answer A's id exactly as an unknown id (nothing told about A).
 * - /api/sanctions/datasets/:id: the installation's lists, named by the list's id and shared by every organisation;
 *   managing them is the instance admin's (403 to anyone else whatever the id).
 * - /api/admin/*: the instance administrator's screens, 403 to an organisation's owner whatever the id (the admin
 *   walk, admin-authorization.test.ts, holds every one of them to that).
 */
const NOT_ORGANISATION_RECORDS = ["/api/sanctions/datasets/", "/api/admin/"];

/**
 * Routes an organisation's owner may not call for any id, their own organisation's included: they are walked by the
 * member of B whose role may call them, so the 404 comes from the record's lookup and not from the role's refusal.
 * Approving and rejecting a proposal is the team's reviewers'.
 */
const WALKED_BY_REVIEWER = [
  "POST /api/reviews/decisions/:id/approve",
  "POST /api/reviews/decisions/:id/reject",
  "POST /api/v1/decisions/:decisionId/approve",
  "POST /api/v1/decisions/:decisionId/reject",
];

/**
 * Dismissing a monitoring alert is the instance administrator's alone (403 "needs the administrator role" to every
 * member of every organisation, whatever the id): no caller of B's reaches the lookup, so it is held, as the lists
 * and admin routes are, to answering A's id exactly as an unknown one.
 */
const INSTANCE_ADMIN_ONLY = ["POST /api/monitoring/entities/:id/dismiss"];

/** Queries a read needs (without them it is 400 before it looks the record up). */
const QUERIES: Record<string, string> = { "GET /api/batch-jobs/:id/export": "?format=csv" };

let app: TestApp;
let stopApp: () => Promise<void>;
let routes: string[];
let aOwner: HttpClient;
let bOwner: HttpClient;
let bKey: HttpClient;
let bReviewer: HttpClient;
let bReviewerKey: HttpClient;
/** A's records by the kind of id a path takes. */
let a: {
  search: string;
  decision: string;
  clearance: string;
  batch: string;
  entity: string;
  key: string;
  webhook: string;
  member: string;
  case: string;
  attachment: string;
  watchlist: string;
};
/** Every id and name of A's that an answer to B must not carry. */
let secrets: string[];
let bodies: Record<string, unknown>;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  aOwner = await signedIn(app, { email: "owner.a@example.com", password: MEMBER_PASSWORD, fullName: "Owner Alpha", credits: 1000 });
  const aOrganisation = (await aOwner.get("/api/auth/me")).json.organisation.id;
  const member = await memberOf(app, aOrganisation, "analyst", "analyst.alpha@example.com");
  bOwner = await signedIn(app, { email: "owner.b@example.com", password: MEMBER_PASSWORD, fullName: "Owner Bravo", credits: 1000 });
  bReviewer = (await memberOf(app, (await bOwner.get("/api/auth/me")).json.organisation.id, "reviewer", "reviewer.bravo@example.com")).http;
  // Keys with every scope a member's key may have: the walk is about organisations, not scopes.
  const scopes = ["screen", "read", "review", "monitor"];
  const keyOfB = await bOwner.post("/api/user/api-keys", { name: "Bravo's key", scopes });
  expect(keyOfB.status).toBe(201);
  bKey = new HttpClient(app.url, { authorization: `Bearer ${keyOfB.json.key}` });
  const reviewerKeyOfB = await bReviewer.post("/api/user/api-keys", { name: "Bravo reviewer's key", scopes });
  expect(reviewerKeyOfB.status).toBe(201);
  bReviewerKey = new HttpClient(app.url, { authorization: `Bearer ${reviewerKeyOfB.json.key}` });

  // A decided hit on one screening, and a false positive remembered on another subject's (a clearance covers later
  // screenings of its own subject only).
  const decided = await screened(aOwner, "Dmitri Orlov");
  const hitBody = { hitId: orlovHit(decided).hitId, decision: "true_match", reason: "confirmed_identity" };
  const decision = await aOwner.post(`/api/searches/${decided.id}/decisions`, hitBody);
  expect(decision.status).toBe(201);
  const cleared = await screened(aOwner, "Orlov Dmitri");
  const remembered = await aOwner.post(`/api/searches/${cleared.id}/decisions`, {
    hitId: orlovHit(cleared).hitId,
    decision: "false_positive",
    reason: "common_name",
    remember: true,
  });
  expect(remembered.status).toBe(201);
  const clearance = (await aOwner.get("/api/reviews/clearances")).json.items.find((c: any) => c.searchId === cleared.id);
  expect(clearance).toBeDefined();
  const batch = await aOwner.post("/api/batch-jobs", { name: "Alpha batch", totalEntities: 1 });
  expect(batch.status).toBe(201);
  const rows = await aOwner.post(`/api/batch-jobs/${batch.json.id}/entities`, { entities: [{ searchTerm: "Alpha Batch Row", entityType: "person" }] });
  expect(rows.status).toBe(200);
  const entity = await aOwner.post("/api/monitoring/entities", { searchTerm: "Alpha Monitored", entityType: "company", frequency: "weekly" });
  const key = await aOwner.post("/api/user/api-keys", { name: "Alpha key" });
  const hook = await aOwner.post("/api/webhooks", { url: "https://hooks.example.com/alpha", events: ["search.completed"] });
  const attachment = await uploadAttachment(aOwner, decided.caseId, PDF, "Alpha passport.pdf");
  const watchlist = await aOwner.post("/api/organisation/watchlists", { name: "Alpha exited customers" });
  expect(watchlist.status).toBe(201);
  expect((await aOwner.post(`/api/organisation/watchlists/${watchlist.json.id}/entries`, { name: "Alpha Listed Person" })).status).toBe(201);
  expect([entity.status, key.status, hook.status, attachment.status]).toEqual([201, 201, 201, 201]);
  a = {
    search: decided.id,
    decision: decision.json.id,
    clearance: clearance.id,
    batch: batch.json.id,
    entity: entity.json.id,
    key: key.json.id,
    webhook: hook.json.id,
    member: member.id,
    case: decided.caseId,
    attachment: attachment.json.id,
    watchlist: watchlist.json.id,
  };
  secrets = [...Object.values(a), cleared.id, aOrganisation, "Orlov", "Alpha", "owner.a@", "analyst.alpha", "hooks.example.com/alpha"];

  /** A valid body for each route that reads one: the call must reach the record's lookup, not fail validation. */
  bodies = {
    "POST /api/v1/search/:searchId/decisions": hitBody,
    "PUT /api/v1/monitoring/entities/:entityId/status": { status: "paused" },
    "PUT /api/v1/cases/:caseId/assignee": { assignee: "me" },
    "POST /api/v1/cases/:caseId/status": { status: "closed", outcome: "true_match" },
    "POST /api/v1/cases/:caseId/notes": { text: "Written from another organisation" },
    "POST /api/v1/decisions/:decisionId/approve": { comment: "Approved from another organisation" },
    "POST /api/v1/decisions/:decisionId/reject": { comment: "Rejected from another organisation" },
    "POST /api/v1/search/:searchId/notes": { text: "Written from another organisation" },
    "PUT /api/organisation/members/:userId": { role: "auditor" },
    "PUT /api/organisation/members/:userId/cap": { monthlyCreditCap: 1 },
    "POST /api/searches/:id/decisions": hitBody,
    "POST /api/searches/:id/notes": { text: "Written from another organisation" },
    "POST /api/searches/:id/escalate": { text: "Escalated from another organisation" },
    "PUT /api/searches/:id/assignee": { assignee: "me" },
    "POST /api/reviews/clearances/:id/revoke": { reason: "Revoked from another organisation" },
    "POST /api/reviews/decisions/:id/approve": { comment: "Approved from another organisation" },
    "POST /api/reviews/decisions/:id/reject": { comment: "Rejected from another organisation" },
    "POST /api/batch-jobs/:id/entities": { entities: [{ searchTerm: "Bravo Row", entityType: "person" }] },
    "PUT /api/monitoring/entities/:id/status": { status: "paused" },
    "POST /api/monitoring/entities/:id/dismiss": { reason: "Dismissed from another organisation" },
    "PATCH /api/webhooks/:id": { enabled: false },
    "PUT /api/cases/:id/assignee": { assignee: "me" },
    "POST /api/cases/:id/status": { status: "closed", outcome: "true_match" },
    "POST /api/cases/:id/notes": { text: "Written from another organisation" },
    "POST /api/cases/:id/escalate": { reason: "Escalated from another organisation" },
    "DELETE /api/cases/:id/attachments/:attachmentId": { reason: "Removed from another organisation" },
    "POST /api/cases/:id/searches": { searchId: "00000000-0000-4000-8000-000000000001" },
    "PUT /api/cases/:id/tags": { tags: ["from another organisation"] },
    "PUT /api/organisation/watchlists/:id": { name: "Renamed from another organisation" },
    "POST /api/organisation/watchlists/:id/entries": { name: "Added From Another Organisation" },
  };
  routes = apiRoutes(app).filter((r) => r.includes("/:"));
  // Four accounts made (passwords hashed) and two screenings run: on PGlite on a busy machine, slow.
}, 180_000);
afterAll(() => stopApp());

/** Which of A's records a route's path names, by the route's prefix (the first that matches). */
const ID_OF: [prefix: string, record: keyof typeof a][] = [
  ["/api/v1/search/", "search"],
  ["/api/v1/batch/", "batch"],
  ["/api/v1/monitoring/entities/", "entity"],
  ["/api/v1/cases/", "case"],
  ["/api/v1/decisions/", "decision"],
  ["/api/user/api-keys/", "key"],
  ["/api/organisation/members/", "member"],
  ["/api/organisation/watchlists/", "watchlist"],
  ["/api/reviews/clearances/", "clearance"],
  ["/api/reviews/decisions/", "decision"],
  ["/api/reviews/", "search"],
  ["/api/searches/", "search"],
  ["/api/batch-jobs/", "batch"],
  ["/api/monitoring/searches/", "search"],
  ["/api/monitoring/entities/", "entity"],
  ["/api/webhooks/", "webhook"],
  ["/api/cases/", "case"],
];

const isAllowListed = (route: string) => INSTANCE_ADMIN_ONLY.includes(route) || NOT_ORGANISATION_RECORDS.some((p) => route.split(" ")[1].startsWith(p));

/** The route's path with the id in its first parameter and, for a case's file, the attachment's id in its second. */
function pathWith(route: string, id: string, attachment: string) {
  return (
    route
      .split(" ")[1]
      .replace(":format", "pdf")
      .replace(":attachmentId", attachment)
      .replace(/:[A-Za-z]+/, id) + (QUERIES[route] ?? "")
  );
}

function recordOf(route: string) {
  return ID_OF.find(([prefix]) => route.split(" ")[1].startsWith(prefix))?.[1];
}

test("the walk covers the routes of every kind of record, and knows which of A's records each path names", () => {
  for (const route of [
    "GET /api/searches/:id",
    "DELETE /api/searches/:id",
    "POST /api/searches/:id/decisions",
    "POST /api/reviews/clearances/:id/revoke",
    "POST /api/reviews/decisions/:id/approve",
    "GET /api/batch-jobs/:id/results",
    "DELETE /api/monitoring/entities/:id",
    "DELETE /api/user/api-keys/:id",
    "PATCH /api/webhooks/:id",
    "DELETE /api/organisation/members/:userId",
    "GET /api/organisation/watchlists/:id",
    "POST /api/organisation/watchlists/:id/import",
    "GET /api/v1/search/:searchId",
    "GET /api/v1/batch/:batchId",
    "DELETE /api/v1/monitoring/entities/:entityId",
    "GET /api/v1/cases/:caseId",
    "POST /api/v1/cases/:caseId/status",
    "POST /api/v1/decisions/:decisionId/approve",
    "GET /api/v1/batch/:batchId/results",
    "GET /api/cases/:id",
    "GET /api/cases/:id/assignees",
    "POST /api/cases/:id/status",
    "POST /api/cases/:id/searches",
    "PUT /api/cases/:id/tags",
    "POST /api/cases/:id/attachments",
    "GET /api/cases/:id/attachments/:attachmentId",
    "DELETE /api/cases/:id/attachments/:attachmentId",
    "GET /api/cases/:id/report.pdf",
    "GET /api/cases/:id/report.xlsx",
  ]) {
    expect(routes).toContain(route);
  }
  expect(routes.filter((r) => !isAllowListed(r) && !recordOf(r))).toEqual([]);
});

test("every route with an id: B's owner (B's key on /api/v1) gets 404 for A's record, as for an unknown id, and nothing of A's", async () => {
  const seen: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const route of routes) {
    const method = route.split(" ")[0];
    const reviewer = WALKED_BY_REVIEWER.includes(route);
    const client = route.includes(" /api/v1/") ? (reviewer ? bReviewerKey : bKey) : reviewer ? bReviewer : bOwner;
    const body = method === "GET" ? undefined : (bodies[route] ?? (method === "DELETE" ? undefined : {}));
    const record = recordOf(route);
    const unknown = await client.request(method, pathWith(route, randomUUID(), randomUUID()), body);
    const res = await client.request(method, pathWith(route, record ? a[record] : a.search, a.attachment), body);
    const leaked = secrets.filter((s) => res.text.toLowerCase().includes(s.toLowerCase()));
    seen[route] = { status: res.status, body: res.json, leaked };
    expected[route] = {
      status: isAllowListed(route) ? unknown.status : 404,
      body: unknown.json,
      leaked: [],
    };
  }
  expect(seen).toEqual(expected);
});

test("A's records are as they were: B's calls changed, removed and revoked nothing", async () => {
  const search = await aOwner.get(`/api/searches/${a.search}`);
  expect(search.status).toBe(200);
  const review = (await aOwner.get(`/api/searches/${a.search}/review`)).json;
  expect(JSON.stringify(review)).not.toContain("another organisation");
  expect((await aOwner.get("/api/reviews/clearances")).json.items.find((c: any) => c.id === a.clearance)).toMatchObject({ id: a.clearance });
  expect((await aOwner.get(`/api/batch-jobs/${a.batch}`)).json).toMatchObject({ id: a.batch, totalEntities: 1 });
  expect((await aOwner.get("/api/monitoring/entities")).json.items.find((e: any) => e.id === a.entity)).toMatchObject({ status: "active" });
  const keys = (await aOwner.get("/api/user/api-keys")).json;
  expect((keys.items ?? keys).map((k: any) => k.id)).toContain(a.key);
  const hooks = (await aOwner.get("/api/webhooks")).json;
  expect((hooks.items ?? hooks).find((h: any) => h.id === a.webhook)).toMatchObject({ enabled: true });
  const members = (await aOwner.get("/api/organisation/members")).json.items;
  expect(members.find((m: any) => m.id === a.member)).toMatchObject({ role: "analyst", monthlyCreditCap: null });
  const kase = (await aOwner.get(`/api/cases/${a.case}`)).json;
  expect(kase).toMatchObject({ status: "open", assignee: null, escalatedAt: null, notes: [], tags: [] });
  expect(kase.attachments.map((x: any) => x.fileName)).toEqual(["Alpha passport.pdf"]);
  expect((await downloadAttachment(aOwner, a.case, a.attachment)).bytes).toEqual(PDF);
});
