import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { reportStatus } from "./enums.ts";
import { organisations } from "./organisations.ts";
import { users } from "./users.ts";

/**
 * A day's screening activity. The instance's report (across organisations, its admins') has neither user nor
 * organisation; an organisation's (its owners', admins' and auditors') has the organisation; each user's own report
 * (what the other members see) has the user. One report per day and scope.
 */
export const dailyReports = pgTable(
  "daily_reports",
  {
    id: uuid().primaryKey().defaultRandom(),
    reportDate: date().notNull(),
    /** Null: the instance's or an organisation's report; else the activity of this user alone. */
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    /** The organisation whose members' activity it covers (user null); null with user null: the whole instance. */
    organisationId: uuid().references(() => organisations.id, { onDelete: "cascade" }),
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
  (t) => [
    unique("daily_reports_day_scope").on(t.reportDate, t.organisationId, t.userId).nullsNotDistinct(),
    index("daily_reports_user").on(t.userId, t.reportDate),
    index("daily_reports_organisation").on(t.organisationId, t.reportDate),
    // A report is the instance's, an organisation's or a user's: never both of the last two.
    check("daily_reports_one_scope", sql`${t.userId} is null or ${t.organisationId} is null`),
  ],
);
