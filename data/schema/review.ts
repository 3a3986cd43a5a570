import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { entityType } from "./enums.ts";
import { organisations } from "./organisations.ts";
import { searches } from "./searches.ts";
import { users } from "./users.ts";

/**
 * What a reviewer decided about one hit of a search. A hit has at most one live decision (proposed, decided or
 * approved): the partial unique index makes the second of two reviewers deciding at once fail instead of overwriting.
 * A decision is never edited away: a rejected proposal or a replaced decision stays, with its state.
 */
export const hitDecisions = pgTable(
  "hit_decisions",
  {
    id: uuid().primaryKey().defaultRandom(),
    searchId: uuid()
      .notNull()
      .references(() => searches.id, { onDelete: "cascade" }),
    /** The hit's id within its search (results ... hitId). */
    hitId: text().notNull(),
    /** sanctions, pep or media. */
    hitKind: text().notNull(),
    /** What the hit is, as the reviewer saw it: the listed or article name. */
    hitLabel: text().notNull(),
    decision: text().notNull(),
    reason: text().notNull(),
    text: text(),
    /** Remember a false positive for this subject and this listing (a remembered clearance once it takes effect). */
    remember: boolean().notNull().default(false),
    /** proposed (four eyes, waiting), decided (took effect at once), approved, rejected, replaced. */
    state: text().notNull(),
    decidedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Who approved or rejected the proposal, when, and the rejection's comment. */
    reviewedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewComment: text(),
    /** The listing's content when it was decided: a changed listing is flagged again. */
    listingFingerprint: text(),
    /**
     * A monitoring check takes over the decisions of the check before it for the same, unchanged hits: this is the
     * decision it was carried from (the people and times are the original's).
     */
    carriedFromId: uuid(),
  },
  (t) => [
    uniqueIndex("hit_decisions_live").on(t.searchId, t.hitId).where(sql`${t.state} in ('proposed', 'decided', 'approved')`),
    index("hit_decisions_search").on(t.searchId, t.decidedAt),
    index("hit_decisions_proposed").on(t.state, t.decidedAt).where(sql`${t.state} = 'proposed'`),
  ],
);

/**
 * A false positive remembered for one subject and one listing: later screenings of the same subject (same normalised
 * name and type, and the same birth date, nationality and identifiers where given) that meet the same listed entity
 * show the hit as cleared, as long as the listing's content is unchanged.
 */
export const rememberedClearances = pgTable(
  "remembered_clearances",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The owner of the search it was decided on. */
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Whose screenings it clears: every member's of this organisation. */
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    subjectKey: text().notNull(),
    subjectName: text().notNull(),
    entityType: entityType().notNull(),
    datasetId: text().notNull(),
    /** The listed entity's id (stable across list versions). */
    entityId: text().notNull(),
    hitKind: text().notNull(),
    listingName: text().notNull(),
    listingFingerprint: text().notNull(),
    decisionId: uuid().references(() => hitDecisions.id, { onDelete: "set null" }),
    searchId: uuid().references(() => searches.id, { onDelete: "set null" }),
    reason: text().notNull(),
    text: text(),
    decidedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    revokeReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("remembered_clearances_live").on(t.organisationId, t.subjectKey, t.entityId).where(sql`${t.revokedAt} is null`),
    index("remembered_clearances_list").on(t.organisationId, t.createdAt, t.id),
  ],
);

/** Case notes on a search: appended, never edited or removed. */
export const searchNotes = pgTable(
  "search_notes",
  {
    id: uuid().primaryKey().defaultRandom(),
    searchId: uuid()
      .notNull()
      .references(() => searches.id, { onDelete: "cascade" }),
    authorId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** note, escalation (a request for a second opinion), dismissal (an admin closed a monitoring alert). */
    kind: text().notNull().default("note"),
    text: text().notNull(),
    details: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("search_notes_search").on(t.searchId, t.createdAt)],
);
