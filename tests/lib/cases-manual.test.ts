import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { caseTagsSchema, openCaseSchema } from "../../lib/cases/contract.ts";
import { listCases } from "../../lib/cases/list.ts";
import { addCaseSearch, CaseConflict, openCase } from "../../lib/cases/manual.ts";
import { changeCaseSettings } from "../../lib/cases/settings.ts";
import { changeCaseStatus } from "../../lib/cases/status.ts";
import { setCaseTags } from "../../lib/cases/tags.ts";
import { caseView } from "../../lib/cases/views.ts";
import { manualClock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { writeFirstReviews } from "../../lib/review/first-review.ts";
import type { SearchResults } from "../../lib/screening/results.ts";
import { caseOf, finished, type Member, member, orlovResults } from "../fixtures/cases.ts";
import { checkResults } from "../fixtures/monitoring.ts";
import { openScreeningDb, type ScreeningDb } from "../fixtures/screening.ts";

/**
 * Cases made by hand on a real database: opening one for a subject (media priority, due on the organisation's media
 * hours, auto-assigned when the organisation asks), a second for the same subject refused naming the first, a
 * screening of the subject joining it; searches put into a case (the organisation's only, one case each, not into a
 * closed case), a worse open hit raising the priority; tags set, recorded and filtered on, and the list's age filter.
 */
let s: ScreeningDb;
let owner: Member;
let analyst: Member;
let auditor: Member;
const T0 = new Date("2026-06-01T08:00:00.000Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = manualClock(T0);

beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
  owner = await member(s.db, "owner");
  analyst = await member(s.db, "analyst", owner.organisationId);
  auditor = await member(s.db, "auditor", owner.organisationId);
});
afterAll(() => s.close());

const open = (by: Member, input: unknown) => openCase({ db: s.db, clock }, by, openCaseSchema.parse(input));
const tags = (by: Member, caseId: string, input: unknown) => setCaseTags({ db: s.db, clock }, by, caseId, caseTagsSchema.parse(input));

/** The refusal a call ends with. */
async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

/**
 * A search in no case, as one screened before cases were kept: stored completed with its first review (its hits
 * undecided), but not grouped.
 */
async function searchInNoCase(by: Member, term: string, results: SearchResults): Promise<string> {
  const [row] = await s.db
    .insert(schema.searches)
    .values({ userId: by.id, organisationId: by.organisationId, searchTerm: term, entityType: "person", status: "completed", results })
    .returning({ id: schema.searches.id });
  await s.db.transaction((tx) => writeFirstReviews({ tx, searches: [{ searchId: row.id, status: "completed", results }] }));
  return row.id;
}

const audited = async (caseId: string, action: string) =>
  s.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetId, caseId), eq(schema.auditLog.action, action)));

