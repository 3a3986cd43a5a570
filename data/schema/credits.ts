import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { creditTransactionType } from "./enums.ts";
import { organisations } from "./organisations.ts";
import { searches } from "./searches.ts";
import { users } from "./users.ts";

/**
 * The credit ledger: every change of organisations.credits has exactly one row here, with the organisation's balance
 * after it and the member whose action it was (who searched, bought, or was credited by an admin).
 */
export const creditTransactions = pgTable(
  "credit_transactions",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The member who spent or bought; an admin's grant names the member it was granted to (createdBy: the admin). */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The organisation whose balance changed: the member's at the time. */
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id),
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
    /** The purchase a credit_purchase or credit_refund entry belongs to. */
    purchaseId: uuid().references(() => purchases.id, { onDelete: "set null" }),
    /**
     * The outside event the entry answers (a PaymentIntent id for a purchase, a refund id for a refund): unique, so
     * an event delivered many times changes the balance once.
     */
    externalRef: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One member's entries (the daily report's per-user scopes).
    index().on(t.userId, t.createdAt, t.id),
    // The organisation's credit history in its keyset order (lib/paging.ts).
    index().on(t.organisationId, t.createdAt, t.id),
    // A day's entries of everyone (the organisation's daily report).
    index("credit_transactions_created").on(t.createdAt),
    uniqueIndex("credit_transactions_external_ref").on(t.externalRef).where(sql`${t.externalRef} is not null`),
  ],
);

/** A purchase of a credit package by card (Stripe): what was bought, for how much, and how the payment ended. */
export const purchases = pgTable(
  "purchases",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Kept when the user is deleted: a payment stays on record. */
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    credits: integer().notNull(),
    /** In the currency's minor unit (cents). */
    amount: integer().notNull(),
    currency: text().notNull().default("usd"),
    paymentIntentId: text().notNull().unique(),
    /** pending, succeeded, failed, canceled, refunded, partially_refunded */
    status: text().notNull().default("pending"),
    receiptUrl: text(),
    /** Credits taken back by refunds so far. */
    refundedCredits: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("purchases_user").on(t.userId, t.createdAt, t.id), index("purchases_created").on(t.createdAt)],
);
