import { afterAll, beforeAll, expect, test } from "bun:test";
import { and, eq, inArray, ne } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { verifyAuditChain } from "../../lib/audit/chain.ts";
import { assignCase } from "../../lib/cases/assign.ts";
import { changeCaseSettings, setAvailability } from "../../lib/cases/settings.ts";
import { changeCaseStatus } from "../../lib/cases/status.ts";
import { caseView } from "../../lib/cases/views.ts";
import { manualClock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { caseOf, finished, finishedTogether, type Member, member, orlovResults } from "../fixtures/cases.ts";
import { openScreeningDb, type ScreeningDb } from "../fixtures/screening.ts";

/**
 * Auto-assignment on a real database: a new case goes to the available analyst or reviewer with the fewest open
 * cases, never past the per-member cap, never to someone away; and two members assigning one case at once.
 */
let s: ScreeningDb;
let owner: Member;
let first: Member;
let second: Member;
let reviewer: Member;
let auditor: Member;
const clock = manualClock("2026-06-01T08:00:00.000Z");
let subjects = 0;

beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
  owner = await member(s.db, "owner");
  first = await member(s.db, "analyst", owner.organisationId);
  second = await member(s.db, "analyst", owner.organisationId);
  reviewer = await member(s.db, "reviewer", owner.organisationId);
  auditor = await member(s.db, "auditor", owner.organisationId);
});
afterAll(() => s.close());

/** A new case (a new subject's search needing review); answers its id. */
async function newCase(by: Member = owner): Promise<string> {
  subjects += 1;
  return (await caseOf(s.db, await finished(s.db, by, { term: `Subject Number${"x".repeat(subjects)}`, results: orlovResults() }, clock)))!;
}

const k = schema.cases;
async function load(): Promise<Record<string, number>> {
  const rows = await s.db
    .select({ assigneeId: k.assigneeId })
    .from(k)
    .where(and(eq(k.organisationId, owner.organisationId), ne(k.status, "closed")));
  const counts: Record<string, number> = {};
  for (const { assigneeId } of rows) counts[assigneeId ?? "nobody"] = (counts[assigneeId ?? "nobody"] ?? 0) + 1;
  return counts;
}

test("off by default: new cases stay unassigned", async () => {
  const id = await newCase();
  expect((await s.db.select().from(k).where(eq(k.id, id)))[0].assigneeId).toBeNull();
  await s.db.delete(k).where(eq(k.id, id));
});

test("new cases go round the analysts and reviewers, the fewest open cases first, never to owners or auditors", async () => {
  await changeCaseSettings(s.db, owner, { autoAssign: true });
  const ids = [];
  for (let i = 0; i < 6; i++) ids.push(await newCase());
  expect(await load()).toEqual({ [first.id]: 2, [second.id]: 2, [reviewer.id]: 2 });
  // Earliest member first among equals: the first three cases went to the three in the order they joined.
  const assignees = await s.db
    .select({ id: k.id, assigneeId: k.assigneeId })
    .from(k)
    .where(inArray(k.id, ids.slice(0, 3)));
  expect(ids.slice(0, 3).map((id) => assignees.find((a) => a.id === id)!.assigneeId)).toEqual([first.id, second.id, reviewer.id]);
  expect(auditor.id).toBeDefined();
});

test("a closed case frees its assignee's place; a member away is passed over", async () => {
  // One of the second analyst's cases is closed: they hold the fewest open cases now.
  const [theirs] = await s.db
    .select()
    .from(k)
    .where(and(eq(k.assigneeId, second.id), eq(k.organisationId, owner.organisationId)));
  await s.db.update(k).set({ status: "closed", outcome: "false_positive", closedAt: clock.now() }).where(eq(k.id, theirs.id));
  const next = await newCase();
  expect((await s.db.select().from(k).where(eq(k.id, next)))[0].assigneeId).toBe(second.id);

  await setAvailability(s.db, first, true);
  const counts = await load();
  expect(counts).toEqual({ [first.id]: 2, [second.id]: 2, [reviewer.id]: 2 });
  const a = await newCase();
  const b = await newCase();
  const given = (
    await s.db
      .select()
      .from(k)
      .where(inArray(k.id, [a, b]))
  )
    .map((x) => x.assigneeId)
    .sort();
  expect(given).toEqual([second.id, reviewer.id].sort());
  // Away: their open cases stay theirs.
  expect((await load())[first.id]).toBe(2);
  await setAvailability(s.db, first, false);
});

