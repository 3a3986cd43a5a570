import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { searches } from "./searches.ts";
import { users } from "./users.ts";

/**
 * A legal hold: while it is not lifted, the retention purge keeps the held search, or every search of the held user.
 * A hold is never deleted: lifting it records who lifted it, when and why.
 */
export const legalHolds = pgTable(
  "legal_holds",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    searchId: uuid().references(() => searches.id, { onDelete: "cascade" }),
    reason: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp({ withTimezone: true }),
    liftedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    liftReason: text(),
  },
  (t) => [
    check("legal_holds_one_target", sql`(${t.userId} is null) <> (${t.searchId} is null)`),
    index("legal_holds_active_user").on(t.userId).where(sql`${t.liftedAt} is null and ${t.userId} is not null`),
    index("legal_holds_active_search").on(t.searchId).where(sql`${t.liftedAt} is null and ${t.searchId} is not null`),
  ],
);

/**
 * One scheduled purge a day, claimed by one process. A run whose process died (its heartbeat older than the stale
 * bound) is claimed again and finished by another process.
 */
export const retentionPurges = pgTable("retention_purges", {
  day: text().primaryKey(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true }),
  searchesPurged: integer().notNull().default(0),
  versionsPurged: integer().notNull().default(0),
  heldSkipped: integer().notNull().default(0),
});
