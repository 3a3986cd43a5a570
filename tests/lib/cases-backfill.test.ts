import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { backfillCases } from "../../lib/cases/backfill.ts";
import { changeCaseSettings } from "../../lib/cases/settings.ts";
import { caseView } from "../../lib/cases/views.ts";
import { manualClock } from "../../lib/clock.ts";
import { caseOf, finished, type Member, member, orlovResults } from "../fixtures/cases.ts";
import { checkResults } from "../fixtures/monitoring.ts";
import { openScreeningDb, type ScreeningDb } from "../fixtures/screening.ts";

/**
 * Searches screened before cases existed, on a real database: those whose review is still open get a case at start-up,
 * grouped as a search finishing now is (by subject, into the organisation's case of the subject), in batches; a
 * second run changes nothing. Made here as such searches are: screened, then their case rows removed.
 */
let s: ScreeningDb;
let owner: Member;
let analyst: Member;
const T0 = new Date("2026-06-01T08:00:00.000Z");
const clock = manualClock(T0);

beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
  owner = await member(s.db, "owner");
  analyst = await member(s.db, "analyst", owner.organisationId);
});
afterAll(() => s.close());

/** Searches as they were before cases: their case, its events and their places in it gone. */
async function beforeCases(searchIds: string[]) {
  const joined = await s.db.select({ caseId: schema.caseSearches.caseId }).from(schema.caseSearches).where(inArray(schema.caseSearches.searchId, searchIds));
  const caseIds = [...new Set(joined.map((x) => x.caseId))];
  if (caseIds.length > 0) await s.db.delete(schema.cases).where(inArray(schema.cases.id, caseIds));
  for (const id of searchIds) expect(await caseOf(s.db, id)).toBeNull();
}

const counts = async () => ({
  cases: await s.db.$count(schema.cases),
  joined: await s.db.$count(schema.caseSearches),
  events: await s.db.$count(schema.caseEvents),
});

describe("searches screened before cases", () => {
  test("each open one joins its subject's case, grouped as new ones are; a second run changes nothing", async () => {
    const a1 = await finished(s.db, analyst, { term: "Backfill Person", results: orlovResults() }, clock);
    const a2 = await finished(s.db, owner, { term: "  BACKFILL person!", results: orlovResults() }, clock);
    const born = await finished(s.db, analyst, { term: "Backfill Person", results: orlovResults(), details: { birthDate: "1961-04-03" } }, clock);
    const other = await finished(s.db, analyst, { term: "Backfill Company", results: checkResults({ media: [{ title: "Backfill Company fined" }] }) }, clock);
    const outsider = await member(s.db, "owner");
    const theirs = await finished(s.db, outsider, { term: "Backfill Person", results: orlovResults() }, clock);
    // A search with nothing to review, and one whose review is done (cleared), get no case.
    const clean = await finished(s.db, analyst, { term: "Backfill Nobody", results: checkResults() }, clock);
    const done = await finished(s.db, analyst, { term: "Backfill Done", results: orlovResults() }, clock);
    await s.db.update(schema.searches).set({ reviewStatus: "cleared", openHits: 0 }).where(eq(schema.searches.id, done));
    // A second opinion asked for before cases: escalated, it is open too.
    await s.db.update(schema.searches).set({ reviewStatus: "escalated", escalatedAt: T0 }).where(eq(schema.searches.id, other));
    // A search its owner deleted is no longer the team's to review.
    const hidden = await finished(s.db, analyst, { term: "Backfill Hidden", results: orlovResults() }, clock);
    await s.db.update(schema.searches).set({ hiddenAt: T0 }).where(eq(schema.searches.id, hidden));
    await beforeCases([a1, a2, born, other, theirs, clean, done, hidden]);

    const later = new Date(T0.getTime() + 86_400_000);
    clock.set(later);
    const before = await counts();
    // Batches of two: the walk goes on until every open search was seen.
    expect(await backfillCases(s.db, { clock, batchSize: 2 })).toBe(5);

    const person = (await caseOf(s.db, a1))!;
    expect(person).toEqual(expect.any(String));
    expect(await caseOf(s.db, a2)).toBe(person);
    const bornCase = await caseOf(s.db, born);
    expect(bornCase).toEqual(expect.any(String));
    expect(bornCase).not.toBe(person);
    const company = await caseOf(s.db, other);
    expect(company).toEqual(expect.any(String));
    expect([person, bornCase]).not.toContain(company);
    const theirCase = await caseOf(s.db, theirs);
    expect(theirCase).toEqual(expect.any(String));
    expect(theirCase).not.toBe(person);
    for (const id of [clean, done, hidden]) expect(await caseOf(s.db, id)).toBeNull();

    // Opened now, as the grouping opens a case, with the priority of its worst hit and the organisation's hours.
    const view = await caseView(s.db, person, clock);
    expect(view).toMatchObject({
      status: "open",
      priority: "sanctions",
      openedAt: later.toISOString(),
      dueAt: new Date(later.getTime() + 24 * 3_600_000).toISOString(),
    });
    expect(view.searches.map((x) => x.id).sort()).toEqual([a1, a2].sort());
    expect(view.timeline.map((e) => e.kind)).toEqual(["opened", "search_added", "search_added"]);
    expect((await caseView(s.db, company!, clock)).priority).toBe("media");
    const after = await counts();
    expect(after.cases - before.cases).toBe(4);

    // Again: nothing left to group, nothing written.
    expect(await backfillCases(s.db, { clock, batchSize: 2 })).toBe(0);
    expect(await counts()).toEqual(after);
  });

  test("a search of a subject whose case is open joins it; the organisation's auto-assignment applies to a new one", async () => {
    const team = await member(s.db, "owner");
    const worker = await member(s.db, "analyst", team.organisationId);
    await changeCaseSettings(s.db, team, { autoAssign: true });
    const old = await finished(s.db, worker, { term: "Older Subject", results: orlovResults() }, clock);
    const lone = await finished(s.db, worker, { term: "Lone Subject", results: orlovResults() }, clock);
    await beforeCases([old, lone]);
    // Screened again since cases exist: the subject's case is open.
    const recent = await finished(s.db, worker, { term: "Older Subject", results: orlovResults() }, clock);
    const open = (await caseOf(s.db, recent))!;

    expect(await backfillCases(s.db, { clock })).toBe(2);
    expect(await caseOf(s.db, old)).toBe(open);
    const view = await caseView(s.db, open, clock);
    expect(view.searches.map((x) => x.id).sort()).toEqual([old, recent].sort());
    const loneCase = await caseView(s.db, (await caseOf(s.db, lone))!, clock);
    expect(loneCase.assignee?.id).toBe(worker.id);
    expect(await backfillCases(s.db, { clock })).toBe(0);
  });
});
