/**
 * An organisation's records over real HTTP: members open the team's screenings and their reviews, the history shows
 * the caller's own or the whole team's, a clearance one member remembers clears the hit on a colleague's screening,
 * an analyst decides only their own hits, the "members see each other's screenings" setting limits analysts, and
 * nothing of one organisation is found from another (404).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createUser } from "../../lib/auth/users.ts";
import type { OrganisationRole } from "../../lib/organisations/contract.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const PASSWORD = "member-password-1";
const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
let app: TestApp;
let stopApp: () => Promise<void>;

type Team = Record<OrganisationRole | "analyst2", HttpClient> & { organisationId: string; ids: Record<string, string> };

/** An organisation whose owner signed up with credits, and one member of every other role, plus a second analyst. */
async function team(tag: string): Promise<Team> {
  const owner = await signedIn(app, { email: `owner.${tag}@example.com`, password: PASSWORD, fullName: `Owner ${tag}`, credits: 1000 });
  const me = (await owner.get("/api/auth/me")).json;
  const result = { owner, organisationId: me.organisation.id, ids: { owner: me.id } } as unknown as Team;
  for (const [key, role] of [
    ["admin", "admin"],
    ["analyst", "analyst"],
    ["analyst2", "analyst"],
    ["reviewer", "reviewer"],
    ["auditor", "auditor"],
  ] as const) {
    const email = `${key}.${tag}@example.com`;
    const user = await createUser(
      app.db,
      { email, password: PASSWORD, fullName: `${key} ${tag}` },
      { membership: { organisationId: me.organisation.id, role } },
    );
    const http = new HttpClient(app.url);
    await http.signIn(email, PASSWORD);
    result[key] = http;
    result.ids[key] = user.id;
  }
  return result;
}

async function screened(client: HttpClient, searchTerm = "Dmitri Orlov") {
  const created = await client.post("/api/searches", { searchTerm, entityType: "person" });
  expect(created.status).toBe(201);
  const res = await client.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.json.status).toBe("completed");
  return res.json;
}

const orlovHit = (search: any) => search.results.sanctionsList.flatMap((row: any) => row.hits).find((h: any) => h.name === "ORLOV, Dmitri Pavlovich");
const decide = (client: HttpClient, searchId: string, body: Record<string, unknown>) => client.post(`/api/searches/${searchId}/decisions`, body);
const ids = (page: any) => page.items.map((i: any) => i.id);

let a: Team;
let b: Team;
beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  [a, b] = await Promise.all([team("a"), team("b")]);
  // Twelve accounts, each password hashed and signed in with: on PGlite on a busy machine, more than the default.
}, 180_000);
afterAll(() => stopApp());

describe("the team's screenings", () => {
  test("every member opens a colleague's screening and its review; the history is the caller's own unless scope=team", async () => {
    const search = await screened(a.analyst);
    for (const role of ["owner", "admin", "analyst2", "reviewer", "auditor"] as const) {
      const res = await a[role].get(`/api/searches/${search.id}`);
      expect([role, res.status, res.json.id]).toEqual([role, 200, search.id]);
      expect((await a[role].get(`/api/searches/${search.id}/review`)).status).toBe(200);
    }
    // The history: the analyst's own by default, the whole team's with who searched.
    expect(ids((await a.owner.get("/api/searches")).json)).not.toContain(search.id);
    const teamPage = (await a.owner.get("/api/searches?scope=team")).json;
    expect(teamPage.items.find((i: any) => i.id === search.id)).toMatchObject({ searchedBy: { id: a.ids.analyst, name: "analyst a" } });
    expect(ids((await a.analyst.get("/api/searches")).json)).toContain(search.id);
    expect((await a.owner.get("/api/searches?scope=everyone")).status).toBe(400);
    // The report of a colleague's screening.
    expect((await a.reviewer.get(`/api/searches/${search.id}/export/pdf`)).status).toBe(200);
  });

  test("another organisation's search, review, decision, report and clearance are 404, and its history never shows them", async () => {
    const search = await screened(a.analyst);
    const hit = orlovHit(search);
    for (const role of ["owner", "admin", "analyst", "reviewer", "auditor"] as const) {
      const other = b[role];
      expect((await other.get(`/api/searches/${search.id}`)).status).toBe(404);
      expect((await other.get(`/api/searches/${search.id}/review`)).status).toBe(404);
      expect((await other.get(`/api/searches/${search.id}/export/pdf`)).status).toBe(404);
      expect(ids((await other.get("/api/searches?scope=team")).json)).not.toContain(search.id);
    }
    expect((await decide(b.reviewer, search.id, { hitId: hit.hitId, decision: "true_match", reason: "confirmed_identity" })).status).toBe(404);
    expect((await b.owner.post(`/api/searches/${search.id}/notes`, { text: "Not ours" })).status).toBe(404);
    const decided = await decide(a.analyst, search.id, { hitId: hit.hitId, decision: "false_positive", reason: "common_name", remember: true });
    expect(decided.status).toBe(201);
    const clearance = (await a.analyst.get("/api/reviews/clearances")).json.items.find((c: any) => c.searchId === search.id);
    expect(clearance).toBeDefined();
    expect((await b.owner.get("/api/reviews/clearances")).json.items.some((c: any) => c.id === clearance.id)).toBe(false);
    expect((await b.owner.post(`/api/reviews/clearances/${clearance.id}/revoke`, { reason: "Not ours" })).status).toBe(404);
    expect((await b.reviewer.get("/api/reviews")).json.items.some((i: any) => i.searchId === search.id)).toBe(false);
    // Revoked by its own team, so that the next screenings of the name have the hit to decide.
    expect((await a.reviewer.post(`/api/reviews/clearances/${clearance.id}/revoke`, { reason: "Checked again" })).status).toBe(200);
  });
});

