import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organisationRole, userRole } from "./enums.ts";
import { organisations } from "./organisations.ts";

export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Always stored lower-cased; unique. */
    email: text().notNull().unique(),
    /** argon2id hash (Bun.password), never the password itself. */
    password: text().notNull(),
    fullName: text().notNull(),
    phoneNumber: text(),
    company: text(),
    position: text(),
    profileLanguage: text().notNull().default("en"),
    reportLanguage: text().notNull().default("en"),
    /** Put each manual search's subject under daily monitoring, re-checked as lists change; a profile setting turns it off. */
    autoMonitorSearches: boolean().notNull().default(true),
    /** Idle session lifetime in minutes; applies from the next login. */
    sessionDuration: integer().notNull().default(30),
    /** TOTP secret, AES-256-GCM encrypted with the instance key. */
    twoFactorSecret: text(),
    twoFactorEnabled: boolean().notNull().default(false),
    /** Highest TOTP time step accepted so far: a code is accepted once only. */
    twoFactorLastStep: bigint({ mode: "number" }),
    emailVerified: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    role: userRole().notNull().default("user"),
    /** The one organisation the user works in; created with the user unless they were invited into one. */
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    organisationRole: organisationRole().notNull(),
    /** Removed by an owner or admin: cannot sign in any more, and their records stay. */
    removedFromOrganisationAt: timestamp({ withTimezone: true }),
    /** Credits the member may spend in a calendar month (UTC), set by owners and admins; null for no cap. */
    monthlyCreditCap: integer(),
    lastLogin: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.organisationId, t.createdAt, t.id)],
);
