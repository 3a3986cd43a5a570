/**
 * The reader's cases at a glance, for the home screen and the admin dashboard: of the cases they read that are not
 * closed, how many are theirs and how many of those are overdue, and the team's open, overdue, unassigned and escalated
 * ones. Counted in one pass over the open cases, at the clock's now (the same rule as the list's Overdue view).
 */
import { and, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../data/db.ts";
import { schema } from "../../data/db.ts";
import { type Clock, systemClock } from "../clock.ts";
import { type CaseReader, readableCases } from "./access.ts";
import type { CaseSummaryView } from "./contract.ts";

const k = schema.cases;

export async function caseSummary(db: DbOrTx, reader: CaseReader, clock: Clock = systemClock): Promise<CaseSummaryView> {
  const now = clock.now();
  // As text: a Date is not a parameter every driver binds in raw SQL.
  const overdue = sql`${k.dueAt} < ${now.toISOString()}::timestamptz`;
  const mine = sql`${k.assigneeId} = ${reader.id}`;
  const [x] = await db
    .select({
      mineOpen: sql<number>`count(*) filter (where ${mine})::int`,
      mineOverdue: sql<number>`count(*) filter (where ${mine} and ${overdue})::int`,
      open: sql<number>`count(*)::int`,
      overdue: sql<number>`count(*) filter (where ${overdue})::int`,
      unassigned: sql<number>`count(*) filter (where ${k.assigneeId} is null)::int`,
      escalated: sql<number>`count(*) filter (where ${k.escalatedAt} is not null)::int`,
    })
    .from(k)
    .where(and(readableCases(reader), ne(k.status, "closed")));
  return { mine: { open: x.mineOpen, overdue: x.mineOverdue }, team: { open: x.open, overdue: x.overdue, unassigned: x.unassigned, escalated: x.escalated } };
}
