import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { entityType, monitoringFrequency, monitoringStatus } from "./enums.ts";
import { organisations } from "./organisations.ts";
import { searches } from "./searches.ts";
import { users } from "./users.ts";

/** A person or company a user has asked to re-screen on a schedule. */
export const monitoredEntities = pgTable(
  "monitored_entities",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The organisation it belongs to: every member who may read the team's records finds it; its member made it. */
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    searchTerm: text().notNull(),
    entityType: entityType().notNull().default("person"),
    frequency: monitoringFrequency().notNull().default("daily"),
    status: monitoringStatus().notNull().default("active"),
    lastChecked: timestamp({ withTimezone: true }),
    nextCheck: timestamp({ withTimezone: true }),
    hasChanges: boolean().notNull().default(false),
    changesSummary: text(),
    lastSearchId: uuid().references(() => searches.id, { onDelete: "set null" }),
    /** The check before the last one: the report shows what changed between the two. */
    previousSearchId: uuid().references(() => searches.id, { onDelete: "set null" }),
    /** The search's country, compared with listings' nationality as in a manual search. */
    country: text(),
    /** The details of the search it came from (query by example), screened again with every check. */
    details: jsonb().$type<{ birthDate?: string; nationality?: string; identifiers?: { kind: string; value: string }[] }>(),
    /** The client's own reference for the subject (a customer number); never screened. */
    customerRef: text(),
    /** Where the entry came from: added by hand ("manual") or from a manual search ("search"). */
    source: text().notNull().default("manual"),
    sourceSearchId: uuid().references(() => searches.id, { onDelete: "set null" }),
    /** What the last check that found changes found, as facts a display words in its language. */
    changes: jsonb(),
    changedAt: timestamp({ withTimezone: true }),
    /** "credits" while the owner cannot pay for a check: it is skipped, nothing is charged, until credits arrive. */
    waitingFor: text(),
    /** Why the next (or running) check was started early: "list_update" when a new list version matched the name. */
    checkTrigger: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // One entry per user and subject; due checks are found by (status, nextCheck).
  (t) => [
    index().on(t.userId),
    // The list's keyset paging, and the check whose search just ended (also what deleting a search looks up).
    index("monitored_entities_list").on(t.userId, t.createdAt, t.id),
    index("monitored_entities_team").on(t.organisationId, t.createdAt, t.id),
    index("monitored_entities_last_search").on(t.lastSearchId),
    // The database's guard against two entries of one subject written at once: the name in any case, the type and the
    // details, so the same name with another birth date or identifier is another subject (lib/monitoring/subjects.ts
    // finds the same subject under other spellings before writing).
    uniqueIndex("monitored_entities_subject").on(t.userId, sql`lower(${t.searchTerm})`, t.entityType, sql`coalesce(${t.details}, '{}'::jsonb)`),
    index("monitored_entities_due").on(t.status, t.nextCheck),
  ],
);

export const monitoringSchedules = pgTable("monitoring_schedules", {
  id: uuid().primaryKey().defaultRandom(),
  searchId: uuid().references(() => searches.id, { onDelete: "cascade" }),
  monitoredEntityId: uuid().references(() => monitoredEntities.id, { onDelete: "cascade" }),
  frequency: monitoringFrequency().notNull(),
  enabled: boolean().notNull().default(true),
  lastRun: timestamp({ withTimezone: true }),
  nextRun: timestamp({ withTimezone: true }),
  alertOnChange: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
