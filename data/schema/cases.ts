import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { entityType } from "./enums.ts";
import { organisations } from "./organisations.ts";
import { searches } from "./searches.ts";
import { users } from "./users.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * A case: the team's investigation of one subject (lib/cases). The searches that need review join the organisation's
 * open case of their subject; at most one case per subject is not closed (the partial unique index), so two
 * screenings of one subject finishing at once end in the same case.
 */
export const cases = pgTable(
  "cases",
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id),
    title: text().notNull(),
    /** The subject as remembered clearances key it (lib/screening/subject-key.ts). */
    subjectKey: text().notNull(),
    subjectName: text().notNull(),
    entityType: entityType().notNull(),
    /** Birth date, nationality and identifiers where the screening gave them. */
    subjectDetails: jsonb().$type<{ birthDate?: string; nationality?: string; identifiers?: { kind: string; value: string }[] }>(),
    /** open, investigating or closed. */
    status: text().notNull().default("open"),
    /** Set when closed: false_positive, true_match, risk_accepted or relationship_declined. */
    outcome: text(),
    /** sanctions, pep or media: the worst open hit's kind. */
    priority: text().notNull(),
    assigneeId: uuid().references(() => users.id, { onDelete: "set null" }),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    /** Set while the case waits for a reviewer after an analyst escalated it. */
    escalatedAt: timestamp({ withTimezone: true }),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /** When the case (last) opened: its due date counts from here. */
    openedAt: timestamp({ withTimezone: true }).notNull(),
    closedAt: timestamp({ withTimezone: true }),
    /** Raised by every change: a change made on an older version is refused (409). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cases_open_subject").on(t.organisationId, t.subjectKey).where(sql`${t.status} <> 'closed'`),
    index("cases_subject").on(t.organisationId, t.subjectKey, t.createdAt),
    index("cases_list").on(t.organisationId, t.createdAt, t.id),
    index("cases_assignee").on(t.organisationId, t.assigneeId, t.status),
    // Auto-assignment's count of each member's open cases, read by every grouping that opens cases (the closed ones
    // left out of the index rather than filtered from it: a quarter fewer entries, and smaller, at 100,000 open cases).
    index("cases_open_assignee").on(t.organisationId, t.assigneeId).where(sql`${t.status} <> 'closed'`),
    // The Overdue view and its count: the cases not closed, by due date, without walking the closed ones.
    index("cases_overdue").on(t.organisationId, t.dueAt).where(sql`${t.status} <> 'closed'`),
    // The tag filter (tags @> array[...]).
    index("cases_tags").using("gin", t.tags),
    check("cases_status", sql`${t.status} in ('open', 'investigating', 'closed')`),
    check("cases_outcome", sql`(${t.status} = 'closed') = (${t.outcome} is not null)`),
  ],
);

/** The searches (manual, batch rows, monitoring checks) a case groups: a search is in one case at most. */
export const caseSearches = pgTable(
  "case_searches",
  {
    searchId: uuid()
      .primaryKey()
      .references(() => searches.id, { onDelete: "cascade" }),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("case_searches_case").on(t.caseId, t.addedAt)],
);

/** A case's timeline: every change, appended, never edited. */
export const caseEvents = pgTable(
  "case_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    details: jsonb().$type<Record<string, unknown>>(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("case_events_case").on(t.caseId, t.at)],
);

/** Notes on a case: appended, never edited or removed. */
export const caseNotes = pgTable(
  "case_notes",
  {
    id: uuid().primaryKey().defaultRandom(),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    authorId: uuid().references(() => users.id, { onDelete: "set null" }),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("case_notes_case").on(t.caseId, t.createdAt)],
);

/** An organisation's case settings; no row reads as the defaults. Its row is locked while a case is auto-assigned. */
export const caseSettings = pgTable("case_settings", {
  organisationId: uuid()
    .primaryKey()
    .references(() => organisations.id, { onDelete: "cascade" }),
  autoAssign: boolean().notNull().default(false),
  /** Open cases a member may hold before auto-assignment passes them over; null for no cap. */
  perMemberCap: integer(),
  sanctionsHours: integer().notNull().default(24),
  pepHours: integer().notNull().default(72),
  mediaHours: integer().notNull().default(120),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Members who marked themselves unavailable (on holiday): auto-assignment passes them over. */
export const caseUnavailableMembers = pgTable(
  "case_unavailable_members",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    since: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId] }), index("case_unavailable_members_organisation").on(t.organisationId)],
);

/**
 * Files attached to a case (lib/cases/attachments.ts), their bytes kept in the database. Never edited: removing one
 * records who, when and why and drops its bytes (the check below), while its name, size and SHA-256 stay, as they do
 * on the timeline.
 */
export const caseAttachments = pgTable(
  "case_attachments",
  {
    id: uuid().primaryKey().defaultRandom(),
    caseId: uuid()
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    /** The case's organisation, so a lookup by attachment never strays into another organisation's. */
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    fileName: text().notNull(),
    /** The media type the client sent, as given (kept for the record, never trusted). */
    declaredType: text(),
    /** pdf, png, jpeg, txt, eml, docx or xlsx: read from the bytes. */
    detectedType: text().notNull(),
    size: integer().notNull(),
    /** SHA-256 of the bytes, hex. */
    sha256: text().notNull(),
    /** Null once removed. */
    content: bytea(),
    uploadedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
    removedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    removedReason: text(),
  },
  (t) => [
    index("case_attachments_case").on(t.caseId, t.createdAt),
    check("case_attachments_removed", sql`(${t.removedAt} is null) = (${t.content} is not null) and (${t.removedAt} is null) = (${t.removedReason} is null)`),
    check("case_attachments_type", sql`${t.detectedType} in ('pdf', 'png', 'jpeg', 'txt', 'eml', 'docx', 'xlsx')`),
  ],
);

/**
 * Each member's open (not closed) cases, counted by the database itself: statement triggers on `cases` (migration
 * 0033) apply every insert, update and delete to it, so no writer of cases can forget it. Auto-assignment reads its
 * members' loads here (fifty rows) instead of counting an organisation's open cases for every write (100,000 index
 * entries, 8 ms, each time a batch's write opens cases). The triggers lock the counters they change in one order
 * (organisation, then member), so two writers never wait on each other's counters in crossing orders.
 */
export const caseMemberLoads = pgTable(
  "case_member_loads",
  {
    // No foreign keys: a user's or organisation's deletion updates its cases (triggering a count) while it cascades,
    // and a count of someone gone is never read (auto-assignment reads the members it may pick).
    organisationId: uuid().notNull(),
    userId: uuid().notNull(),
    openCases: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.userId] })],
);
