/**
 * Who of an organisation may call its routes, as one table: each organisation-scoped route against each of the five
 * roles (owner, admin, analyst, reviewer, auditor), every call acting on a colleague's record (an analyst of the same
 * organisation made them) or on the organisation itself. The expectations are the decision record's
 * (docs/decisions/organisations.md): every member reads the organisation, its members and the team's screenings;
 * owners and admins run the team (members, caps, settings) and change or revoke a colleague's monitoring, keys and
 * webhooks; owners, admins and auditors read the audit log; the team's reviewers decide, note and revoke clearances on
 * a colleague's screening; a batch's second step is its maker's alone; a key or webhook one may not manage is not
 * found. The organisation routes are read from the app, so a new one fails the coverage test until it has a row.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ORGANISATION_ROLES, type OrganisationRole } from "../../lib/organisations/contract.ts";
import { HttpClient } from "../../support/http-client.ts";
import { PDF } from "../fixtures/attachments.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { memberKey } from "../helpers/api-keys.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { postFile, uploadAttachment } from "../helpers/case-attachments.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { apiRoutes, del, MEMBER_PASSWORD, memberOf, orlovHit, screened } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };

/** Allowed (any 2xx), refused (403) or not found (404: the caller may not even see the record). */
type Outcome = "2xx" | 403 | 404;
type Row = [owner: Outcome, admin: Outcome, analyst: Outcome, reviewer: Outcome, auditor: Outcome];

const OK = "2xx" as const;

/**
 * The matrix. A row's key is the route as the app names it, with a note after "·" when the record is a colleague's.
 * Columns: owner, admin, analyst, reviewer, auditor.
 */
