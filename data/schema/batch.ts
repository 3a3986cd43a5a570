import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobStatus } from "./enums.ts";
import { organisations } from "./organisations.ts";
import { users } from "./users.ts";

export const batchJobs = pgTable(
  "batch_jobs",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The organisation it belongs to: every member who may read the team's records finds it; its member made it. */
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    name: text().notNull(),
    status: jobStatus().notNull().default("pending"),
    totalEntities: integer().notNull().default(0),
    processedEntities: integer().notNull().default(0),
    failedEntities: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.organisationId, t.createdAt)],
);
