import { boolean, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
  url: text().notNull(),
  events: jsonb().notNull().default([]),
  enabled: boolean().notNull().default(true),
  secret: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