const MATRIX: Record<string, Row> = {
  // Every member reads the organisation and the member list.
  "GET /api/organisation": [OK, OK, OK, OK, OK],
  "GET /api/organisation/members": [OK, OK, OK, OK, OK],
  // Owners and admins invite, change roles, set caps and remove; the others get 403.
  "POST /api/organisation/members": [OK, OK, 403, 403, 403],
  "PUT /api/organisation/members/:userId": [OK, OK, 403, 403, 403],
  "PUT /api/organisation/members/:userId/cap": [OK, OK, 403, 403, 403],
  "DELETE /api/organisation/members/:userId": [OK, OK, 403, 403, 403],
  // The organisation's own watchlists: every member reads them (a reviewer deciding a watchlist hit sees the entry);
  // owners and admins create, change, import and delete them.
  "GET /api/organisation/watchlists": [OK, OK, OK, OK, OK],
  "POST /api/organisation/watchlists": [OK, OK, 403, 403, 403],
  "GET /api/organisation/watchlists/:id": [OK, OK, OK, OK, OK],
  "GET /api/organisation/watchlists/:id/export": [OK, OK, OK, OK, OK],
  "PUT /api/organisation/watchlists/:id": [OK, OK, 403, 403, 403],
  "DELETE /api/organisation/watchlists/:id": [OK, OK, 403, 403, 403],
  "POST /api/organisation/watchlists/:id/entries": [OK, OK, 403, 403, 403],
  "DELETE /api/organisation/watchlists/:id/entries/:entryId": [OK, OK, 403, 403, 403],
  "POST /api/organisation/watchlists/:id/import": [OK, OK, 403, 403, 403],
  // Settings are decided by those who run the team.
  "PUT /api/organisation/settings": [OK, OK, 403, 403, 403],
  // The audit log is read by those who oversee the team: owners, admins and auditors.
  "GET /api/organisation/audit": [OK, OK, 403, 403, OK],
  "GET /api/organisation/audit/export": [OK, OK, 403, 403, OK],
  // The team's history: every member reads it ("members see each other's screenings" is on by default).
  "GET /api/searches?scope=team": [OK, OK, OK, OK, OK],
  // A colleague's screening: everyone reads it and its review; only the team's reviewers decide and note on it.
  "GET /api/searches/:id · colleague's": [OK, OK, OK, OK, OK],
  "GET /api/searches/:id/review · colleague's": [OK, OK, OK, OK, OK],
  "POST /api/searches/:id/decisions · colleague's": [403, 403, 403, OK, 403],
  "POST /api/searches/:id/notes · colleague's": [403, 403, 403, OK, 403],
  // A clearance made on a colleague's screening: the team's reviewers revoke it, nobody else.
  "POST /api/reviews/clearances/:id/revoke · colleague's": [403, 403, 403, OK, 403],
  // A colleague's batch: everyone reads it; its second step is screened and charged in the maker's name, so it stays theirs.
  "GET /api/batch-jobs?scope=team": [OK, OK, OK, OK, OK],
  "GET /api/batch-jobs/:id · colleague's": [OK, OK, OK, OK, OK],
  "POST /api/batch-jobs/:id/entities · colleague's": [403, 403, 403, 403, 403],
  // A colleague's monitoring: everyone reads it; its maker, owners and admins change it (an auditor is read-only).
  "GET /api/monitoring/entities?scope=team": [OK, OK, OK, OK, OK],
  "GET /api/monitoring/entities/:id/changes · colleague's": [OK, OK, OK, OK, OK],
  "PUT /api/monitoring/entities/:id/status · colleague's": [OK, OK, 403, 403, 403],
  "DELETE /api/monitoring/entities/:id · colleague's": [OK, OK, 403, 403, 403],
  // The caller's own auto-added spelling variants: everyone lists and removes their own; an auditor is read-only.
  "GET /api/monitoring/variants": [OK, OK, OK, OK, OK],
  "DELETE /api/monitoring/variants": [OK, OK, OK, OK, 403],
  // A colleague's key and webhook: owners and admins manage them; to anyone else they are not found.
  // The auditor changes nothing, whatever the id: 403 before any lookup, the same for every id, so it tells nothing.
  "DELETE /api/user/api-keys/:id · colleague's": [OK, OK, 404, 404, 403],
  "PATCH /api/webhooks/:id · colleague's": [OK, OK, 404, 404, 403],
  "GET /api/webhooks/:id/deliveries · colleague's": [OK, OK, 404, 404, 404],
  "DELETE /api/webhooks/:id · colleague's": [OK, OK, 404, 404, 403],
  // The team's cases: everyone reads them; every member but the auditor works on them. A case claimed by a colleague
  // is taken from them by those who run or review the team only: the analyst finds it the admin's and gets 403.
  "GET /api/cases": [OK, OK, OK, OK, OK],
  "GET /api/cases/summary": [OK, OK, OK, OK, OK],
  "GET /api/cases/:id · colleague's": [OK, OK, OK, OK, OK],
  "GET /api/cases/:id/assignees · colleague's": [OK, OK, OK, OK, OK],
  // Opening a case by hand, adding a search and tagging: every member but the auditor, on any case of the team.
  "POST /api/cases": [OK, OK, OK, OK, 403],
  "POST /api/cases/:id/searches · colleague's": [OK, OK, OK, OK, 403],
  "PUT /api/cases/:id/tags · colleague's": [OK, OK, OK, OK, 403],
  "PUT /api/cases/:id/assignee · colleague's": [OK, OK, 403, OK, 403],
  "POST /api/cases/:id/status · colleague's": [OK, OK, OK, OK, 403],
  "POST /api/cases/:id/notes · colleague's": [OK, OK, OK, OK, 403],
  "POST /api/cases/:id/escalate · colleague's": [OK, OK, OK, OK, 403],
  // The case settings are the team's, decided by those who run it; each member marks themselves away.
  // Files on a colleague's case: every member but the auditor attaches and reads them; removing a colleague's file is
  // for those who run the team's cases (owners, admins, reviewers), as taking a case from a colleague is.
  "POST /api/cases/:id/attachments · colleague's": [OK, OK, OK, OK, 403],
  "GET /api/cases/:id/attachments/:attachmentId · colleague's": [OK, OK, OK, OK, OK],
  "DELETE /api/cases/:id/attachments/:attachmentId · colleague's": [OK, OK, 403, OK, 403],
  // A case's report is a reading of the case: everyone who reads it, the auditor too.
  "GET /api/cases/:id/report.pdf · colleague's": [OK, OK, OK, OK, OK],
  "GET /api/cases/:id/report.xlsx · colleague's": [OK, OK, OK, OK, OK],
  "GET /api/cases/settings": [OK, OK, OK, OK, OK],
  "PUT /api/cases/settings": [OK, OK, 403, 403, 403],
  "GET /api/cases/availability": [OK, OK, OK, OK, OK],
  "PUT /api/cases/availability": [OK, OK, OK, OK, 403],
  // Each member reads and marks their own notifications; the auditor only reads (and is never given a case).
  "GET /api/notifications": [OK, OK, OK, OK, OK],
  "POST /api/notifications/read": [OK, OK, OK, OK, 403],
  // The public API with each member's key: the same checks as the cookie API's, for the key's owner.
  "GET /api/v1/cases": [OK, OK, OK, OK, OK],
  "GET /api/v1/cases/:caseId · colleague's": [OK, OK, OK, OK, OK],
  "PUT /api/v1/cases/:caseId/assignee · colleague's": [OK, OK, 403, OK, 403],
  "POST /api/v1/cases/:caseId/status · colleague's": [OK, OK, OK, OK, 403],
  "POST /api/v1/cases/:caseId/notes · colleague's": [OK, OK, OK, OK, 403],
};