describe("opening a case by hand", () => {
  test("a new case of the subject: media priority, due on the media hours, on the timeline and in the audit log", async () => {
    clock.set(T0);
    const view = await open(analyst, { title: "Onboarding Anna Handmade", subject: { name: "Anna Handmade", entityType: "person", birthDate: "1980-02-03" } });
    expect(view).toMatchObject({
      title: "Onboarding Anna Handmade",
      status: "open",
      priority: "media",
      assignee: null,
      openedAt: T0.toISOString(),
      dueAt: new Date(T0.getTime() + 120 * HOUR).toISOString(),
      searches: [],
      tags: [],
    });
    expect(view.subject).toMatchObject({
      name: "Anna Handmade",
      entityType: "person",
      details: { birthDate: "1980-02-03" },
      key: "person | anna handmade | born 1980-02-03",
    });
    expect(view.timeline.map((e) => [e.kind, e.actorId])).toEqual([["opened", analyst.id]]);
    const [entry] = await audited(view.id, "case.opened");
    expect(entry.actorUserId).toBe(analyst.id);
    expect(entry.organisationId).toBe(owner.organisationId);
  });

  test("a second case for a subject with a case not closed is 409 naming it; another subject, or after closing, is fine", async () => {
    const first = await open(owner, { title: "Boris Twice", subject: { name: "Boris Twice", entityType: "person" } });
    const again = await refusal(() => open(analyst, { title: "Again", subject: { name: "  BORIS twice!", entityType: "person" } }));
    expect(again).toBeInstanceOf(CaseConflict);
    expect(again.status).toBe(409);
    expect((again as CaseConflict).caseId).toBe(first.id);
    expect(again.message).toContain(first.id);
    // Nothing was written by the refused request.
    expect((await s.db.select().from(schema.cases).where(eq(schema.cases.title, "Again"))).length).toBe(0);
    // Said more precisely, it is another subject; as a company, too.
    expect((await open(owner, { title: "Born", subject: { name: "Boris Twice", entityType: "person", nationality: "de" } })).subject.details).toEqual({
      nationality: "DE",
    });
    await open(owner, { title: "Company", subject: { name: "Boris Twice", entityType: "company" } });
    // Closed (it holds no hit), the subject may have a new case.
    await changeCaseStatus({ db: s.db, clock }, owner, first.id, { status: "closed", outcome: "false_positive" });
    const next = await open(owner, { title: "Boris Twice again", subject: { name: "Boris Twice", entityType: "person" } });
    expect(next.id).not.toBe(first.id);
  });

  test("a screening of the subject that needs review joins the case opened by hand, raising its priority", async () => {
    clock.set(T0);
    const made = await open(owner, { title: "Tip-off", subject: { name: "Dmitri Handcase", entityType: "person" } });
    clock.set(new Date(T0.getTime() + HOUR));
    const search = await finished(s.db, analyst, { term: "dmitri  HANDCASE", results: orlovResults() }, clock);
    expect(await caseOf(s.db, search)).toBe(made.id);
    const view = await caseView(s.db, made.id, clock);
    expect(view).toMatchObject({ priority: "sanctions", dueAt: new Date(T0.getTime() + 24 * HOUR).toISOString() });
    expect(view.timeline.map((e) => e.kind)).toEqual(["opened", "priority_raised", "search_added"]);
  });

  test("auto-assignment hands a case opened by hand to the member with the fewest open cases", async () => {
    const team = await member(s.db, "owner");
    const worker = await member(s.db, "analyst", team.organisationId);
    await changeCaseSettings(s.db, team, { autoAssign: true });
    const view = await open(team, { title: "Auto", subject: { name: "Auto Assigned Person", entityType: "person" } });
    expect(view.assignee?.id).toBe(worker.id);
    expect(view.timeline.map((e) => [e.kind, e.actorId])).toEqual([
      ["opened", team.id],
      ["assigned", null],
    ]);
  });

  test("an auditor opens nothing (403); an analyst who opened a case reads it while members' screenings are kept apart", async () => {
    expect((await refusal(() => open(auditor, { title: "No", subject: { name: "Auditor Subject", entityType: "person" } }))).status).toBe(403);
    const team = await member(s.db, "owner");
    const own = await member(s.db, "analyst", team.organisationId);
    await s.db.update(schema.organisations).set({ membersSeeTeam: false }).where(eq(schema.organisations.id, team.organisationId));
    const view = await open(own, { title: "Mine by hand", subject: { name: "Kept Apart", entityType: "person" } });
    expect((await listCases(s.db, own, { limit: 10 })).items.map((c) => c.id)).toEqual([view.id]);
  });

  test("the request is checked: a title and a name are required, the type is person or company, details as a search's", () => {
    expect(openCaseSchema.safeParse({ title: " ", subject: { name: "X", entityType: "person" } }).error?.issues[0].message).toBe("Title is required");
    expect(openCaseSchema.safeParse({ title: "T", subject: { name: "", entityType: "person" } }).error?.issues[0].message).toBe("Name is required");
    expect(openCaseSchema.safeParse({ title: "T", subject: { name: "X", entityType: "vessel" } }).error?.issues[0].message).toBe(
      "Entity type must be person or company",
    );
    expect(openCaseSchema.safeParse({ title: "T", subject: { name: "X", entityType: "person", birthDate: "1980-13-40" } }).success).toBe(false);
    expect(openCaseSchema.safeParse({ title: "T", subject: { name: "X", entityType: "person", colour: "red" } }).error?.issues[0].message).toBe(
      "Unknown field in subject: colour",
    );
  });
});

