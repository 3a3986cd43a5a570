import { date, integer, jsonb, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { reportStatus } from "./enums.ts";

export const dailyReports = pgTable("daily_reports", {
  id: uuid().primaryKey().defaultRandom(),
  reportDate: date().notNull().unique(),
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
});