describe("decisions in a team", () => {
  test("members decide their own hits only; the team's reviewer decides a colleague's; an auditor decides nothing", async () => {
    const search = await screened(a.analyst, "Dmitri Orlov");
    const hit = orlovHit(search);
    const body = { hitId: hit.hitId, decision: "true_match", reason: "confirmed_identity" };
    const byColleague = await decide(a.analyst2, search.id, body);
    expect(byColleague.status).toBe(403);
    expect(byColleague.json.error).toMatch(/own screenings/);
    expect((await decide(a.auditor, search.id, body)).status).toBe(403);
    // Owners and admins run the team; deciding a colleague's hits is the team's reviewers'.
    for (const role of ["owner", "admin"] as const) expect((await decide(a[role], search.id, body)).status).toBe(403);
    // The team's review queue shows the analyst's open item to the reviewer.
    expect((await a.reviewer.get("/api/reviews?status=needs_review")).json.items.some((i: any) => i.searchId === search.id)).toBe(true);
    const byReviewer = await decide(a.reviewer, search.id, body);
    expect(byReviewer.status).toBe(201);
    expect(byReviewer.json.decidedBy).toBe("reviewer a");
  });

  test("a false positive one member remembers is cleared on a colleague's later screening of the same subject", async () => {
    // A subject of its own, so that the other tests' clearances do not cover it.
    const subject = "Orlov Dmitri";
    const first = await screened(a.analyst, subject);
    const hit = orlovHit(first);
    const decided = await decide(a.analyst, first.id, { hitId: hit.hitId, decision: "false_positive", reason: "common_name", remember: true });
    expect(decided.status).toBe(201);

    const colleagues = await screened(a.analyst2, subject);
    expect(orlovHit(colleagues).clearance).toMatchObject({ decidedBy: "analyst a", reason: "common_name" });
    // The clearance is the team's: the colleague sees it in the list; another organisation's screening is not cleared.
    expect((await a.analyst2.get("/api/reviews/clearances")).json.items.some((c: any) => c.searchId === first.id)).toBe(true);
    expect(orlovHit(await screened(b.analyst, subject)).clearance).toBeUndefined();
    // An analyst does not revoke what a colleague cleared; the team's reviewer does.
    const clearance = (await a.reviewer.get("/api/reviews/clearances")).json.items.find((c: any) => c.searchId === first.id);
    expect((await a.analyst2.post(`/api/reviews/clearances/${clearance.id}/revoke`, { reason: "Mine to undo?" })).status).toBe(403);
    expect((await a.reviewer.post(`/api/reviews/clearances/${clearance.id}/revoke`, { reason: "Checked again" })).status).toBe(200);
  });
});

