/**
 * The morning digest: once the instance's day reaches the digest hour (settings.ts), every active member holding at
 * least one overdue case (not closed, past its due date at the clock's now) gets the day's digest: one row in
 * notification_digests listing those cases (mailed later, with SMTP, by mail.ts) and one "overdue" notification per
 * case for the bell. A member with none gets nothing. Each member's digest of a day is claimed by inserting its row
 * (the key is member and day), in the transaction that writes its notifications: several server processes, a restart
 * or a second run that day never make it twice. Once a day's run ended it is recorded, and later checks that day
 * cost one lookup. A day missed while no server ran is not made up the next day: yesterday's overdue cases are in
 * today's digest anyway. A suspended organisation's members get none, as they get no daily report.
 */
import { and, eq, isNull, lt, ne } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { zonedParts } from "../reports/daily/settings.ts";
import type { DigestSettings } from "./settings.ts";

/** Members whose digests one transaction writes. */
const MEMBERS_PER_TRANSACTION = 100;
/**
 * Notifications one statement inserts: six parameters each stay well under the drivers' 65,535 parameters per
 * statement, however many overdue cases a team of a hundred holds.
 */
const ROWS_PER_INSERT = 5000;

export interface DigestOutcome {
  day: string;
  /** Digests this run made (members claimed by another process or an earlier run are not counted). */
  digests: number;
  /** Overdue notifications written with them. */
  notifications: number;
}

/** The day whose digest is due at `now`, or null before the digest hour. */
export function digestDay(now: Date, settings: Pick<DigestSettings, "hour" | "timeZone">): string | null {
  const { day, hour } = zonedParts(now, settings.timeZone);
  return hour >= settings.hour ? day : null;
}

/** Makes the day's digests that are due and not made yet; null when none is due or the day's run already ended. */
export async function runMorningDigest(db: Db, now: Date, settings: Pick<DigestSettings, "hour" | "timeZone">): Promise<DigestOutcome | null> {
  const day = digestDay(now, settings);
  if (!day) return null;
  const runs = schema.notificationDigestRuns;
  const [done] = await db.select({ day: runs.day }).from(runs).where(eq(runs.day, day));
  if (done) return null;

  const byMember = await overdueCasesByMember(db, now);
  const outcome: DigestOutcome = { day, digests: 0, notifications: 0 };
  const members = [...byMember.entries()];
  for (let from = 0; from < members.length; from += MEMBERS_PER_TRANSACTION) {
    const slice = members.slice(from, from + MEMBERS_PER_TRANSACTION);
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(schema.notificationDigests)
        .values(slice.map(([userId, cases]) => ({ userId, day, caseIds: cases.map((c) => c.caseId), createdAt: now })))
        .onConflictDoNothing()
        .returning({ userId: schema.notificationDigests.userId });
      const ours = new Set(claimed.map((row) => row.userId));
      const values = slice
        .filter(([userId]) => ours.has(userId))
        .flatMap(([userId, cases]) =>
          cases.map((c) => ({ userId, organisationId: c.organisationId, caseId: c.caseId, kind: "case_overdue", day, createdAt: now })),
        );
      for (let at = 0; at < values.length; at += ROWS_PER_INSERT) {
        const rows = values.slice(at, at + ROWS_PER_INSERT);
        const written = await tx.insert(schema.notifications).values(rows).onConflictDoNothing().returning({ id: schema.notifications.id });
        outcome.notifications += written.length;
      }
      outcome.digests += ours.size;
    });
  }
  await db.insert(runs).values({ day, finishedAt: now }).onConflictDoNothing();
  return outcome;
}

interface OverdueCase {
  caseId: string;
  organisationId: string;
}

/** Every active member's overdue cases, the most overdue first. */
async function overdueCasesByMember(db: Db, now: Date): Promise<Map<string, OverdueCase[]>> {
  const k = schema.cases;
  const u = schema.users;
  const o = schema.organisations;
  const rows = await db
    .select({ caseId: k.id, organisationId: k.organisationId, userId: u.id })
    .from(k)
    .innerJoin(u, and(eq(u.id, k.assigneeId), eq(u.organisationId, k.organisationId), eq(u.isActive, true), isNull(u.removedFromOrganisationAt)))
    .innerJoin(o, and(eq(o.id, k.organisationId), isNull(o.suspendedAt)))
    .where(and(ne(k.status, "closed"), lt(k.dueAt, now)))
    .orderBy(k.dueAt, k.id);
  const byMember = new Map<string, OverdueCase[]>();
  for (const row of rows) {
    const list = byMember.get(row.userId) ?? [];
    list.push({ caseId: row.caseId, organisationId: row.organisationId });
    byMember.set(row.userId, list);
  }
  return byMember;
}
