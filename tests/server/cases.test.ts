import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { memberOf, screened } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

/**
 * Cases over real HTTP: screenings that need review grouped into their subject's case (caseId on the search), the
 * list and its filters, a case's page, assignment, status with its 409 and 400 answers, notes, escalation, another
 * organisation's case (404), the auditor (403) and two members changing one case at once (one 409).
 */
const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
let app: TestApp;
let stopApp: () => Promise<void>;
let owner: HttpClient;
let analyst: { id: string; http: HttpClient };
let reviewer: { id: string; http: HttpClient };
let auditor: { id: string; http: HttpClient };
let outsider: HttpClient;
let outsiderId: string;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
  const organisationId = (await owner.get("/api/auth/me")).json.organisation.id;
  analyst = await memberOf(app, organisationId, "analyst", "analyst@example.com");
  reviewer = await memberOf(app, organisationId, "reviewer", "reviewer@example.com");
  auditor = await memberOf(app, organisationId, "auditor", "auditor@example.com");
  outsider = await signedIn(app, { email: "outsider@example.com", password: "outsider-password-1", fullName: "Out Sider", credits: 1000 });
  outsiderId = (await outsider.get("/api/auth/me")).json.id;
}, 180_000);
afterAll(() => stopApp());

/**
 * A screening of Dmitri Orlov (the review list's listing) born in another year each time: each one another subject
 * with the listing as its hit, so each test has a case of its own.
 */
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

