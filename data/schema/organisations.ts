import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The team a user works in: every user belongs to exactly one (users.organisation_id) with a role inside it. */
export const organisations = pgTable("organisations", {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Set by the instance's operator; a later slice decides what a suspended organisation may still do. */
  suspendedAt: timestamp({ withTimezone: true }),
});
