import { date, index, integer, jsonb, pgTable, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { reportStatus } from "./enums.ts";
import { users } from "./users.ts";

/**
 * A day's screening activity. The organisation's report has no user; each user's own report (what an ordinary user
 * sees) has theirs. One report per day and scope.
 */
export const dailyReports = pgTable(
  "daily_reports",
  {
    id: uuid().primaryKey().defaultRandom(),
    reportDate: date().notNull(),
    /** Null: the whole organisation (what admins see); else the activity of this user alone. */
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    totalSearches: integer().notNull().default(0),
    manualSearches: integer().notNull().default(0),
    automatedSearches: integer().notNull().default(0),
    totalCreditsUsed: integer().notNull().default(0),
    uniqueUsers: integer().notNull().default(0),
    highRiskFindings: integer().notNull().default(0),
    searchDetails: jsonb(),
    statistics: jsonb(),
    generatedAt: timestamp({ withTimezone: true }),
    status: reportStatus().notNull().default("pending"),
  },
  (t) => [unique("daily_reports_day_scope").on(t.reportDate, t.userId).nullsNotDistinct(), index("daily_reports_user").on(t.userId, t.reportDate)],
);
