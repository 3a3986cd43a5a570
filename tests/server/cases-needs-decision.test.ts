import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { memberOf } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

/**
 * The case list's "Needs decision" view over real HTTP (GET /api/cases?needsDecision=true), which took the review
 * queue's place in the app: the cases not closed holding a search with a hit nobody decided (a four-eyes proposal
 * still counts) or a second opinion nobody answered; a case leaves it when its last hit is decided, and a closed case
 * or another organisation's is never in it.
 */
const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
let app: TestApp;
let stopApp: () => Promise<void>;
let owner: HttpClient;
let analyst: { id: string; http: HttpClient };
let reviewer: { id: string; http: HttpClient };
let outsider: HttpClient;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
  const organisationId = (await owner.get("/api/auth/me")).json.organisation.id;
  analyst = await memberOf(app, organisationId, "analyst", "analyst@example.com");
  reviewer = await memberOf(app, organisationId, "reviewer", "reviewer@example.com");
  outsider = await signedIn(app, { email: "outsider@example.com", password: "outsider-password-1", fullName: "Out Sider", credits: 1000 });
}, 180_000);
afterAll(() => stopApp());

/** Dmitri Orlov (the review list's listing) born in another year each time: a subject, and a case, of its own. */
let births = 0;
async function screenedOrlov(http: HttpClient) {
  births += 1;
  const created = await http.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person", details: { birthDate: `${1930 + births}-01-01` } });
  expect(created.status).toBe(201);
  const res = await http.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.json.status).toBe("completed");
  expect(res.json.caseId).toEqual(expect.any(String));
  return res.json;
}

const hitsOf = (search: any): any[] => search.results.sanctionsList.flatMap((row: any) => row.hits);

async function decideAll(http: HttpClient, search: any) {
  for (const hit of hitsOf(search)) {
    const res = await http.post(`/api/searches/${search.id}/decisions`, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" });
    expect(res.status).toBe(201);
  }
}

/** The ids of the view as the member reads it, every page. */
async function needsDecision(http: HttpClient, extra = ""): Promise<string[]> {
  const res = await http.get(`/api/cases?needsDecision=true&limit=100${extra}`);
  expect(res.status).toBe(200);
  expect(res.json.total).toBe(res.json.items.length);
  return res.json.items.map((c: any) => c.id);
}

describe("needs decision", () => {
  test("holds the cases with an undecided hit until the last one is decided; a closed case is never in it", async () => {
    const search = await screenedOrlov(analyst.http);
    const other = await screenedOrlov(owner);
    expect(await needsDecision(analyst.http)).toEqual([other.caseId, search.caseId]);
    // Every item of the view has hits left to decide.
    const items = (await analyst.http.get("/api/cases?needsDecision=true")).json.items;
    expect(items.every((c: any) => c.openHits > 0)).toBe(true);

    await decideAll(analyst.http, search);
    expect(await needsDecision(analyst.http)).toEqual([other.caseId]);
    // Without the filter, or with false, the case is listed as before.
    expect((await analyst.http.get("/api/cases?needsDecision=false&limit=100")).json.items.map((c: any) => c.id)).toContain(search.caseId);

    const closed = await analyst.http.post(`/api/cases/${search.caseId}/status`, { status: "closed", outcome: "false_positive" });
    expect(closed.status).toBe(200);
    expect(await needsDecision(analyst.http)).toEqual([other.caseId]);

    // The other filters narrow it: the owner's case is not the analyst's until they take it.
    expect(await needsDecision(analyst.http, "&assignee=me")).toEqual([]);
    expect((await analyst.http.put(`/api/cases/${other.caseId}/assignee`, { assignee: "me" })).status).toBe(200);
    expect(await needsDecision(analyst.http, "&assignee=me")).toEqual([other.caseId]);
    await decideAll(owner, other);
    expect(await needsDecision(analyst.http)).toEqual([]);
  });

  test("a second opinion asked for keeps a case in it until a decision answers it", async () => {
    const search = await screenedOrlov(analyst.http);
    await decideAll(analyst.http, search);
    expect(await needsDecision(analyst.http)).not.toContain(search.caseId);
    const escalated = await analyst.http.post(`/api/searches/${search.id}/escalate`, { text: "Is the common name enough?" });
    expect(escalated.status).toBe(200);
    expect(escalated.json.status).toBe("escalated");
    expect(await needsDecision(reviewer.http)).toContain(search.caseId);

    // The reviewer answers with a decision (changing the analyst's): the search is cleared, the case needs nothing.
    const hit = hitsOf(search)[0];
    const review = (await reviewer.http.get(`/api/searches/${search.id}/review`)).json;
    const live = review.decisions.find((d: any) => d.hitId === hit.hitId);
    const answered = await reviewer.http.post(`/api/searches/${search.id}/decisions`, {
      hitId: hit.hitId,
      decision: "false_positive",
      reason: "common_name",
      replaces: live.id,
    });
    expect(answered.status).toBe(201);
    expect((await reviewer.http.get(`/api/searches/${search.id}/review`)).json.status).toBe("cleared");
    expect(await needsDecision(reviewer.http)).not.toContain(search.caseId);
  });

  test("a four-eyes proposal leaves its hit undecided: the case stays until the proposal is approved", async () => {
    await updateSystemSettings(app.db, { fourEyesReview: true });
    try {
      const search = await screenedOrlov(analyst.http);
      await decideAll(analyst.http, search);
      expect(await needsDecision(reviewer.http)).toContain(search.caseId);
      const proposals = (await reviewer.http.get(`/api/searches/${search.id}/review`)).json.decisions;
      for (const proposal of proposals) {
        expect(proposal.state).toBe("proposed");
        expect((await reviewer.http.post(`/api/reviews/decisions/${proposal.id}/approve`, {})).status).toBe(200);
      }
      expect(await needsDecision(reviewer.http)).not.toContain(search.caseId);
    } finally {
      await updateSystemSettings(app.db, { fourEyesReview: false });
    }
  });

  test("another organisation's cases are not in it; a wrong value is refused", async () => {
    const theirs = await screenedOrlov(outsider);
    expect(await needsDecision(outsider)).toEqual([theirs.caseId]);
    expect(await needsDecision(owner)).not.toContain(theirs.caseId);
    const bad = await owner.get("/api/cases?needsDecision=yes");
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("needsDecision must be true or false");
  });
});
