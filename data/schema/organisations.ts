import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
    /** Set by the instance's administrator: the members cannot sign in or call the API; nothing is deleted. */
    suspendedAt: timestamp({ withTimezone: true }),
    /** Analysts open their colleagues' screenings (owners, admins, reviewers and auditors always do). */
    membersSeeTeam: boolean().notNull().default(true),
    /** The organisation's own choices; null follows the instance's setting of the same name. */
    fourEyes: boolean(),
    requireTwoFactor: boolean(),
    /** Years records are kept; never fewer than the instance's minimum, whatever is stored. */
    retentionYears: integer(),
    /** ISO 3166-1 alpha-2: where the organisation is regulated. A PEP of this country is domestic, any other foreign. */
    country: text(),
  },
  (t) => [check("organisations_credits_non_negative", sql`${t.credits} >= 0`)],
);
