import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importReviewList, REVIEW_ENTRIES_CHANGED } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, signedIn, type TestApp } from "../helpers/app.ts";
import { balanceOf } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import type { GdeltArticle } from "../helpers/news-servers.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const article = (title: string, url: string): GdeltArticle => ({
  title,
  url,
  seendate: "20260301T100000Z",
  domain: "news.example",
  language: "English",
  sourcecountry: "United Kingdom",
});

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: HttpClient;
let analystId: string;
let colleague: HttpClient;
let reviewer: HttpClient;
let admin: HttpClient;

beforeAll(async () => {
  const news = {
    "Dmitri Orlov": [
      article("Dmitri Orlov charged with fraud and money laundering", "https://news.example/orlov-charged"),
      article("Dmitri Orlov opens a new school library", "https://news.example/orlov-library"),
    ],
  };
  ({ app, stop: stopApp } = await startScreeningApp(news, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  analystId = (await createUser(app.db, { email: "analyst@example.com", password: "analyst-password", fullName: "Ana Lyst", credits: 1000 })).id;
  analyst = new HttpClient(app.url);
  await analyst.signIn("analyst@example.com", "analyst-password");
  colleague = await signedIn(app, { email: "colleague@example.com", password: "colleague-password", fullName: "Col League", credits: 1000 });
  reviewer = await signedIn(app, { email: "reviewer@example.com", password: "reviewer-password", fullName: "Rita Viewer", role: "reviewer" });
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
});
afterAll(() => stopApp());

async function screened(client: HttpClient, body: Record<string, unknown> = { searchTerm: "Dmitri Orlov", entityType: "person" }) {
  const created = await client.post("/api/searches", body);
  expect(created.status).toBe(201);
  const res = await client.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.json.status).toBe("completed");
  return res.json;
}

const sanctionsHits = (search: any): any[] => search.results.sanctionsList.flatMap((row: any) => row.hits);
const orlovHit = (search: any) => sanctionsHits(search).find((h: any) => h.name === "ORLOV, Dmitri Pavlovich");
const decide = (client: HttpClient, searchId: string, body: Record<string, unknown>) => client.post(`/api/searches/${searchId}/decisions`, body);

describe("decisions on hits", () => {
  test("every hit carries a hitId unique within its search, and a search with flagged hits needs review", async () => {
    const search = await screened(analyst);
    const ids = [...sanctionsHits(search), ...search.results.pepListings, ...search.results.adverseMedia].map((h: any) => h.hitId);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(ids.every((id: unknown) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(search.reviewStatus).toBe("needs_review");
    expect(search.review).toMatchObject({ status: "needs_review", decisions: [] });
    // Read again: the same ids.
    const again = (await analyst.get(`/api/searches/${search.id}`)).json;
    expect(sanctionsHits(again).map((h: any) => h.hitId)).toEqual(sanctionsHits(search).map((h: any) => h.hitId));
  });

  test("a false positive is recorded with who and when, and the status follows once every flagged hit is decided", async () => {
    const search = await screened(analyst);
    const before = await balanceOf(app.db, analystId);
    const hit = orlovHit(search);
    const res = await decide(analyst, search.id, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ hitId: hit.hitId, decision: "false_positive", reason: "common_name", decidedBy: "Ana Lyst", state: "decided" });
    expect(Date.parse(res.json.decidedAt)).toBeGreaterThan(Date.now() - 60_000);

    let read = (await analyst.get(`/api/searches/${search.id}`)).json;
    expect(read.review.decisions).toEqual([expect.objectContaining({ hitId: hit.hitId, decision: "false_positive", decidedBy: "Ana Lyst" })]);
    expect(read.review.status).toBe("needs_review");
    // The risk level stays the screening's own.
    expect(read.riskLevel).toBe(search.riskLevel);

    const flagged = [...sanctionsHits(search), ...search.results.adverseMedia.filter((m: any) => m.isNegative)].filter((h: any) => h.hitId !== hit.hitId);
    for (const other of flagged) {
      const r = await decide(analyst, search.id, {
        hitId: other.hitId,
        decision: "false_positive",
        reason: "other",
        text: "Another person: the article names a teacher",
      });
      expect(r.status).toBe(201);
    }
    read = (await analyst.get(`/api/searches/${search.id}`)).json;
    expect(read.review.status).toBe("cleared");
    expect(read.reviewStatus).toBe("cleared");
    expect(await balanceOf(app.db, analystId)).toBe(before);

    const history = (await analyst.get("/api/searches?limit=5")).json.items.find((i: any) => i.id === search.id);
    expect(history.reviewStatus).toBe("cleared");

    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "review.decided"), eq(schema.auditLog.targetId, search.id)));
    expect(audit.length).toBe(flagged.length + 1);
    expect(audit[0].details).toMatchObject({ before: { reviewStatus: "needs_review" }, after: { decision: "false_positive" } });
  });

  test("one true match confirms the search", async () => {
    const search = await screened(analyst);
    const res = await decide(analyst, search.id, { hitId: orlovHit(search).hitId, decision: "true_match", reason: "confirmed_identity" });
    expect(res.status).toBe(201);
    const read = (await analyst.get(`/api/searches/${search.id}`)).json;
    expect(read.review.status).toBe("confirmed");
  });

  test("bad input gets a clear answer and changes nothing", async () => {
    const search = await screened(analyst);
    const hit = orlovHit(search);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ hitId: hit.hitId, decision: "false_positive", reason: "other" }, 400, /text is required/],
      [{ hitId: hit.hitId, decision: "maybe", reason: "common_name" }, 400, /decision must be/],
      [{ hitId: hit.hitId, decision: "false_positive", reason: "looks_wrong" }, 400, /reason must be/],
      [{ hitId: hit.hitId, decision: "false_positive", reason: "confirmed_identity" }, 400, /reason must be one of/],
      [{ hitId: hit.hitId, decision: "true_match", reason: "confirmed_identity", remember: true }, 400, /Only a false positive/],
      [{ hitId: "s:nobody", decision: "false_positive", reason: "common_name" }, 404, /Hit not found/],
    ];
    for (const [body, status, message] of cases) {
      const res = await decide(analyst, search.id, body);
      expect(res.status).toBe(status);
      expect(res.json.error).toMatch(message);
    }
    const calm = search.results.adverseMedia.find((m: any) => !m.isNegative);
    expect(calm).toBeDefined();
    const notFlagged = await decide(analyst, search.id, { hitId: calm.hitId, decision: "false_positive", reason: "common_name" });
    expect(notFlagged.status).toBe(409);
    const foreign = await decide(colleague, search.id, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" });
    expect(foreign.status).toBe(404);
    expect((await colleague.get(`/api/reviews/${search.id}`)).status).toBe(404);
    const read = (await analyst.get(`/api/searches/${search.id}`)).json;
    expect(read.review.history).toEqual([]);
    expect(read.review.status).toBe("needs_review");
  });

  test("two reviewers deciding the same hit at once: one wins, the other gets 409, and nothing is lost", async () => {
    const search = await screened(analyst);
    const hit = orlovHit(search);
    const [a, b] = await Promise.all([
      decide(analyst, search.id, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" }),
      decide(reviewer, search.id, { hitId: hit.hitId, decision: "true_match", reason: "confirmed_identity" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const winner = a.status === 201 ? a.json : b.json;
    const read = (await analyst.get(`/api/searches/${search.id}`)).json;
    expect(read.review.decisions).toEqual([expect.objectContaining({ id: winner.id, decision: winner.decision })]);
    // Changing one's mind names the decision it replaces.
    const changed = await decide(analyst, search.id, {
      hitId: hit.hitId,
      decision: "false_positive",
      reason: "other",
      text: "Another person",
      replaces: winner.id,
    });
    expect(changed.status).toBe(201);
    const after = (await analyst.get(`/api/searches/${search.id}`)).json;
    expect(after.review.decisions.map((d: any) => d.reason)).toEqual(["other"]);
    expect(after.review.history.map((d: any) => d.state)).toEqual(["replaced", "decided"]);
  });
});

describe("four eyes", () => {
  test("a proposal takes effect only once another reviewer approves it; nobody approves their own; a rejection reopens the hit", async () => {
    await updateSystemSettings(app.db, { fourEyesReview: true });
    try {
      const search = await screened(analyst);
      const hit = orlovHit(search);
      const proposed = await decide(analyst, search.id, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" });
      expect(proposed.status).toBe(201);
      expect(proposed.json.state).toBe("proposed");
      let read = (await analyst.get(`/api/searches/${search.id}`)).json;
      expect(read.review.status).toBe("needs_review");
      expect(read.review.fourEyes).toBe(true);

      expect((await analyst.post(`/api/reviews/decisions/${proposed.json.id}/approve`, {})).status).toBe(403);
      expect((await colleague.post(`/api/reviews/decisions/${proposed.json.id}/approve`, {})).status).toBe(403);
      const queue = (await reviewer.get("/api/reviews?status=awaiting_approval")).json;
      expect(queue.items.map((i: any) => i.searchId)).toContain(search.id);

      const approved = await reviewer.post(`/api/reviews/decisions/${proposed.json.id}/approve`, { comment: "Agreed" });
      expect(approved.status).toBe(200);
      expect(approved.json).toMatchObject({ state: "approved", reviewedBy: "Rita Viewer" });
      read = (await analyst.get(`/api/searches/${search.id}`)).json;
      expect(read.review.decisions[0]).toMatchObject({ hitId: hit.hitId, state: "approved" });

      // A second hit: proposed by the reviewer, rejected by the admin.
      const second = await screened(analyst);
      const proposal = await decide(reviewer, second.id, { hitId: orlovHit(second).hitId, decision: "false_positive", reason: "common_name" });
      expect(proposal.status).toBe(201);
      const rejected = await admin.post(`/api/reviews/decisions/${proposal.json.id}/reject`, { comment: "The birth date matches: look again" });
      expect(rejected.status).toBe(200);
      read = (await analyst.get(`/api/searches/${second.id}`)).json;
      expect(read.review.status).toBe("needs_review");
      expect(read.review.decisions).toEqual([]);
      expect(read.review.history[0]).toMatchObject({ state: "rejected", reviewComment: "The birth date matches: look again" });
      expect((await admin.post(`/api/reviews/decisions/${proposal.json.id}/approve`, {})).status).toBe(409);
    } finally {
      await updateSystemSettings(app.db, { fourEyesReview: false });
    }
  });
});

describe("remembered clearances", () => {
  test("a remembered false positive clears the hit of the same subject's next search until the listing changes", async () => {
    const first = await screened(colleague);
    const hit = orlovHit(first);
    expect(hit.listingFingerprint).toEqual(expect.any(String));
    const res = await decide(colleague, first.id, { hitId: hit.hitId, decision: "false_positive", reason: "common_name", remember: true });
    expect(res.status).toBe(201);

    const second = await screened(colleague);
    const cleared = orlovHit(second);
    expect(cleared.clearance).toMatchObject({ decidedBy: "Col League", reason: "common_name" });
    expect(Date.parse(cleared.clearance.decidedAt)).toBeGreaterThan(0);
    expect(second.results.risk.reasons.some((r: any) => r.params.entityName === "ORLOV, Dmitri Pavlovich")).toBe(false);
    expect(["low", "medium"]).toContain(second.riskLevel);
    const decideCleared = await decide(colleague, second.id, { hitId: cleared.hitId, decision: "false_positive", reason: "common_name" });
    expect(decideCleared.status).toBe(409);

    // Another user's search of the same name is not cleared by it.
    const others = await screened(analyst);
    expect(orlovHit(others).clearance).toBeUndefined();

    const list = (await colleague.get("/api/reviews/clearances")).json;
    expect(list.items).toEqual([expect.objectContaining({ subjectName: "Dmitri Orlov", listingName: "ORLOV, Dmitri Pavlovich" })]);
    expect((await analyst.get("/api/reviews/clearances")).json.items).toEqual([]);

    await importReviewList(app.db, REVIEW_ENTRIES_CHANGED);
    const third = await screened(colleague);
    const again = orlovHit(third);
    expect(again.clearance).toBeUndefined();
    expect(again.clearanceChanged).toMatchObject({ decidedBy: "Col League" });
    expect(third.review.status).toBe("needs_review");

    const revoked = await colleague.post(`/api/reviews/clearances/${list.items[0].id}/revoke`, { reason: "The listing changed" });
    expect(revoked.status).toBe(200);
    expect(revoked.json.revokedAt).toEqual(expect.any(String));
    expect((await colleague.get("/api/reviews/clearances")).json.items).toEqual([]);
  });
});

describe("the queue, notes and the timeline", () => {
  test("the queue lists open items newest first: a user's own, everyone's for admins", async () => {
    const mine = (await analyst.get("/api/reviews?status=needs_review")).json;
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((i: any) => i.owner.email === "analyst@example.com" && i.status === "needs_review")).toBe(true);
    const times = mine.items.map((i: any) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const everyone = (await admin.get("/api/reviews?status=needs_review&limit=100")).json;
    expect(new Set(everyone.items.map((i: any) => i.owner.email))).toEqual(new Set(["analyst@example.com", "colleague@example.com"]));
    expect((await analyst.get("/api/reviews?status=whatever")).status).toBe(400);
    expect((await analyst.get("/api/reviews?source=batch")).json.items).toEqual([]);
  });

  test("notes are appended with their author, an escalation holds until the next decision, and the timeline tells it all", async () => {
    const search = await screened(analyst);
    expect((await analyst.post(`/api/searches/${search.id}/notes`, { text: "Called the client: born 1985" })).status).toBe(201);
    const escalated = await analyst.post(`/api/searches/${search.id}/escalate`, { text: "Please check the birth date" });
    expect(escalated.status).toBe(200);
    expect(escalated.json.status).toBe("escalated");
    expect((await analyst.get("/api/reviews?status=escalated")).json.items.map((i: any) => i.searchId)).toContain(search.id);
    // What escalates is the search's case: unassigned, under "Escalated", the search named on its timeline.
    const kase = (await analyst.get(`/api/cases/${search.caseId}`)).json;
    expect(kase).toMatchObject({ assignee: null, escalatedAt: expect.any(String) });
    expect(kase.timeline.filter((e: any) => e.kind === "escalated").at(-1)).toMatchObject({
      actor: "Ana Lyst",
      details: { reason: "Please check the birth date", searchId: search.id, searchTerm: "Dmitri Orlov" },
    });
    expect((await analyst.get("/api/cases?escalated=true")).json.items.map((c: any) => c.id)).toContain(search.caseId);
    const again = await analyst.post(`/api/searches/${search.id}/escalate`, { text: "Still waiting" });
    expect([again.status, again.json.error]).toEqual([409, "The case is already escalated"]);
    const taken = await reviewer.put(`/api/searches/${search.id}/assignee`, { assignee: "me" });
    expect(taken.json.assignee).toMatchObject({ name: "Rita Viewer" });
    await decide(reviewer, search.id, { hitId: orlovHit(search).hitId, decision: "false_positive", reason: "common_name" });
    const read = (await analyst.get(`/api/searches/${search.id}`)).json;
    expect(read.review.status).toBe("needs_review");
    expect(read.review.notes.map((n: any) => [n.kind, n.text, n.author])).toEqual([
      ["note", "Called the client: born 1985", "Ana Lyst"],
      ["escalation", "Please check the birth date", "Ana Lyst"],
    ]);
    const pdf = await analyst.get(`/api/searches/${search.id}/export/pdf`);
    expect(pdf.status).toBe(200);
    const timeline = (await analyst.get(`/api/searches/${search.id}/timeline`)).json.items;
    expect(timeline.map((e: any) => e.kind)).toEqual(["created", "completed", "note", "escalation", "decision", "export"]);
    expect(timeline.find((e: any) => e.kind === "decision")).toMatchObject({ actor: "Rita Viewer", details: { decision: "false_positive" } });
    // The decision answered the search's request; the case stays escalated until a reviewer of its organisation takes it.
    expect((await analyst.get(`/api/cases/${search.caseId}`)).json.escalatedAt).toEqual(expect.any(String));
  });

  test("a search in no case has nothing to escalate; a second opinion asked for before cases stays on its timeline", async () => {
    const search = await screened(colleague, { searchTerm: "Dmitri Orlov", entityType: "person", details: { birthDate: "1950-05-05" } });
    expect(search.caseId).toEqual(expect.any(String));
    // As it was before cases: a request kept as a note, the search escalated, and no case.
    await app.db.delete(schema.cases).where(eq(schema.cases.id, search.caseId));
    await app.db.insert(schema.searchNotes).values({ searchId: search.id, authorId: null, kind: "escalation", text: "Asked before cases" });
    await app.db.update(schema.searches).set({ reviewStatus: "escalated", escalatedAt: new Date() }).where(eq(schema.searches.id, search.id));
    const refused = await colleague.post(`/api/searches/${search.id}/escalate`, { text: "Again" });
    expect([refused.status, refused.json.error]).toEqual([409, "The search is in no case: only a search whose hits need review has a case to escalate"]);
    const timeline = (await colleague.get(`/api/searches/${search.id}/timeline`)).json.items;
    expect(timeline.filter((e: any) => e.kind === "escalation").map((e: any) => e.details.text)).toEqual(["Asked before cases"]);
    expect((await colleague.get(`/api/searches/${search.id}`)).json.review.status).toBe("escalated");
  });
});