describe("grouping", () => {
  test("screenings of one subject that need review share a case; one without hits has none", async () => {
    const first = await screened(analyst.http, "Dmitri Orlov");
    expect(first.review.status).toBe("needs_review");
    expect(first.caseId).toEqual(expect.any(String));
    const again = await screened(owner, "DMITRI  orlov");
    expect(again.caseId).toBe(first.caseId);
    const nobody = await screened(analyst.http, "Quentin Nobodysson");
    expect(nobody.review.status).toBe("no_hits");
    expect(nobody.caseId).toBeNull();
    // Another organisation's screening of the same subject is in a case of its own.
    const theirs = await screened(outsider, "Dmitri Orlov");
    expect(theirs.caseId).toEqual(expect.any(String));
    expect(theirs.caseId).not.toBe(first.caseId);

    const res = await analyst.http.get(`/api/cases/${first.caseId}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: first.caseId,
      status: "open",
      outcome: null,
      priority: "sanctions",
      assignee: null,
      subject: { name: "Dmitri Orlov", entityType: "person" },
      attachments: [],
    });
    expect(res.json.searches.map((s: any) => s.id).sort()).toEqual([first.id, again.id].sort());
    expect(Date.parse(res.json.dueAt) - Date.parse(res.json.openedAt)).toBe(24 * 3_600_000);
    expect(res.json.timeline.map((e: any) => e.kind)).toEqual(["opened", "search_added", "search_added"]);
    expect(res.json.notes).toEqual([]);
  });
});

describe("the list", () => {
  test("is paged, filtered by status, assignee and overdue, and refuses unknown filters", async () => {
    const mine = await screenedOrlov(analyst.http);
    const list = await analyst.http.get("/api/cases?limit=1");
    expect(list.status).toBe(200);
    expect(list.json.items).toHaveLength(1);
    expect(list.json.total).toBeGreaterThanOrEqual(2);
    expect(list.json.nextCursor).toEqual(expect.any(String));

    expect((await analyst.http.put(`/api/cases/${mine.caseId}/assignee`, { assignee: "me" })).status).toBe(200);
    const ids = async (query: string) => ((await analyst.http.get(`/api/cases?${query}`)).json.items as any[]).map((c) => c.id);
    expect(await ids("assignee=me")).toEqual([mine.caseId]);
    expect(await ids(`assignee=${analyst.id}`)).toEqual([mine.caseId]);
    expect(await ids("assignee=unassigned")).not.toContain(mine.caseId);
    expect(await ids("status=open")).toContain(mine.caseId);
    expect(await ids("status=closed")).not.toContain(mine.caseId);
    expect(await ids("overdue=true")).not.toContain(mine.caseId);
    await app.db
      .update(schema.cases)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.cases.id, mine.caseId));
    expect(await ids("overdue=true")).toEqual([mine.caseId]);
    const item = (await analyst.http.get("/api/cases?overdue=true")).json.items[0];
    expect(item.overdue).toBe(true);
    expect(await ids("priority=sanctions&source=search")).toContain(mine.caseId);
    expect(await ids("source=monitoring")).toEqual([]);

    for (const query of ["status=done", "assignee=someone", "overdue=yes", "priority=low"]) {
      expect([query, (await analyst.http.get(`/api/cases?${query}`)).status]).toEqual([query, 400]);
    }
  });
});

describe("the summary", () => {
  test("counts the reader's open and overdue cases and the team's, and nothing of another organisation", async () => {
    const summary = async (http: HttpClient) => {
      const res = await http.get("/api/cases/summary");
      expect(res.status).toBe(200);
      return res.json;
    };
    const before = await summary(reviewer.http);
    const outsiderBefore = await summary(outsider);
    const search = await screenedOrlov(analyst.http);
    expect((await reviewer.http.put(`/api/cases/${search.caseId}/assignee`, { assignee: "me" })).status).toBe(200);
    const assigned = await summary(reviewer.http);
    expect(assigned.mine).toEqual({ open: before.mine.open + 1, overdue: before.mine.overdue });
    expect(assigned.team.open).toBe(before.team.open + 1);

    await app.db
      .update(schema.cases)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.cases.id, search.caseId));
    const late = await summary(reviewer.http);
    expect(late.mine.overdue).toBe(before.mine.overdue + 1);
    expect(late.team.overdue).toBe(before.team.overdue + 1);
    // The auditor reads the same team figures; another organisation's figures do not move.
    expect((await summary(auditor.http)).team).toEqual(late.team);
    expect(await summary(outsider)).toEqual(outsiderBefore);
  });
});

describe("assignment", () => {
  test("claim, hand to a member, hand back; someone outside the organisation is 400", async () => {
    const search = await screenedOrlov(analyst.http);
    const path = `/api/cases/${search.caseId}/assignee`;
    expect((await owner.put(path, { assignee: reviewer.id })).json.assignee.id).toBe(reviewer.id);
    const outside = await owner.put(path, { assignee: outsiderId });
    expect(outside.status).toBe(400);
    expect(outside.json.error).toContain("member of the case's organisation");
    expect((await owner.put(path, { assignee: auditor.id })).status).toBe(400);
    // An analyst does not take a case from a colleague; the reviewer hands it back.
    expect((await analyst.http.put(path, { assignee: "me" })).status).toBe(403);
    expect((await reviewer.http.put(path, { assignee: null })).json.assignee).toBeNull();
    const claimed = await analyst.http.put(path, { assignee: "me" });
    expect(claimed.json.assignee.id).toBe(analyst.id);
    expect(claimed.json.timeline.filter((e: any) => e.kind === "assigned")).toHaveLength(3);
    expect((await analyst.http.put(path, { assignee: "someone" })).status).toBe(400);
  });

  test("the case names its organisation and offers its members with their open cases; the timeline names the assignee", async () => {
    const search = await screenedOrlov(analyst.http);
    const before = (await owner.get(`/api/cases/${search.caseId}`)).json;
    expect(before.organisation).toEqual({ id: (await owner.get("/api/auth/me")).json.organisation.id, name: expect.any(String) });

    const offered = await owner.get(`/api/cases/${search.caseId}/assignees`);
    expect(offered.status).toBe(200);
    const ids = (offered.json.items as any[]).map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining([analyst.id, reviewer.id]));
    // Auditors change nothing, and the other organisation's members are not the case's.
    expect(ids).not.toContain(auditor.id);
    expect(ids).not.toContain(outsiderId);
    const load = async (userId: string) =>
      ((await owner.get(`/api/cases/${search.caseId}/assignees`)).json.items as any[]).find((m) => m.id === userId).openCases;
    const reviewerLoad = await load(reviewer.id);

    const given = await owner.put(`/api/cases/${search.caseId}/assignee`, { assignee: reviewer.id });
    expect(await load(reviewer.id)).toBe(reviewerLoad + 1);
    const entry = (given.json.timeline as any[]).findLast((e) => e.kind === "assigned");
    expect(entry.assignee).toEqual({ id: reviewer.id, name: given.json.assignee.name });

    // Whoever reads the case reads who could work it; another organisation's case is 404.
    expect((await auditor.http.get(`/api/cases/${search.caseId}/assignees`)).json.items).toEqual(
      offered.json.items.map((m: any) => (m.id === reviewer.id ? { ...m, openCases: m.openCases + 1 } : m)),
    );
    expect((await outsider.get(`/api/cases/${search.caseId}/assignees`)).status).toBe(404);
  });
});

describe("status", () => {
  test("closing needs an outcome and every hit decided; reopening needs a reason", async () => {
    const search = await screenedOrlov(analyst.http);
    const path = `/api/cases/${search.caseId}/status`;
    const count = (await analyst.http.get(`/api/cases/${search.caseId}`)).json.openHits;
    expect(count).toBeGreaterThan(0);

    expect((await analyst.http.post(path, { status: "closed" })).status).toBe(400);
    expect((await analyst.http.post(path, { status: "closed", outcome: "fine" })).status).toBe(400);
    expect((await analyst.http.post(path, { status: "open" })).status).toBe(409);
    const undecided = await analyst.http.post(path, { status: "closed", outcome: "false_positive" });
    expect(undecided.status).toBe(409);
    expect(undecided.json.error).toContain(`${count} hit`);
    // The count beside the sentence, for a client to say it in its own words.
    expect(undecided.json.undecidedHits).toBe(count);

    expect((await analyst.http.post(path, { status: "investigating" })).json.status).toBe("investigating");
    const current = (await analyst.http.get(`/api/cases/${search.caseId}`)).json;
    for (const s of current.searches) await decideAll(analyst.http, (await analyst.http.get(`/api/searches/${s.id}`)).json);
    const closed = await analyst.http.post(path, { status: "closed", outcome: "false_positive" });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ status: "closed", outcome: "false_positive", openHits: 0 });
    expect(closed.json.closedAt).toEqual(expect.any(String));

    expect((await analyst.http.post(path, { status: "open" })).status).toBe(400);
    const reopened = await analyst.http.post(path, { status: "open", reason: "The customer sent a new passport" });
    expect(reopened.json).toMatchObject({ status: "open", outcome: null, closedAt: null });
    expect(reopened.json.timeline.at(-1)).toMatchObject({ kind: "reopened", details: { reason: "The customer sent a new passport" } });

    // The audit log has every change.
    const audit = (await owner.get("/api/organisation/audit?limit=100")).json.items.filter((e: any) => e.targetId === search.caseId);
    expect(audit.map((e: any) => e.action)).toEqual(expect.arrayContaining(["case.opened", "case.status_changed", "case.reopened"]));
  });

  test("a new screening with a hit reopens its subject's closed case, noting why", async () => {
    const search = await screened(analyst.http, "Orlov Dmitri");
    await decideAll(analyst.http, search);
    const path = `/api/cases/${search.caseId}/status`;
    expect((await analyst.http.post(path, { status: "closed", outcome: "true_match" })).status).toBe(200);
    const again = await screened(analyst.http, "Orlov Dmitri");
    expect(again.caseId).toBe(search.caseId);
    const kase = (await analyst.http.get(`/api/cases/${search.caseId}`)).json;
    expect(kase.status).toBe("open");
    expect(kase.timeline.find((e: any) => e.kind === "reopened").details.reason).toContain("New hit");
  });
});

describe("notes and escalation", () => {
  test("a note is on the case and its timeline; escalating unassigns it and lists it under escalated", async () => {
    const search = await screenedOrlov(analyst.http);
    const id = search.caseId;
    const note = await analyst.http.post(`/api/cases/${id}/notes`, { text: "Asked the customer for an ID copy" });
    expect(note.status).toBe(201);
    expect(note.json).toMatchObject({ text: "Asked the customer for an ID copy", author: "analyst", authorId: analyst.id });
    expect((await analyst.http.post(`/api/cases/${id}/notes`, { text: "   " })).status).toBe(400);
    await analyst.http.put(`/api/cases/${id}/assignee`, { assignee: "me" });
    expect((await analyst.http.post(`/api/cases/${id}/escalate`, {})).status).toBe(400);
    const escalated = await analyst.http.post(`/api/cases/${id}/escalate`, { reason: "The birth date nearly matches" });
    expect(escalated.status).toBe(200);
    expect(escalated.json.assignee).toBeNull();
    expect(escalated.json.escalatedAt).toEqual(expect.any(String));
    expect(((await reviewer.http.get("/api/cases?escalated=true")).json.items as any[]).map((c) => c.id)).toEqual([id]);
    expect((await analyst.http.post(`/api/cases/${id}/escalate`, { reason: "Again" })).status).toBe(409);
    const taken = await reviewer.http.put(`/api/cases/${id}/assignee`, { assignee: "me" });
    expect(taken.json.escalatedAt).toBeNull();
    expect(taken.json.notes.map((n: any) => n.text)).toEqual(["Asked the customer for an ID copy", "The birth date nearly matches"]);
    expect(taken.json.timeline.map((e: any) => e.kind)).toEqual(expect.arrayContaining(["note", "escalated", "assigned"]));
  });
});

describe("who may", () => {
  test("another organisation's case is 404 like an unknown id; the auditor reads and changes nothing", async () => {
    const search = await screenedOrlov(analyst.http);
    const id = search.caseId;
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const caseId of [id, unknown, "not-an-id"]) {
      const calls = [
        outsider.get(`/api/cases/${caseId}`),
        outsider.put(`/api/cases/${caseId}/assignee`, { assignee: "me" }),
        outsider.post(`/api/cases/${caseId}/status`, { status: "investigating" }),
        outsider.post(`/api/cases/${caseId}/notes`, { text: "Not mine" }),
        outsider.post(`/api/cases/${caseId}/escalate`, { reason: "Not mine" }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.json.error).toBe("Case not found");
      }
    }
    expect(((await outsider.get("/api/cases")).json.items as any[]).map((c) => c.id)).not.toContain(id);

    expect((await auditor.http.get(`/api/cases/${id}`)).status).toBe(200);
    expect((await auditor.http.get("/api/cases")).status).toBe(200);
    const writes = [
      auditor.http.put(`/api/cases/${id}/assignee`, { assignee: "me" }),
      auditor.http.post(`/api/cases/${id}/status`, { status: "investigating" }),
      auditor.http.post(`/api/cases/${id}/notes`, { text: "An auditor's note" }),
      auditor.http.post(`/api/cases/${id}/escalate`, { reason: "An auditor's reason" }),
      auditor.http.put("/api/cases/availability", { unavailable: true }),
    ];
    for (const res of await Promise.all(writes)) expect(res.status).toBe(403);
    const after = (await owner.get(`/api/cases/${id}`)).json;
    expect(after).toMatchObject({ status: "open", assignee: null, notes: [], escalatedAt: null });
  });

  test("settings: owners and admins change them; analysts read them", async () => {
    expect((await analyst.http.get("/api/cases/settings")).json).toEqual({
      autoAssign: false,
      perMemberCap: null,
      dueHours: { sanctions: 24, pep: 72, media: 120 },
    });
    expect((await analyst.http.put("/api/cases/settings", { autoAssign: true })).status).toBe(403);
    expect((await owner.put("/api/cases/settings", { dueHours: { pep: 0 } })).status).toBe(400);
    const changed = await owner.put("/api/cases/settings", { dueHours: { sanctions: 12 } });
    expect(changed.json.dueHours).toEqual({ sanctions: 12, pep: 72, media: 120 });
    const search = await screenedOrlov(owner);
    const kase = (await owner.get(`/api/cases/${search.caseId}`)).json;
    expect(Date.parse(kase.dueAt) - Date.parse(kase.openedAt)).toBe(12 * 3_600_000);
    expect((await owner.put("/api/cases/settings", { dueHours: { sanctions: 24 } })).status).toBe(200);
  });
});

describe("two members at once", () => {
  test("closing the same case: one wins, the other gets 409", async () => {
    const search = await screenedOrlov(analyst.http);
    await decideAll(analyst.http, search);
    const path = `/api/cases/${search.caseId}/status`;
    const { version } = (await analyst.http.get(`/api/cases/${search.caseId}`)).json;
    const answers = await Promise.all([
      analyst.http.post(path, { status: "closed", outcome: "false_positive", version }),
      reviewer.http.post(path, { status: "closed", outcome: "true_match", version }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)!;
    const kase = (await owner.get(`/api/cases/${search.caseId}`)).json;
    expect(kase.outcome).toBe(winner.json.outcome);
    expect(kase.timeline.filter((e: any) => e.kind === "status_changed")).toHaveLength(1);
  });

  test("assigning the same case: one wins, the other gets 409", async () => {
    const search = await screenedOrlov(analyst.http);
    const path = `/api/cases/${search.caseId}/assignee`;
    const { version } = (await owner.get(`/api/cases/${search.caseId}`)).json;
    const answers = await Promise.all([analyst.http.put(path, { assignee: "me", version }), reviewer.http.put(path, { assignee: "me", version })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)!;
    expect((await owner.get(`/api/cases/${search.caseId}`)).json.assignee.id).toBe(winner.json.assignee.id);
  });
});