describe("members see each other's screenings", () => {
  test("switched off, an analyst reads only their own; owners, reviewers and auditors still read the team's", async () => {
    const search = await screened(a.analyst);
    expect((await a.analyst.put("/api/organisation/settings", { membersSeeTeam: false })).status).toBe(403);
    expect((await a.reviewer.put("/api/organisation/settings", { membersSeeTeam: false })).status).toBe(403);
    const changed = await a.admin.put("/api/organisation/settings", { membersSeeTeam: false });
    expect([changed.status, changed.json]).toEqual([
      200,
      { membersSeeTeam: false, fourEyes: null, requireTwoFactor: null, retentionYears: null, country: null },
    ]);
    try {
      expect((await a.owner.get("/api/organisation")).json.settings).toEqual({
        membersSeeTeam: false,
        fourEyes: null,
        requireTwoFactor: null,
        retentionYears: null,
        country: null,
      });
      expect((await a.analyst2.get(`/api/searches/${search.id}`)).status).toBe(404);
      expect(ids((await a.analyst2.get("/api/searches?scope=team")).json)).not.toContain(search.id);
      for (const role of ["owner", "reviewer", "auditor"] as const) expect((await a[role].get(`/api/searches/${search.id}`)).status).toBe(200);
      expect((await a.analyst.get(`/api/searches/${search.id}`)).status).toBe(200);
      // Another organisation keeps its own setting.
      expect((await b.analyst2.get("/api/organisation")).json.settings).toEqual({
        membersSeeTeam: true,
        fourEyes: null,
        requireTwoFactor: null,
        retentionYears: null,
        country: null,
      });
      const [entry] = await app.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, "organisation.settings_changed"), eq(schema.auditLog.targetId, a.organisationId)))
        .orderBy(desc(schema.auditLog.id));
      expect(entry).toMatchObject({ actorUserId: a.ids.admin, details: { before: { membersSeeTeam: true }, after: { membersSeeTeam: false } } });
      expect((await a.owner.put("/api/organisation/settings", { membersSeeTeam: "no" })).status).toBe(400);
    } finally {
      await a.owner.put("/api/organisation/settings", { membersSeeTeam: true });
    }
    expect((await a.analyst2.get(`/api/searches/${search.id}`)).status).toBe(200);
  });
});

describe("four eyes, the organisation's choice", () => {
  test("on for one organisation: its members' decisions wait for its reviewer; another organisation decides at once as the instance says", async () => {
    expect((await a.analyst.put("/api/organisation/settings", { fourEyes: true })).status).toBe(403);
    expect((await a.owner.put("/api/organisation/settings", { fourEyes: "yes" })).status).toBe(400);
    const on = await a.owner.put("/api/organisation/settings", { fourEyes: true });
    expect(on.json).toEqual({ membersSeeTeam: true, fourEyes: true, requireTwoFactor: null, retentionYears: null, country: null });
    try {
      const search = await screened(a.analyst, "Dmitri Orlov");
      expect(search.review.fourEyes).toBe(true);
      const hit = orlovHit(search);
      const proposed = await decide(a.analyst, search.id, { hitId: hit.hitId, decision: "true_match", reason: "confirmed_identity" });
      expect(proposed.json.state).toBe("proposed");
      // Approving is the team's reviewer's: not the owner's, not the proposer's, not another organisation's reviewer's.
      expect((await a.owner.post(`/api/reviews/decisions/${proposed.json.id}/approve`, {})).status).toBe(403);
      expect((await a.analyst.post(`/api/reviews/decisions/${proposed.json.id}/approve`, {})).status).toBe(403);
      expect((await b.reviewer.post(`/api/reviews/decisions/${proposed.json.id}/approve`, {})).status).toBe(404);
      const approved = await a.reviewer.post(`/api/reviews/decisions/${proposed.json.id}/approve`, { comment: "Agreed" });
      expect([approved.status, approved.json.state]).toEqual([200, "approved"]);

      const elsewhere = await screened(b.analyst, "Dmitri Orlov");
      expect(elsewhere.review.fourEyes).toBe(false);
      const decided = await decide(b.analyst, elsewhere.id, { hitId: orlovHit(elsewhere).hitId, decision: "true_match", reason: "confirmed_identity" });
      expect(decided.json.state).toBe("decided");
    } finally {
      await a.owner.put("/api/organisation/settings", { fourEyes: null });
    }
    expect((await a.owner.get("/api/organisation")).json.settings.fourEyes).toBeNull();
  });
});