/** How each row is called by a role: the colleague's records, and a record of its own where a call removes it. */
type Call = { path: string; body?: unknown; file?: Uint8Array; withKey?: true };
let calls: Record<string, (role: OrganisationRole) => Call>;

let app: TestApp;
let stopApp: () => Promise<void>;
let routes: string[];
const clients = {} as Record<OrganisationRole, HttpClient>;
/** Each role's API key, for the /api/v1 rows. */
const keyClients = {} as Record<OrganisationRole, HttpClient>;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  clients.owner = await signedIn(app, { email: "owner@example.com", password: MEMBER_PASSWORD, fullName: "Owner", credits: 1000 });
  const organisationId = (await clients.owner.get("/api/auth/me")).json.organisation.id;
  const memberIds = { owner: (await clients.owner.get("/api/auth/me")).json.id } as Record<OrganisationRole, string>;
  for (const role of ORGANISATION_ROLES.filter((r) => r !== "owner")) {
    const member = await memberOf(app, organisationId, role, `${role}@example.com`);
    clients[role] = member.http;
    memberIds[role] = member.id;
  }
  for (const role of ORGANISATION_ROLES) {
    const key = await memberKey(app.db, memberIds[role], `${role}'s integration`);
    keyClients[role] = new HttpClient(app.url, { authorization: `Bearer ${key}` });
  }
  // The colleague whose records every role acts on, the member whose role and cap are changed, and one member per
  // role to remove (a removal by one caller must not leave the next nothing to remove).
  const colleague = await memberOf(app, organisationId, "analyst", "colleague@example.com");
  const subject = await memberOf(app, organisationId, "analyst", "subject@example.com");
  const leavers = {} as Record<OrganisationRole, string>;
  for (const role of ORGANISATION_ROLES) leavers[role] = (await memberOf(app, organisationId, "analyst", `leaver.${role}@example.com`)).id;

  const http = colleague.http;
  // A screening whose hit is left to decide, then another subject's cleared and remembered (a clearance covers later
  // screenings of its own subject only, so the first keeps its hit to decide).
  const toDecide = await screened(http, "Dmitri Orlov");
  const cleared = await screened(http, "Orlov Dmitri");
  const remembered = await http.post(`/api/searches/${cleared.id}/decisions`, {
    hitId: orlovHit(cleared).hitId,
    decision: "false_positive",
    reason: "common_name",
    remember: true,
  });
  expect(remembered.status).toBe(201);
  const clearance = (await http.get("/api/reviews/clearances")).json.items.find((c: any) => c.searchId === cleared.id);
  expect(clearance).toBeDefined();
  const batch = await http.post("/api/batch-jobs", { name: "Colleague's batch", totalEntities: 1 });
  expect(batch.status).toBe(201);
  const made = async (path: string, body: unknown) => {
    const res = await http.post(path, body);
    expect([path, res.status]).toEqual([path, 201]);
    return res.json.id as string;
  };
  const entity = await made("/api/monitoring/entities", { searchTerm: "Colleague Monitored", entityType: "company", frequency: "weekly" });
  const webhook = await made("/api/webhooks", { url: "https://hooks.example.com/colleague", events: ["search.completed"] });
  const entities = {} as Record<OrganisationRole, string>;
  const keys = {} as Record<OrganisationRole, string>;
  const webhooks = {} as Record<OrganisationRole, string>;
  for (const role of ORGANISATION_ROLES) {
    entities[role] = await made("/api/monitoring/entities", { searchTerm: `Monitored For ${role}`, entityType: "company", frequency: "weekly" });
    keys[role] = await made("/api/user/api-keys", { name: `Key for ${role}` });
    webhooks[role] = await made("/api/webhooks", { url: `https://hooks.example.com/${role}`, events: ["search.completed"] });
  }

  // A case of the colleague's per role (the subject born in another year each time), for the calls that move a case
  // on once only (a second "investigating" or escalation is 409, whoever asks).
  const caseOf = async (birthYear: number) => {
    const created = await http.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person", details: { birthDate: `${birthYear}-01-01` } });
    expect(created.status).toBe(201);
    const caseId = (await http.get(`/api/searches/${created.json.id}?wait=30`)).json.caseId;
    expect(caseId).toEqual(expect.any(String));
    return caseId as string;
  };
  const cases = {} as Record<OrganisationRole, string>;
  const apiCases = {} as Record<OrganisationRole, string>;
  for (const [i, role] of ORGANISATION_ROLES.entries()) {
    cases[role] = await caseOf(1940 + i);
    apiCases[role] = await caseOf(1950 + i);
  }

  // A file the colleague attached to their case, and one per role to remove (a removal is once only).
  const attach = async (name: string) => {
    const res = await uploadAttachment(http, toDecide.caseId, PDF, name);
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  const attachment = await attach("colleague.pdf");
  const attachments = {} as Record<OrganisationRole, string>;
  for (const role of ORGANISATION_ROLES) attachments[role] = await attach(`for ${role}.pdf`);

  // A screening of the colleague's without hits (in no case), that each role puts into the colleague's case: the
  // first puts it there, the others find it there already (which changes nothing and answers the case).
  const noCase = await screened(http, "Quentin Nobodysson");
  expect(noCase.caseId).toBeNull();

  // A watchlist with an entry per role to remove, and one watchlist per role to delete.
  const owner = clients.owner;
  const watchlist = (await owner.post("/api/organisation/watchlists", { name: "Exited customers" })).json.id as string;
  const watchlistEntries = {} as Record<OrganisationRole, string>;
  const watchlistsToDelete = {} as Record<OrganisationRole, string>;
  for (const role of ORGANISATION_ROLES) {
    const added = await owner.post(`/api/organisation/watchlists/${watchlist}/entries`, { name: `Leaving Entry ${role}` });
    expect(added.status).toBe(201);
    watchlistEntries[role] = added.json.id;
    watchlistsToDelete[role] = (await owner.post("/api/organisation/watchlists", { name: `To delete by ${role}` })).json.id;
  }
  const csvLine = (role: OrganisationRole) => new TextEncoder().encode(`name,entityType\nImported By ${role},person\n`);

  const hitBody = { hitId: orlovHit(toDecide).hitId, decision: "true_match", reason: "confirmed_identity" };
  calls = {
    "GET /api/organisation/watchlists": () => ({ path: "/api/organisation/watchlists" }),
    "POST /api/organisation/watchlists": (role) => ({ path: "/api/organisation/watchlists", body: { name: `Made by ${role}` } }),
    "GET /api/organisation/watchlists/:id": () => ({ path: `/api/organisation/watchlists/${watchlist}` }),
    "GET /api/organisation/watchlists/:id/export": () => ({ path: `/api/organisation/watchlists/${watchlist}/export` }),
    "PUT /api/organisation/watchlists/:id": (role) => ({ path: `/api/organisation/watchlists/${watchlist}`, body: { name: `Renamed by ${role}` } }),
    "DELETE /api/organisation/watchlists/:id": (role) => ({ path: `/api/organisation/watchlists/${watchlistsToDelete[role]}` }),
    "POST /api/organisation/watchlists/:id/entries": (role) => ({
      path: `/api/organisation/watchlists/${watchlist}/entries`,
      body: { name: `Added By ${role}` },
    }),
    "DELETE /api/organisation/watchlists/:id/entries/:entryId": (role) => ({
      path: `/api/organisation/watchlists/${watchlist}/entries/${watchlistEntries[role]}`,
    }),
    "POST /api/organisation/watchlists/:id/import": (role) => ({ path: `/api/organisation/watchlists/${watchlist}/import`, file: csvLine(role) }),
    "GET /api/organisation": () => ({ path: "/api/organisation" }),
    "GET /api/organisation/members": () => ({ path: "/api/organisation/members" }),
    "POST /api/organisation/members": (role) => ({
      path: "/api/organisation/members",
      body: { email: `invited.by.${role}@example.com`, fullName: `Invited by ${role}`, role: "analyst" },
    }),
    "PUT /api/organisation/members/:userId": () => ({ path: `/api/organisation/members/${subject.id}`, body: { role: "reviewer" } }),
    "PUT /api/organisation/members/:userId/cap": () => ({ path: `/api/organisation/members/${subject.id}/cap`, body: { monthlyCreditCap: 500 } }),
    "DELETE /api/organisation/members/:userId": (role) => ({ path: `/api/organisation/members/${leavers[role]}` }),
    "PUT /api/organisation/settings": () => ({ path: "/api/organisation/settings", body: { membersSeeTeam: true } }),
    "GET /api/organisation/audit": () => ({ path: "/api/organisation/audit" }),
    "GET /api/organisation/audit/export": () => ({ path: "/api/organisation/audit/export" }),
    "GET /api/searches?scope=team": () => ({ path: "/api/searches?scope=team" }),
    "GET /api/searches/:id · colleague's": () => ({ path: `/api/searches/${toDecide.id}` }),
    "GET /api/searches/:id/review · colleague's": () => ({ path: `/api/searches/${toDecide.id}/review` }),
    "POST /api/searches/:id/decisions · colleague's": () => ({ path: `/api/searches/${toDecide.id}/decisions`, body: hitBody }),
    "POST /api/searches/:id/notes · colleague's": (role) => ({ path: `/api/searches/${toDecide.id}/notes`, body: { text: `A note by the ${role}` } }),
    "POST /api/reviews/clearances/:id/revoke · colleague's": (role) => ({
      path: `/api/reviews/clearances/${clearance.id}/revoke`,
      body: { reason: `Revoked by the ${role}` },
    }),
    "GET /api/batch-jobs?scope=team": () => ({ path: "/api/batch-jobs?scope=team" }),
    "GET /api/batch-jobs/:id · colleague's": () => ({ path: `/api/batch-jobs/${batch.json.id}` }),
    "POST /api/batch-jobs/:id/entities · colleague's": (role) => ({
      path: `/api/batch-jobs/${batch.json.id}/entities`,
      body: { entities: [{ searchTerm: `Row by ${role}`, entityType: "person" }] },
    }),
    "GET /api/monitoring/entities?scope=team": () => ({ path: "/api/monitoring/entities?scope=team" }),
    "GET /api/monitoring/entities/:id/changes · colleague's": () => ({ path: `/api/monitoring/entities/${entity}/changes` }),
    "PUT /api/monitoring/entities/:id/status · colleague's": () => ({ path: `/api/monitoring/entities/${entity}/status`, body: { status: "paused" } }),
    "DELETE /api/monitoring/entities/:id · colleague's": (role) => ({ path: `/api/monitoring/entities/${entities[role]}` }),
    "GET /api/monitoring/variants": () => ({ path: "/api/monitoring/variants" }),
    "DELETE /api/monitoring/variants": () => ({ path: "/api/monitoring/variants" }),
    "DELETE /api/user/api-keys/:id · colleague's": (role) => ({ path: `/api/user/api-keys/${keys[role]}` }),
    "PATCH /api/webhooks/:id · colleague's": (role) => ({ path: `/api/webhooks/${webhook}`, body: { description: `Described by the ${role}` } }),
    "GET /api/webhooks/:id/deliveries · colleague's": () => ({ path: `/api/webhooks/${webhook}/deliveries` }),
    "DELETE /api/webhooks/:id · colleague's": (role) => ({ path: `/api/webhooks/${webhooks[role]}` }),
    "GET /api/cases": () => ({ path: "/api/cases" }),
    "GET /api/cases/summary": () => ({ path: "/api/cases/summary" }),
    "GET /api/cases/:id · colleague's": () => ({ path: `/api/cases/${toDecide.caseId}` }),
    "GET /api/cases/:id/assignees · colleague's": () => ({ path: `/api/cases/${toDecide.caseId}/assignees` }),
    "POST /api/cases": (role) => ({
      path: "/api/cases",
      body: { title: `Opened by the ${role}`, subject: { name: `Opened By ${role}`, entityType: "person" } },
    }),
    "POST /api/cases/:id/searches · colleague's": () => ({ path: `/api/cases/${toDecide.caseId}/searches`, body: { searchId: noCase.id } }),
    "PUT /api/cases/:id/tags · colleague's": (role) => ({ path: `/api/cases/${toDecide.caseId}/tags`, body: { tags: [role] } }),
    "PUT /api/cases/:id/assignee · colleague's": () => ({ path: `/api/cases/${toDecide.caseId}/assignee`, body: { assignee: "me" } }),
    "POST /api/cases/:id/status · colleague's": (role) => ({ path: `/api/cases/${cases[role]}/status`, body: { status: "investigating" } }),
    "POST /api/cases/:id/notes · colleague's": (role) => ({ path: `/api/cases/${toDecide.caseId}/notes`, body: { text: `A note by the ${role}` } }),
    "POST /api/cases/:id/escalate · colleague's": (role) => ({ path: `/api/cases/${cases[role]}/escalate`, body: { reason: `Escalated by the ${role}` } }),
    "POST /api/cases/:id/attachments · colleague's": () => ({ path: `/api/cases/${toDecide.caseId}/attachments`, file: PDF }),
    "GET /api/cases/:id/attachments/:attachmentId · colleague's": () => ({ path: `/api/cases/${toDecide.caseId}/attachments/${attachment}` }),
    "DELETE /api/cases/:id/attachments/:attachmentId · colleague's": (role) => ({
      path: `/api/cases/${toDecide.caseId}/attachments/${attachments[role]}`,
      body: { reason: `Removed by the ${role}` },
    }),
    "GET /api/cases/:id/report.pdf · colleague's": () => ({ path: `/api/cases/${toDecide.caseId}/report.pdf` }),
    "GET /api/cases/:id/report.xlsx · colleague's": () => ({ path: `/api/cases/${toDecide.caseId}/report.xlsx` }),
    "GET /api/cases/settings": () => ({ path: "/api/cases/settings" }),
    "PUT /api/cases/settings": (role) => ({ path: "/api/cases/settings", body: { perMemberCap: 10 + ORGANISATION_ROLES.indexOf(role) } }),
    "GET /api/cases/availability": () => ({ path: "/api/cases/availability" }),
    "PUT /api/cases/availability": () => ({ path: "/api/cases/availability", body: { unavailable: true } }),
    "GET /api/notifications": () => ({ path: "/api/notifications" }),
    "POST /api/notifications/read": () => ({ path: "/api/notifications/read", body: { all: true } }),
    "GET /api/v1/cases": () => ({ path: "/api/v1/cases", withKey: true }),
    "GET /api/v1/cases/:caseId · colleague's": () => ({ path: `/api/v1/cases/${toDecide.caseId}`, withKey: true }),
    "PUT /api/v1/cases/:caseId/assignee · colleague's": () => ({ path: `/api/v1/cases/${toDecide.caseId}/assignee`, body: { assignee: "me" }, withKey: true }),
    "POST /api/v1/cases/:caseId/status · colleague's": (role) => ({
      path: `/api/v1/cases/${apiCases[role]}/status`,
      body: { status: "investigating" },
      withKey: true,
    }),
    "POST /api/v1/cases/:caseId/notes · colleague's": (role) => ({
      path: `/api/v1/cases/${toDecide.caseId}/notes`,
      body: { text: `A note by the ${role}'s key` },
      withKey: true,
    }),
  };
  routes = apiRoutes(app);
  // Thirteen accounts, each password hashed and signed in with, and two screenings: on PGlite on a busy machine, slow.
}, 180_000);
afterAll(() => stopApp());

