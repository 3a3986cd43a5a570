import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { openCaseSchema } from "../../lib/cases/contract.ts";
import { listCases } from "../../lib/cases/list.ts";
import { openCase } from "../../lib/cases/manual.ts";
import { manualClock } from "../../lib/clock.ts";
import { decodeCursor } from "../../lib/paging.ts";
import { type Member, member } from "../fixtures/cases.ts";
import { openScreeningDb, type ScreeningDb } from "../fixtures/screening.ts";

/**
 * The case list's order on a real database: every list newest first, the Overdue view by how late a case is (the
 * earliest due date first, the id breaking ties), paged on that order with a cursor that neither repeats nor skips a
 * case, and a case falling due while the list is read joining at its end.
 */
let s: ScreeningDb;
let owner: Member;
const T0 = new Date("2026-06-01T08:00:00.000Z");
const HOUR = 3_600_000;
const clock = manualClock(T0);

beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
  owner = await member(s.db, "owner");
});
afterAll(() => s.close());

/** A case opened at `openedHour` (hours after T0) and due at `dueHour`, with the given status. */
async function caseAt(title: string, openedHour: number, dueHour: number, status: "open" | "investigating" | "closed" = "open") {
  clock.set(new Date(T0.getTime() + openedHour * HOUR));
  const view = await openCase({ db: s.db, clock }, owner, openCaseSchema.parse({ title, subject: { name: title, entityType: "person" } }));
  await s.db
    .update(schema.cases)
    .set({ dueAt: new Date(T0.getTime() + dueHour * HOUR), status, outcome: status === "closed" ? "false_positive" : null })
    .where(eq(schema.cases.id, view.id));
  return view.id;
}

/** Every page of the list, `limit` cases a page, following each page's cursor. */
async function allPages(filter: Record<string, unknown>, limit: number, at: Date) {
  const pages: string[][] = [];
  let cursor: string | null | undefined;
  let total = 0;
  do {
    const page = await listCases(s.db, owner, { limit, cursor: cursor ? decodeCursor(cursor) : undefined, ...filter }, manualClock(at));
    pages.push(page.items.map((c) => c.title));
    total = page.total;
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return { pages, total };
}

describe("the case list's order", () => {
  test("Overdue: the earliest due date first, ties by id, paged without repeats or gaps; other lists newest first", async () => {
    // Opened in one order, due in another: the last opened is the latest.
    await caseAt("Late", 1, 30);
    const tieA = await caseAt("Tie A", 2, 20);
    const tieB = await caseAt("Tie B", 3, 20);
    await caseAt("Latest", 4, 10, "investigating");
    await caseAt("Not due yet", 5, 500);
    await caseAt("Closed late", 6, 5, "closed");
    const now = new Date(T0.getTime() + 100 * HOUR);
    const ties = [
      ["Tie A", tieA],
      ["Tie B", tieB],
    ]
      .sort(([, a], [, b]) => (a < b ? -1 : 1))
      .map(([title]) => title);

    const overdue = await allPages({ overdue: "true" }, 2, now);
    expect(overdue.total).toBe(4);
    expect(overdue.pages).toEqual([
      ["Latest", ties[0]],
      [ties[1], "Late"],
    ]);
    // One case a page: each page starts right after the one before, ties included.
    expect((await allPages({ overdue: "true" }, 1, now)).pages.flat()).toEqual(["Latest", ...ties, "Late"]);
    // Combined with another filter, the order stays the Overdue view's.
    expect((await allPages({ overdue: "true", status: "open" }, 1, now)).pages.flat()).toEqual([...ties, "Late"]);

    // Every other list: newest first, as before.
    const team = await allPages({}, 4, now);
    expect(team.pages.flat()).toEqual(["Closed late", "Not due yet", "Latest", "Tie B", "Tie A", "Late"]);
    expect(team.total).toBe(6);
  });

  test("a case falling due while the Overdue list is read joins at its end, after the cases already shown", async () => {
    const other = await member(s.db, "owner");
    const open = async (title: string, dueHour: number) => {
      const view = await openCase({ db: s.db, clock }, other, openCaseSchema.parse({ title, subject: { name: `${title} later`, entityType: "person" } }));
      await s.db
        .update(schema.cases)
        .set({ dueAt: new Date(T0.getTime() + dueHour * HOUR) })
        .where(eq(schema.cases.id, view.id));
    };
    clock.set(T0);
    await open("First due", 10);
    await open("Second due", 20);
    await open("Falls due", 60);
    const first = await listCases(s.db, other, { limit: 1, overdue: "true" }, manualClock(new Date(T0.getTime() + 50 * HOUR)));
    expect(first.items.map((c) => c.title)).toEqual(["First due"]);
    const rest = await listCases(
      s.db,
      other,
      { limit: 10, overdue: "true", cursor: decodeCursor(first.nextCursor!) },
      manualClock(new Date(T0.getTime() + 70 * HOUR)),
    );
    expect(rest.items.map((c) => c.title)).toEqual(["Second due", "Falls due"]);
    expect(rest.total).toBe(3);
  });
});
