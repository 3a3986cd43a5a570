import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { creditTransactionType } from "./enums.ts";
import { searches } from "./searches.ts";
import { users } from "./users.ts";

/** The credit ledger: every change of users.credits has exactly one row here, with the balance after it. */
export const creditTransactions = pgTable(
  "credit_transactions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    searchId: uuid().references(() => searches.id, { onDelete: "set null" }),
    type: creditTransactionType().notNull(),
    amount: integer().notNull(),
    balance: integer().notNull(),
    /** In English, for the API and the CLI; screens word descriptionCode in the reader's language instead. */
    description: text(),
    /** lib/credits/descriptions.ts; null for free text (an admin's note). */
    descriptionCode: text(),
    descriptionParams: jsonb().$type<Record<string, string>>(),
    /** Who made the change when it was not the user (an admin, the CLI). */
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The credit history's keyset order (lib/paging.ts).
  (t) => [index().on(t.userId, t.createdAt, t.id)],
);
