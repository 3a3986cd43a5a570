import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { listCases } from "../../lib/cases/list.ts";
import { changeCaseSettings } from "../../lib/cases/settings.ts";
import { changeCaseStatus } from "../../lib/cases/status.ts";
import { caseView } from "../../lib/cases/views.ts";
import { manualClock } from "../../lib/clock.ts";
import { decideHit } from "../../lib/review/decisions.ts";
import { caseOf, finished, finishedTogether, type Member, member, orlovResults } from "../fixtures/cases.ts";
import { checkResults } from "../fixtures/monitoring.ts";
import { openScreeningDb, type ScreeningDb } from "../fixtures/screening.ts";

/**
 * Grouping searches into cases on a real database: one case per subject and organisation, priority from the worst
 * open hit, due dates counted from opening with the organisation's hours on an injected clock, and a closed case
 * reopened by a new hit (not by a monitoring check's hit decided before, nor by a hit a remembered clearance covers).
 */
let s: ScreeningDb;
let owner: Member;
let analyst: Member;
const T0 = new Date("2026-06-01T08:00:00.000Z");
const HOUR = 3_600_000;
const clock = manualClock(T0);

beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
  owner = await member(s.db, "owner");
  analyst = await member(s.db, "analyst", owner.organisationId);
});
afterAll(() => s.close());

const caseRow = async (id: string) => (await s.db.select().from(schema.cases).where(eq(schema.cases.id, id)))[0];