describe("putting searches into a case", () => {
  test("the organisation's search joins, by whom on the timeline and in the audit log; a worse open hit raises the priority", async () => {
    clock.set(T0);
    const made = await open(owner, { title: "Collect", subject: { name: "Collect Person", entityType: "person" } });
    const clean = await searchInNoCase(analyst, "Collect Person", checkResults());
    clock.set(new Date(T0.getTime() + 2 * HOUR));
    const withClean = await addCaseSearch({ db: s.db, clock }, analyst, made.id, clean);
    expect(withClean.searches.map((x) => x.id)).toEqual([clean]);
    expect(withClean.priority).toBe("media");
    expect(withClean.version).toBe(made.version + 1);
    const added = withClean.timeline.at(-1)!;
    expect(added).toMatchObject({ kind: "search_added", actorId: analyst.id, details: { searchId: clean, byHand: true, hits: 0 } });
    expect((await audited(made.id, "case.search_added"))[0].actorUserId).toBe(analyst.id);

    const flagged = await searchInNoCase(analyst, "Collect Person", orlovResults());
    clock.set(new Date(T0.getTime() + 3 * HOUR));
    const raised = await addCaseSearch({ db: s.db, clock }, analyst, made.id, flagged);
    expect(raised).toMatchObject({ priority: "sanctions", dueAt: new Date(T0.getTime() + 24 * HOUR).toISOString(), openHits: 1, searchCount: 2 });
    expect(raised.timeline.slice(-2).map((e) => [e.kind, e.actorId])).toEqual([
      ["priority_raised", analyst.id],
      ["search_added", analyst.id],
    ]);
    // Asked again, the search is already there: nothing changes.
    const again = await addCaseSearch({ db: s.db, clock }, analyst, made.id, flagged);
    expect(again.version).toBe(raised.version);
    expect(again.timeline.length).toBe(raised.timeline.length);
  });

  test("another organisation's search is 404, one in another case 409 naming it, a closed case 409, an auditor 403", async () => {
    const made = await open(owner, { title: "Strict", subject: { name: "Strict Person", entityType: "person" } });
    const outsider = await member(s.db, "owner");
    const theirs = await searchInNoCase(outsider, "Strict Person", checkResults());
    expect((await refusal(() => addCaseSearch({ db: s.db, clock }, owner, made.id, theirs))).status).toBe(404);
    expect((await refusal(() => addCaseSearch({ db: s.db, clock }, owner, made.id, "not-an-id"))).status).toBe(404);
    expect((await refusal(() => addCaseSearch({ db: s.db, clock }, outsider, made.id, theirs))).status).toBe(404);

    const grouped = await finished(s.db, analyst, { term: "Elsewhere Grouped", results: orlovResults() }, clock);
    const elsewhere = (await caseOf(s.db, grouped))!;
    const conflict = await refusal(() => addCaseSearch({ db: s.db, clock }, owner, made.id, grouped));
    expect(conflict.status).toBe(409);
    expect((conflict as CaseConflict).caseId).toBe(elsewhere);
    expect(await caseOf(s.db, grouped)).toBe(elsewhere);

    const search = await searchInNoCase(analyst, "Strict Person", checkResults());
    expect((await refusal(() => addCaseSearch({ db: s.db, clock }, auditor, made.id, search))).status).toBe(403);
    await changeCaseStatus({ db: s.db, clock }, owner, made.id, { status: "closed", outcome: "false_positive" });
    const closed = await refusal(() => addCaseSearch({ db: s.db, clock }, owner, made.id, search));
    expect([closed.status, closed.message]).toEqual([409, "A closed case takes no new search: reopen it first, with a reason"]);
    expect(await caseOf(s.db, search)).toBeNull();
  });
});

