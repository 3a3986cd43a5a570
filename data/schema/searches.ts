import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { batchJobs } from "./batch.ts";
import { entityType, jobStatus } from "./enums.ts";
import { organisations } from "./organisations.ts";
import { users } from "./users.ts";

export const searches = pgTable(
  "searches",
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
    entityName: text(),
    entityType: entityType().notNull().default("person"),
    status: jobStatus().notNull().default("pending"),
    language: text().notNull().default("en"),
    country: text(),
    /** Query by example: { birthDate?, nationality?, identifiers? } (lib/screening/schemas.ts searchDetailsSchema). */
    details: jsonb().$type<{ birthDate?: string; nationality?: string; identifiers?: { kind: string; value: string }[] }>(),
    /** The client's own reference for the subject (a customer number), as a batch row or the API gave it; never screened. */
    customerRef: text(),
    numLinks: integer().notNull().default(10),
    riskLevel: text(),
    aiSummary: text(),
    error: text(),
    results: jsonb(),
    isAutomated: boolean().notNull().default(false),
    creditsUsed: integer().notNull().default(0),
    batchJobId: uuid().references(() => batchJobs.id, { onDelete: "set null" }),
    /**
     * The review of its hits (lib/review/status.ts): no_hits, needs_review, cleared, confirmed or escalated. Kept
     * with the search, with its count of undecided flagged hits, so the review queue is read from one index.
     */
    reviewStatus: text().notNull().default("no_hits"),
    openHits: integer().notNull().default(0),
    /** Set while a reviewer's request for a second opinion is unanswered. */
    escalatedAt: timestamp({ withTimezone: true }),
    /** Who took the review item on (the queue's assignee). */
    reviewAssigneeId: uuid().references(() => users.id, { onDelete: "set null" }),
    /**
     * Set when the owner deleted the search: it leaves the owner's history and lists, and stays for admins (marked
     * hidden), batch counts and exports until the retention purge removes it.
     */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The history's keyset order (lib/paging.ts), with the listed columns after it so that a page, its total and the
  // term filter are read from the index alone (index-only scans), never from the large rows with their results.
  // searches_batch: a batch's progress (counted by status) and its results page, without reading other searches.
  (t) => [
    index("searches_history").on(t.userId, t.createdAt, t.id, t.searchTerm, t.entityType, t.status, t.riskLevel, t.reviewStatus, t.hiddenAt),
    // The team's history: the same columns, in the organisation's keyset order, with who searched.
    index("searches_team_history").on(
      t.organisationId,
      t.createdAt,
      t.id,
      t.userId,
      t.searchTerm,
      t.entityType,
      t.status,
      t.riskLevel,
      t.reviewStatus,
      t.hiddenAt,
    ),
    // A day's searches of everyone (the organisation's daily report).
    index("searches_created").on(t.createdAt),
    index("searches_batch").on(t.batchJobId, t.createdAt, t.id).where(sql`${t.batchJobId} is not null`),
    // The review queue, newest first: everyone's (admins and reviewers) and one user's. The queue's filters (status,
    // risk, source, assignee) follow the order's columns, so a page skips the rows they leave out, and its total is
    // counted, from the index alone (without the status, 50,000 open items were counted from the table: 20 to 70 ms).
    index("searches_review_queue")
      .on(t.createdAt, t.id, t.reviewStatus, t.riskLevel, t.isAutomated, t.batchJobId, t.reviewAssigneeId)
      .where(sql`${t.reviewStatus} in ('needs_review', 'escalated')`),
    // Which searches were screened against a dataset version (results.datasetsUsed[].versionId): the datasets'
    // version retention keeps a version any search references, and the records purge finds the versions only purged
    // searches referenced, each with one containment query (@>) answered from this index.
    index("searches_dataset_versions").using("gin", sql`(${t.results} -> 'datasetsUsed') jsonb_path_ops`),
    index("searches_review_queue_team")
      .on(t.organisationId, t.createdAt, t.id, t.reviewStatus, t.riskLevel, t.isAutomated, t.batchJobId, t.reviewAssigneeId)
      .where(sql`${t.reviewStatus} in ('needs_review', 'escalated')`),
    index("searches_review_queue_user")
      .on(t.userId, t.createdAt, t.id, t.reviewStatus, t.riskLevel, t.isAutomated, t.batchJobId, t.reviewAssigneeId)
      .where(sql`${t.reviewStatus} in ('needs_review', 'escalated')`),
  ],
);

export const analysisResults = pgTable("analysis_results", {
  id: uuid().primaryKey().defaultRandom(),
  searchId: uuid()
    .notNull()
    .references(() => searches.id, { onDelete: "cascade" }),
  category: text().notNull(),
  severity: text().notNull(),
  confidence: integer().notNull(),
  finding: text().notNull(),
  source: text(),
  entityRole: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many visible (not hidden) searches each user has, kept by triggers on searches (migrations 0005, 0007 and the
 * retention one: hiding a search counts it out), so the history's total is one
 * row read however long the history grows.
 */
export const searchCounts = pgTable("search_counts", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  count: integer().notNull().default(0),
});
