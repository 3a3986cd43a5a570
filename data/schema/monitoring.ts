import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { entityType, monitoringFrequency, monitoringStatus } from "./enums.ts";
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
    searchTerm: text().notNull(),
    entityType: entityType().notNull().default("person"),
    frequency: monitoringFrequency().notNull().default("daily"),
    status: monitoringStatus().notNull().default("active"),
    lastChecked: timestamp({ withTimezone: true }),
    nextCheck: timestamp({ withTimezone: true }),
    hasChanges: boolean().notNull().default(false),
    changesSummary: text(),
    lastSearchId: uuid().references(() => searches.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
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