const routeOf = (row: string) => row.split(" · ")[0].split("?")[0];

test("the matrix has a row for every organisation route, and every row names a route the app serves", () => {
  const organisationRoutes = routes.filter((r) => r.split(" ")[1].startsWith("/api/organisation"));
  expect(organisationRoutes.length).toBeGreaterThanOrEqual(9);
  const rows = new Set(Object.keys(MATRIX).map(routeOf));
  expect(organisationRoutes.filter((r) => !rows.has(r))).toEqual([]);
  expect([...rows].filter((r) => !routes.includes(r))).toEqual([]);
  expect(Object.keys(calls).sort()).toEqual(Object.keys(MATRIX).sort());
});

test("route × role: each role gets what the decision record gives it", async () => {
  const seen: Record<string, Outcome[]> = {};
  for (const [row, expected] of Object.entries(MATRIX)) {
    const method = row.split(" ")[0];
    const statuses: Outcome[] = [];
    for (const role of ORGANISATION_ROLES) {
      const { path, body, file, withKey } = calls[row](role);
      const client = withKey ? keyClients[role] : clients[role];
      const res = file
        ? await postFile(client, path, file, `by ${role}.pdf`)
        : method === "DELETE"
          ? body
            ? await client.request("DELETE", path, body)
            : await del(client, path)
          : await client.request(method, path, method === "GET" ? undefined : (body ?? {}));
      statuses.push(res.status >= 200 && res.status < 300 ? OK : (res.status as Outcome));
    }
    seen[row] = statuses;
    expect(expected).toHaveLength(ORGANISATION_ROLES.length);
  }
  expect(seen).toEqual(MATRIX);
});
