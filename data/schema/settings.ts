import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organisations } from "./organisations.ts";
import { users } from "./users.ts";

export const systemSettings = pgTable("system_settings", {
  id: serial().primaryKey(),
  key: text().notNull().unique(),
  value: jsonb().notNull(),
  description: text(),
  category: text(),
  updatedBy: uuid().references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const webhooks = pgTable("webhooks", {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid().references(() => users.id, { onDelete: "cascade" }),
  /** The organisation whose events it receives; null, as userId, for the instance's own webhooks. */
  organisationId: uuid().references(() => organisations.id),
  url: text().notNull(),
  events: jsonb().notNull().default([]),
  enabled: boolean().notNull().default(true),
  secret: text(),
  description: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One event sent (or being sent) to one webhook: its payload, attempts and the last answer. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid().primaryKey().defaultRandom(),
    webhookId: uuid()
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    event: text().notNull(),
    payload: jsonb().notNull(),
    /** pending, delivered or failed (every attempt of the 24 hours failed). */
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastStatusCode: integer(),
    lastError: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_deliveries_webhook").on(t.webhookId, t.createdAt, t.id),
    // The retry sweep of every process reads the pending deliveries by their last attempt.
    index("webhook_deliveries_pending").on(t.lastAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