test("the per-member cap: once everyone holds it, a new case stays unassigned", async () => {
  await changeCaseSettings(s.db, owner, { perMemberCap: 3 });
  // first 2, second 3, reviewer 3: the first analyst takes one more, then nobody.
  const a = await newCase();
  expect((await s.db.select().from(k).where(eq(k.id, a)))[0].assigneeId).toBe(first.id);
  const b = await newCase();
  expect((await s.db.select().from(k).where(eq(k.id, b)))[0].assigneeId).toBeNull();
  expect(await load()).toEqual({ [first.id]: 3, [second.id]: 3, [reviewer.id]: 3, nobody: 1 });
  await changeCaseSettings(s.db, owner, { autoAssign: false, perMemberCap: null });
});

test("two members assigning the same case at once: one wins, the other gets 409", async () => {
  const id = await newCase();
  const [{ version }] = await s.db.select({ version: k.version }).from(k).where(eq(k.id, id));
  const answers = await Promise.allSettled([
    assignCase({ db: s.db, clock }, first, id, { assignee: "me", version }),
    assignCase({ db: s.db, clock }, second, id, { assignee: "me", version }),
  ]);
  const won = answers.filter((a) => a.status === "fulfilled");
  const lost = answers.filter((a): a is PromiseRejectedResult => a.status === "rejected");
  expect(won).toHaveLength(1);
  expect(lost).toHaveLength(1);
  expect(lost[0].reason).toBeInstanceOf(AppError);
  expect((lost[0].reason as AppError).status).toBe(409);
});

test("two members closing the same case at once (without a version): one wins, the other gets 409", async () => {
  const id = await newCase();
  const answers = await Promise.allSettled([
    changeCaseStatus({ db: s.db, clock }, first, id, { status: "investigating" }),
    changeCaseStatus({ db: s.db, clock }, second, id, { status: "investigating" }),
  ]);
  expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
  const lost = answers.find((a): a is PromiseRejectedResult => a.status === "rejected")!;
  expect((lost.reason as AppError).status).toBe(409);
});

test("cases opened at once are handed out one after the other: the cap holds", async () => {
  const lead = await member(s.db, "owner");
  const one = await member(s.db, "analyst", lead.organisationId);
  const two = await member(s.db, "reviewer", lead.organisationId);
  await changeCaseSettings(s.db, lead, { autoAssign: true, perMemberCap: 1 });
  const ids = await Promise.all(
    ["Rush Alpha", "Rush Bravo", "Rush Charlie", "Rush Delta"].map(async (term) =>
      caseOf(s.db, await finished(s.db, lead, { term, results: orlovResults() }, clock)),
    ),
  );
  const rows = await s.db
    .select({ assigneeId: k.assigneeId })
    .from(k)
    .where(inArray(k.id, ids as string[]));
  expect(rows.map((r) => r.assigneeId ?? "nobody").sort()).toEqual([one.id, two.id, "nobody", "nobody"].sort());
});

