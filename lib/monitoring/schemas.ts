/**
 * Request schemas and the view of monitored entities (the /automatic-screening screen and the monitoring calls).
 * Only zod and the shared text rule are imported: the web bundle includes this file.
 */
import { z } from "zod";
import type { MadeBy } from "../organisations/contract.ts";
import type { Page } from "../paging-contract.ts";
import { REVIEW_STATUSES, type ReviewStatus } from "../review/contract.ts";
import { IDENTIFIER_KINDS } from "../sanctions/entity.ts";
import { customerRefSchema } from "../screening/customer-ref.ts";
import { RISK_LEVELS, type RiskLevel } from "../screening/results.ts";
import { searchDetailsSchema, searchTerm } from "../screening/schemas.ts";

export const MONITORING_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type MonitoringFrequency = (typeof MONITORING_FREQUENCIES)[number];
export const MONITORING_STATUSES = ["active", "paused"] as const;
export type MonitoringStatus = (typeof MONITORING_STATUSES)[number];
/** Where an entry came from: added by hand, or from a manual search (auto-add). */
export const MONITORING_SOURCES = ["manual", "search"] as const;
export type MonitoringSource = (typeof MONITORING_SOURCES)[number];

/** What the Add Entity dialog (and POST /api/monitoring/entities) answers to a missing or blank name. */
export const MONITORING_NAME_REQUIRED = "Please enter a name or company to monitor.";