describe("a case per subject", () => {
  test("a subject's searches share a case whatever the spelling; another subject or organisation has its own", async () => {
    clock.set(T0);
    const first = await finished(s.db, analyst, { term: "Aleksei Grouping", results: orlovResults() }, clock);
    const again = await finished(s.db, owner, { term: "  ALEKSEI grouping!", results: orlovResults() }, clock);
    const born = await finished(s.db, analyst, { term: "Aleksei Grouping", results: orlovResults(), details: { birthDate: "1961-04-03" } }, clock);
    const outsider = await member(s.db, "owner");
    const theirs = await finished(s.db, outsider, { term: "Aleksei Grouping", results: orlovResults() }, clock);
    const kase = await caseOf(s.db, first);
    expect(kase).toEqual(expect.any(String));
    expect(await caseOf(s.db, again)).toBe(kase);
    expect(await caseOf(s.db, born)).not.toBe(kase);
    expect(await caseOf(s.db, theirs)).not.toBe(kase);
    expect((await caseRow(kase!)).organisationId).toBe(owner.organisationId);
    expect((await caseRow((await caseOf(s.db, theirs))!)).organisationId).toBe(outsider.organisationId);
  });

  test("a search with nothing to review has no case: no hits, or only hits a remembered clearance covers", async () => {
    const none = await finished(s.db, analyst, { term: "Nobody Atall", results: checkResults() }, clock);
    const cleared = orlovResults();
    cleared.sanctionsList[0].hits[0].clearance = { clearanceId: "c1", decidedAt: T0.toISOString(), decidedBy: null, reason: "common_name" };
    const covered = await finished(s.db, analyst, { term: "Cleared Before", results: cleared }, clock);
    expect(await caseOf(s.db, none)).toBeNull();
    expect(await caseOf(s.db, covered)).toBeNull();
  });

  test("searches finished together (a batch chunk's rows) join their subjects' cases, each search on the timeline", async () => {
    const ids = await finishedTogether(
      s.db,
      analyst,
      [
        { term: "Chunk Person", results: orlovResults() },
        { term: "Other Chunk Person", results: orlovResults() },
        { term: "chunk  person", results: orlovResults() },
        { term: "Clean Chunk Person", results: checkResults() },
      ],
      clock,
    );
    const cases = await Promise.all(ids.map((id) => caseOf(s.db, id)));
    expect(cases[0]).toEqual(expect.any(String));
    expect(cases[2]).toBe(cases[0]);
    expect(cases[1]).not.toBe(cases[0]);
    expect(cases[3]).toBeNull();
    const view = await caseView(s.db, cases[0]!, clock);
    expect(view.searches.map((x) => x.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(view.timeline.map((e) => e.kind)).toEqual(["opened", "search_added", "search_added"]);
  });

  test("an analyst reads the team's cases while members see each other's screenings, else only their own", async () => {
    const team = await member(s.db, "owner");
    const mine = await member(s.db, "analyst", team.organisationId);
    const colleague = await member(s.db, "analyst", team.organisationId);
    const theirs = (await caseOf(s.db, await finished(s.db, colleague, { term: "Colleague Subject", results: orlovResults() }, clock)))!;
    const own = (await caseOf(s.db, await finished(s.db, mine, { term: "Own Subject", results: orlovResults() }, clock)))!;
    const read = async () => (await listCases(s.db, mine, { limit: 50 })).items.map((c) => c.id).sort();
    expect(await read()).toEqual([theirs, own].sort());
    await s.db.update(schema.organisations).set({ membersSeeTeam: false }).where(eq(schema.organisations.id, team.organisationId));
    expect(await read()).toEqual([own]);
    // The owner reads every case of the team whatever the setting.
    expect((await listCases(s.db, team, { limit: 50 })).items.map((c) => c.id).sort()).toEqual([theirs, own].sort());
  });

  test("two searches of a new subject finishing at once end in one case", async () => {
    const ids = await Promise.all([
      finished(s.db, analyst, { term: "Twin Subject", results: orlovResults() }, clock),
      finished(s.db, owner, { term: "Twin Subject", results: orlovResults() }, clock),
    ]);
    const cases = await Promise.all(ids.map((id) => caseOf(s.db, id)));
    expect(cases[0]).toEqual(expect.any(String));
    expect(cases[1]).toBe(cases[0]);
    expect((await s.db.select().from(schema.cases).where(eq(schema.cases.subjectName, "Twin Subject"))).length).toBe(1);
  });
});

describe("priority and due dates", () => {
  test("priority is the worst open hit; a worse hit joining raises it and brings the due date forward", async () => {
    clock.set(T0);
    const media = checkResults({ media: [{ title: "Priority Person charged with fraud" }] });
    const first = await finished(s.db, analyst, { term: "Priority Person", results: media }, clock);
    const id = (await caseOf(s.db, first))!;
    expect(await caseRow(id)).toMatchObject({ priority: "media", openedAt: T0, dueAt: new Date(T0.getTime() + 120 * HOUR) });

    clock.set(new Date(T0.getTime() + HOUR));
    const pep = checkResults({ peps: [{ name: "Priority Person", url: "https://peps.example/1" }] });
    await finished(s.db, analyst, { term: "Priority Person", results: pep }, clock);
    expect(await caseRow(id)).toMatchObject({ priority: "pep", dueAt: new Date(T0.getTime() + 72 * HOUR) });

    await finished(s.db, analyst, { term: "Priority Person", results: orlovResults() }, clock);
    expect(await caseRow(id)).toMatchObject({ priority: "sanctions", openedAt: T0, dueAt: new Date(T0.getTime() + 24 * HOUR) });

    // A milder hit later changes nothing.
    await finished(s.db, analyst, { term: "Priority Person", results: media }, clock);
    expect((await caseRow(id)).priority).toBe("sanctions");
    const timeline = (await caseView(s.db, id, clock)).timeline.map((e) => e.kind);
    expect(timeline.filter((k) => k === "priority_raised")).toHaveLength(2);
    expect(timeline.filter((k) => k === "search_added")).toHaveLength(4);
  });

  test("due dates follow the organisation's hours; overdue follows the clock", async () => {
    const team = await member(s.db, "owner");
    await changeCaseSettings(s.db, team, { dueHours: { pep: 10 } });
    clock.set(T0);
    const pep = checkResults({ peps: [{ name: "Due Person", url: "https://peps.example/2" }] });
    const id = (await caseOf(s.db, await finished(s.db, team, { term: "Due Person", results: pep }, clock)))!;
    expect((await caseRow(id)).dueAt).toEqual(new Date(T0.getTime() + 10 * HOUR));

    const overdue = async (at: number) =>
      (await listCases(s.db, team, { limit: 50, overdue: "true" }, manualClock(new Date(T0.getTime() + at * HOUR)))).items.map((c) => c.id);
    expect(await overdue(9)).toEqual([]);
    expect(await overdue(11)).toEqual([id]);
    const view = await caseView(s.db, id, manualClock(new Date(T0.getTime() + 11 * HOUR)));
    expect(view.overdue).toBe(true);
  });
});

describe("reopening", () => {
  async function closedCase(term: string) {
    clock.set(T0);
    const search = await finished(s.db, analyst, { term, results: orlovResults("v1") }, clock);
    await decideHit({ db: s.db }, analyst, search, { hitId: "s:8101", decision: "true_match", reason: "confirmed_identity" });
    const id = (await caseOf(s.db, search))!;
    await changeCaseStatus({ db: s.db, clock }, analyst, id, { status: "closed", outcome: "true_match" });
    return id;
  }

  test("a new hit for a closed case's subject reopens it, noting why, due again from now", async () => {
    const id = await closedCase("Reopen Person");
    clock.set(new Date(T0.getTime() + 48 * HOUR));
    const search = await finished(s.db, owner, { term: "Reopen Person", results: orlovResults("v1") }, clock);
    expect(await caseOf(s.db, search)).toBe(id);
    const view = await caseView(s.db, id, clock);
    expect(view).toMatchObject({ status: "open", outcome: null, closedAt: null, openedAt: clock.now().toISOString() });
    expect(view.dueAt).toBe(new Date(T0.getTime() + 72 * HOUR).toISOString());
    const reopened = view.timeline.find((e) => e.kind === "reopened")!;
    expect(reopened.details.reason).toBe("New hit for the subject: ORLOV, Dmitri Pavlovich");
    expect(reopened.actor).toBeNull();
  });

  test("a monitoring check's hit decided before in the case joins without reopening it; a changed listing reopens it", async () => {
    const id = await closedCase("Monitored Person");
    const check = await finished(s.db, analyst, { term: "Monitored Person", results: orlovResults("v1"), isAutomated: true }, clock);
    expect(await caseOf(s.db, check)).toBe(id);
    expect((await caseRow(id)).status).toBe("closed");
    const changed = await finished(s.db, analyst, { term: "Monitored Person", results: orlovResults("v2"), isAutomated: true }, clock);
    expect(await caseOf(s.db, changed)).toBe(id);
    expect((await caseRow(id)).status).toBe("open");
  });

  test("a hit a remembered clearance covers does not reopen the case", async () => {
    const id = await closedCase("Cleared Person");
    const cleared = orlovResults("v1");
    cleared.sanctionsList[0].hits[0].clearance = { clearanceId: "c2", decidedAt: T0.toISOString(), decidedBy: null, reason: "common_name" };
    const search = await finished(s.db, analyst, { term: "Cleared Person", results: cleared }, clock);
    expect(await caseOf(s.db, search)).toBeNull();
    expect((await caseRow(id)).status).toBe("closed");
  });
});