describe("tags and the list's tag and age filters", () => {
  test("tags are trimmed, lower case and kept once; set on the timeline and audit log; an older version is 409", async () => {
    const made = await open(owner, { title: "Tagged", subject: { name: "Tagged Person", entityType: "person" } });
    const tagged = await tags(analyst, made.id, { tags: ["  PEP ", "pep", "Onboarding 2026"], version: made.version });
    expect(tagged.tags).toEqual(["pep", "onboarding 2026"]);
    expect(tagged.timeline.at(-1)).toMatchObject({
      kind: "tags_changed",
      actorId: analyst.id,
      details: { before: { tags: [] }, after: { tags: ["pep", "onboarding 2026"] }, added: ["pep", "onboarding 2026"], removed: [] },
    });
    expect((await audited(made.id, "case.tags_changed")).length).toBe(1);
    const stale = await refusal(() => tags(owner, made.id, { tags: ["other"], version: made.version }));
    expect(stale.status).toBe(409);
    // The same tags again: nothing to record.
    expect((await tags(owner, made.id, { tags: ["PEP", "onboarding 2026"] })).version).toBe(tagged.version);
    expect((await refusal(() => tags(auditor, made.id, { tags: [] }))).status).toBe(403);
    const cleared = await tags(owner, made.id, { tags: [] });
    expect(cleared.tags).toEqual([]);
  });

  test("tags are checked: 1 to 40 characters, no comma, at most 20", () => {
    expect(caseTagsSchema.safeParse({ tags: [" "] }).success).toBe(false);
    expect(caseTagsSchema.safeParse({ tags: ["a,b"] }).success).toBe(false);
    expect(caseTagsSchema.safeParse({ tags: ["x".repeat(41)] }).success).toBe(false);
    expect(caseTagsSchema.safeParse({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }).error?.issues[0].message).toBe("At most 20 tags");
    expect(caseTagsSchema.parse({ tags: Array.from({ length: 25 }, (_, i) => `t${i % 20}`) }).tags.length).toBe(20);
    expect(caseTagsSchema.parse({ tags: ["Prüfung", "ÉTÉ"] }).tags).toEqual(["prüfung", "été"]);
  });

  test("tag= lists the cases carrying every tag given; olderThan= those first opened more than that many days ago", async () => {
    const team = await member(s.db, "owner");
    clock.set(T0);
    const old = await open(team, { title: "Old", subject: { name: "Old Tagged", entityType: "person" } });
    await s.db
      .update(schema.cases)
      .set({ createdAt: new Date(T0.getTime() - 10 * DAY) })
      .where(eq(schema.cases.id, old.id));
    const fresh = await open(team, { title: "Fresh", subject: { name: "Fresh Tagged", entityType: "person" } });
    await tags(team, old.id, { tags: ["pep", "urgent"] });
    await tags(team, fresh.id, { tags: ["pep"] });
    const ids = async (filter: Record<string, unknown>) => (await listCases(s.db, team, { limit: 50, ...filter }, clock)).items.map((c) => c.title);
    expect(await ids({ tag: ["pep"] })).toEqual(["Fresh", "Old"]);
    expect(await ids({ tag: ["pep", "urgent"] })).toEqual(["Old"]);
    expect(await ids({ tag: ["nothing"] })).toEqual([]);
    expect(await ids({ olderThan: 7 })).toEqual(["Old"]);
    expect(await ids({ olderThan: 11 })).toEqual([]);
    expect((await listCases(s.db, team, { limit: 50, tag: ["pep"], olderThan: 7 }, clock)).total).toBe(1);
  });
});