test("a write's new cases are handed out together as one at a time would be: fewest first, the cap, each entry once", async () => {
  const lead = await member(s.db, "owner");
  const analyst = await member(s.db, "analyst", lead.organisationId);
  const checker = await member(s.db, "reviewer", lead.organisationId);
  const away = await member(s.db, "analyst", lead.organisationId);
  await setAvailability(s.db, away, true);
  await changeCaseSettings(s.db, lead, { autoAssign: true, perMemberCap: 3 });
  // The analyst holds one case already: the reviewer has the fewest.
  const earlier = await caseOf(s.db, await finished(s.db, lead, { term: "Write Earlier", results: orlovResults() }, clock));
  expect((await s.db.select().from(k).where(eq(k.id, earlier!)))[0].assigneeId).toBe(analyst.id);

  // One write of six new subjects (a batch's rows), handed out in the subjects' order.
  const terms = ["Write Alpha", "Write Bravo", "Write Charlie", "Write Delta", "Write Echo", "Write Foxtrot"];
  const searchIds = await finishedTogether(
    s.db,
    lead,
    terms.map((term) => ({ term, results: orlovResults() })),
    clock,
  );
  const ids = (await Promise.all(searchIds.map((id) => caseOf(s.db, id)))) as string[];
  const rows = await s.db.select().from(k).where(inArray(k.id, ids));
  const assignee = (id: string) => rows.find((r) => r.id === id)!.assigneeId;
  // Reviewer 0 -> 1; tie at 1, the analyst joined first -> 2; reviewer -> 2; analyst -> 3; reviewer -> 3; both at the cap.
  expect(ids.map(assignee)).toEqual([checker.id, analyst.id, checker.id, analyst.id, checker.id, null]);

  for (const id of ids) {
    const { timeline } = await caseView(s.db, id, clock);
    const given = assignee(id);
    expect(timeline.map((e) => e.kind)).toEqual(given ? ["opened", "assigned", "search_added"] : ["opened", "search_added"]);
    if (given) expect(timeline[1].details).toEqual({ before: { assignee: null }, after: { assignee: given }, auto: true });
    const audited = await s.db
      .select({ action: schema.auditLog.action, organisationId: schema.auditLog.organisationId })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetType, "case"), eq(schema.auditLog.targetId, id)))
      .orderBy(schema.auditLog.chainSeq);
    expect(audited.map((a) => a.action)).toEqual(timeline.map((e) => `case.${e.kind}`));
    expect(audited.every((a) => a.organisationId === lead.organisationId)).toBe(true);
    const notified = await s.db.select().from(schema.notifications).where(eq(schema.notifications.caseId, id));
    expect(notified.map((n) => [n.userId, n.kind])).toEqual(given ? [[given, "case_assigned"]] : []);
  }
  expect(await verifyAuditChain(s.db)).toMatchObject({ intact: true });
});

test("the database's count of each member's open cases follows every change to cases, as counting them does", async () => {
  const counted = async () => {
    const l = schema.caseMemberLoads;
    const rows = await s.db.select().from(l).where(eq(l.organisationId, owner.organisationId));
    return Object.fromEntries(rows.filter((r) => r.openCases !== 0).map((r) => [r.userId, r.openCases]));
  };
  const assigned = async () => {
    const { nobody: _, ...counts } = await load();
    return counts;
  };
  // After the opening, assigning, closing and deleting of the tests above.
  expect(await counted()).toEqual(await assigned());

  const [mine] = await s.db
    .select()
    .from(k)
    .where(and(eq(k.assigneeId, first.id), ne(k.status, "closed")));
  // Handed to another, closed, reopened, unassigned, deleted: each step moves the counts as the cases move.
  await s.db.update(k).set({ assigneeId: second.id }).where(eq(k.id, mine.id));
  expect(await counted()).toEqual(await assigned());
  await s.db.update(k).set({ status: "closed", outcome: "false_positive", closedAt: clock.now() }).where(eq(k.id, mine.id));
  expect(await counted()).toEqual(await assigned());
  await s.db.update(k).set({ status: "open", outcome: null, closedAt: null }).where(eq(k.id, mine.id));
  expect(await counted()).toEqual(await assigned());
  // Several rows in one statement, some counted twice over (assigned to the same member).
  await s.db
    .update(k)
    .set({ assigneeId: reviewer.id })
    .where(and(eq(k.organisationId, owner.organisationId), ne(k.status, "closed")));
  expect(await counted()).toEqual(await assigned());
  await s.db.update(k).set({ assigneeId: null }).where(eq(k.id, mine.id));
  expect(await counted()).toEqual(await assigned());
  await s.db.delete(k).where(and(eq(k.organisationId, owner.organisationId), eq(k.assigneeId, reviewer.id), ne(k.id, mine.id)));
  expect(await counted()).toEqual(await assigned());
  expect(await counted()).toEqual({});
});