const unknownField = {
  error: (issue: { code: string; keys?: string[] }) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys?.join(", ")}` : undefined),
};

/** POST /api/monitoring/entities. */
export const newMonitoredEntitySchema = z.strictObject(
  {
    searchTerm: z.string({ error: MONITORING_NAME_REQUIRED }).trim().min(1, MONITORING_NAME_REQUIRED).pipe(searchTerm),
    entityType: z.enum(["person", "company"], { error: "entityType must be person or company" }).default("person"),
    frequency: z.enum(MONITORING_FREQUENCIES, { error: "frequency must be daily, weekly or monthly" }).default("daily"),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, "country must be a two-letter ISO 3166 code")
      .transform((c) => c.toUpperCase())
      .optional(),
    // What else is known of the subject, as the search form's "More details" takes it (the same rules), screened with
    // every check; and the client's own reference, never screened.
    birthDate: searchDetailsSchema.shape.birthDate,
    nationality: searchDetailsSchema.shape.nationality,
    identifiers: searchDetailsSchema.shape.identifiers,
    customerRef: customerRefSchema,
  },
  unknownField,
);
export type NewMonitoredEntity = z.output<typeof newMonitoredEntitySchema>;

/** PUT /api/monitoring/entities/{id}/status. */
export const monitoringStatusSchema = z.strictObject({ status: z.enum(MONITORING_STATUSES, { error: "status must be active or paused" }) }, unknownField);

/** A monitored entity as the API, the web and the CLI's --json show it. */
export interface MonitoredEntityView {
  id: string;
  searchTerm: string;
  entityType: "person" | "company";
  country: string | null;
  frequency: MonitoringFrequency;
  /** Set by the user (Pause / Resume). */
  status: MonitoringStatus;
  /** "credits" while the owner cannot pay for a check: it is skipped until credits arrive (nothing is charged). */
  waitingFor: "credits" | null;
  lastChecked: string | null;
  nextCheck: string | null;
  hasChanges: boolean;
  /**
   * What the last check that changed something found, as counts and codes: each interface words them in its reader's
   * language. Null for entries flagged before these were kept (then only changesSummary says it).
   */
  changeFacts: ChangeFacts | null;
  /** The same as one sentence in the owner's report language when the check ran (kept for old entries and webhooks). */
  changesSummary: string | null;
  source: MonitoringSource;
  /** The last check's search (open it with /?view={id}). */
  lastSearchId: string | null;
  createdAt: string;
  /** Where the last check is: never run yet, running, done, or failed (then the check before it is shown). */
  checkState: CheckState;
  /**
   * The risk level and review of the last complete check: the last check, or while it runs or after it failed, the
   * one before it. Null before any check completed.
   */
  riskLevel: RiskLevel | null;
  reviewStatus: ReviewStatus | null;
  /** Its flagged hits nobody decided yet: what keeps the alert (hasChanges) open. */
  openHits: number;
  /** The search those come from: its result page is where its hits are decided. */
  reviewSearchId: string | null;
  /**
   * The level the decisions on that check leave (lib/review/reviewed-risk.ts): riskLevel without the hits decided
   * false positives. Equal to riskLevel until a false positive takes effect; null with it.
   */
  reviewedRiskLevel: RiskLevel | null;
  /** What else is known of the subject (screened with every check): null or empty when not given. */
  birthDate: string | null;
  nationality: string | null;
  identifiers: { kind: (typeof IDENTIFIER_KINDS)[number]; value: string }[];
  /** The client's own reference for the subject; never screened. */
  customerRef: string | null;
}

export const CHECK_STATES = ["not_checked", "running", "completed", "failed"] as const;
export type CheckState = (typeof CHECK_STATES)[number];

/** The review filter of the list: one review status, or open (needs_review or escalated). */
export const ENTITY_REVIEW_FILTERS = [...REVIEW_STATUSES, "open"] as const;
export type EntityReviewFilter = (typeof ENTITY_REVIEW_FILTERS)[number];

/**
 * GET /api/monitoring/entities?changes=all|with|without&risk=&review=&q=&limit=&cursor= (the tabs of the screen, and
 * the risk level and review status of the last complete check).
 */
export const monitoredEntitiesQuerySchema = z.object({
  changes: z.enum(["all", "with", "without"], { error: "changes must be all, with or without" }).default("all"),
  risk: z.enum(RISK_LEVELS, { error: `risk must be one of ${RISK_LEVELS.join(", ")}` }).optional(),
  review: z.enum(ENTITY_REVIEW_FILTERS, { error: `review must be one of ${ENTITY_REVIEW_FILTERS.join(", ")}` }).optional(),
});
export type MonitoredEntitiesFilter = z.output<typeof monitoredEntitiesQuerySchema>;

/**
 * GET /api/admin/monitoring?userId=&changes=&risk=&review=&q=&limit=&cursor=: everyone's entities for admins and
 * auditors (q: part of the name or of the owner's email).
 */
export const adminMonitoredEntitiesQuerySchema = monitoredEntitiesQuerySchema.extend({
  userId: z.uuid({ error: "userId must be a user id" }).optional(),
});

/** A monitored entity with its owner, as admins and auditors read it across users. */
export interface AdminMonitoredEntityView extends MonitoredEntityView {
  userId: string;
  userEmail: string;
}

/** A page of GET /api/admin/monitoring, with the tab counts over the owner asked for, or everyone. */
export interface AdminMonitoredList extends Page<AdminMonitoredEntityView> {
  counts: MonitoringCounts;
}

/** POST /api/monitoring/entities/{id}/dismiss: why an administrator closes the alert. */
export { reasonSchema as dismissAlertSchema } from "../review/contract.ts";

/** The tab counts of the screen, over all the entries of the list's scope whatever the filter. */
export interface MonitoringCounts {
  all: number;
  withChanges: number;
  noChanges: number;
}

/** An entity of a list the team shares: with the member who added it. */
export interface MonitoredListItem extends MonitoredEntityView {
  createdBy: MadeBy;
}

/** A page of GET /api/monitoring/entities: one tab's entries, with the counts of all three tabs. */
export interface MonitoredList extends Page<MonitoredListItem> {
  counts: MonitoringCounts;
}

/** A listed entity a check matched, identified by its dataset and its id in that dataset. */
export interface MonitoredMatch {
  datasetId: string;
  datasetName: string;
  entityId: string;
  name: string;
  score: number;
}

export interface MonitoredArticle {
  url: string;
  title: string;
  source: string;
  date: string | null;
  category: string;
}

/**
 * What changed between two checks (stored with the entity as `changes`, shown by the report). Facts only: every
 * display words them in its language.
 */
/** The facts of a check's changes a display words: how many matches came and went, the risk levels, what was not checked. */
export interface ChangeFacts {
  addedMatches: number;
  removedMatches: number;
  riskBefore: string | null;
  riskAfter: string | null;
  newMedia: number;
  notChecked: string[];
}

/** The facts of stored changes (a jsonb column: anything not of the expected shape reads as no facts). */
export function changeFacts(changes: unknown): ChangeFacts | null {
  if (!changes || typeof changes !== "object") return null;
  const c = changes as Partial<Record<keyof MonitoringChanges, unknown>>;
  const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  const level = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    addedMatches: count(c.addedMatches),
    removedMatches: count(c.removedMatches),
    riskBefore: level(c.riskBefore),
    riskAfter: level(c.riskAfter),
    newMedia: count(c.newMedia),
    notChecked: Array.isArray(c.notChecked) ? c.notChecked.filter((s): s is string => typeof s === "string") : [],
  };
}

export interface MonitoringChanges {
  checkedAt: string;
  /** The two checks compared. */
  previousSearchId: string | null;
  searchId: string;
  riskBefore: string | null;
  riskAfter: string | null;
  addedMatches: MonitoredMatch[];
  removedMatches: MonitoredMatch[];
  /** New negative or PEP articles (by URL). */
  newMedia: MonitoredArticle[];
  /** Sources that could not be checked this time: not a change, the previous findings were kept for them. */
  notChecked: string[];
  /** What set the check off: the schedule, or a new version of a list ("list_update"). */
  trigger: "schedule" | "list_update" | "manual";
}

/**
 * GET /api/monitoring/searches/{searchId}: whether the subject of one of the user's searches is monitored (a manual
 * search adds it when the owner's auto-add is on), and what each check costs, for the note on the result with its
 * one-click "Stop monitoring" (DELETE /api/monitoring/entities/{id}).
 */
export interface SearchMonitoringView {
  /** The monitored entry of the same name (any case) and type; null when the subject is not monitored. */
  entity: { id: string; status: MonitoringStatus; frequency: MonitoringFrequency } | null;
  /** Credits each automatic check costs (the automatedSearchCost setting); 0 for accounts that are not charged. */
  creditsPerCheck: number;
}

/** An entry of a group of spellings of one subject (lib/monitoring/variants.ts). */
export interface VariantEntry {
  id: string;
  searchTerm: string;
  createdAt: string;
}

/** One subject's entries: the one kept, and the auto-added spelling variants removing them removes. */
export interface VariantGroup {
  kept: VariantEntry;
  variants: VariantEntry[];
}

/** GET and DELETE /api/monitoring/variants: the groups (to remove, or removed) and how many variants they hold. */
export interface MonitoringVariants {
  groups: VariantGroup[];
  count: number;
}

/** ChangeFacts as the API answers them. */
export const changeFactsSchema = z.object({
  addedMatches: z.number().int(),
  removedMatches: z.number().int(),
  riskBefore: z.string().nullable(),
  riskAfter: z.string().nullable(),
  newMedia: z.number().int(),
  notChecked: z.array(z.string()),
});

/** A MonitoredEntityView as the API answers it (POST, PUT .../status, and the items of a page). */
export const monitoredEntityViewSchema = z.object({
  id: z.uuid(),
  searchTerm: z.string(),
  entityType: z.enum(["person", "company"]),
  country: z.string().nullable(),
  frequency: z.enum(MONITORING_FREQUENCIES),
  status: z.enum(MONITORING_STATUSES),
  waitingFor: z.enum(["credits"]).nullable(),
  lastChecked: z.string().nullable(),
  nextCheck: z.string().nullable(),
  hasChanges: z.boolean(),
  changeFacts: changeFactsSchema.nullable(),
  changesSummary: z.string().nullable(),
  source: z.enum(MONITORING_SOURCES),
  lastSearchId: z.string().nullable(),
  createdAt: z.string(),
  checkState: z.enum(CHECK_STATES),
  riskLevel: z.enum(RISK_LEVELS).nullable(),
  reviewStatus: z.enum(REVIEW_STATUSES).nullable(),
  openHits: z.number().int(),
  reviewSearchId: z.string().nullable(),
  reviewedRiskLevel: z.enum(RISK_LEVELS).nullable(),
  birthDate: z.string().nullable(),
  nationality: z.string().nullable(),
  identifiers: z.array(z.object({ kind: z.enum(IDENTIFIER_KINDS), value: z.string() })),
  customerRef: z.string().nullable(),
});

/** A page of GET /api/monitoring/entities (MonitoredList). */
export const monitoredListSchema = z.object({
  items: z.array(
    monitoredEntityViewSchema.extend({
      createdBy: z.object({ id: z.uuid(), name: z.string().nullable() }).meta({ description: "The member of the team who added it" }),
    }),
  ),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  counts: z.object({ all: z.number().int(), withChanges: z.number().int(), noChanges: z.number().int() }),
});

/** The schemas are the interfaces': the compiler refuses a field one has and the other lacks. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const viewShapesAgree: [
  Same<z.infer<typeof changeFactsSchema>, ChangeFacts>,
  Same<z.infer<typeof monitoredEntityViewSchema>, MonitoredEntityView>,
  Same<z.infer<typeof monitoredListSchema>, MonitoredList>,
] = [true, true, true];
void viewShapesAgree;
