import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The team a user works in: every user belongs to exactly one (users.organisation_id) with a role inside it. */
export const organisations = pgTable(
  "organisations",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /**
     * The one credit pool every member spends from and buys into. Only lib/credits/ledger.ts changes it, each change
     * with its credit_transactions row; never below zero.
     */
    credits: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set by the instance's operator; a later slice decides what a suspended organisation may still do. */
    suspendedAt: timestamp({ withTimezone: true }),
  },
  (t) => [check("organisations_credits_non_negative", sql`${t.credits} >= 0`)],
);
