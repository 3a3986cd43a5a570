import { sql } from "drizzle-orm";
import { check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { cases } from "./cases.ts";
import { organisations } from "./organisations.ts";
import { users } from "./users.ts";

/**
 * A member's notifications (lib/notifications): a case assigned to them by someone else or by auto-assignment, and
 * each morning one per case of theirs that is overdue. Written in the transaction of the change (or of the morning
 * run), so none is lost and none exists for a change that rolled back. The bell lists them; with SMTP the assignment
 * mail is sent from here too: `mailedAt` stays null until a mail job sent it.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    /** case_assigned or case_overdue. */
    kind: text().notNull(),
    /** Who assigned the case; null when auto-assignment did, and for an overdue case. */
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The morning's day (in the digest's time zone) of an overdue notification; null for an assignment. */
    day: date(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
    /** When the assignment mail went out; null until then (and for good without SMTP). */
    mailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("notifications_user").on(t.userId, t.createdAt, t.id),
    index("notifications_unread").on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex("notifications_overdue_once").on(t.userId, t.caseId, t.day).where(sql`${t.kind} = 'case_overdue'`),
    index("notifications_unmailed").on(t.createdAt).where(sql`${t.kind} = 'case_assigned' and ${t.mailedAt} is null`),
    check("notifications_kind", sql`${t.kind} in ('case_assigned', 'case_overdue')`),
    check("notifications_day", sql`(${t.kind} = 'case_overdue') = (${t.day} is not null)`),
  ],
);

/**
 * The morning digest of a member's overdue cases: at most one per member and day, claimed by inserting this row (its
 * key), so several server processes, or a restart, never send it twice. `caseIds` are the cases it lists; `mailedAt`
 * stays null until a mail job sent it (and for good without SMTP).
 */
export const notificationDigests = pgTable(
  "notification_digests",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date().notNull(),
    caseIds: uuid().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index("notification_digests_unmailed").on(t.createdAt).where(sql`${t.mailedAt} is null`)],
);

/** Mornings whose digests were all made: a process that finds its day here does nothing more that day. */
export const notificationDigestRuns = pgTable("notification_digest_runs", {
  day: date().primaryKey(),
  finishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
