/**
 * Request schemas and the view of monitored entities (the /automatic-screening screen and the monitoring calls).
 * Only zod and the shared text rule are imported: the web bundle includes this file.
 */
import { z } from "zod";
import type { Page } from "../paging-contract.ts";
import { searchTerm } from "../screening/schemas.ts";

export const MONITORING_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type MonitoringFrequency = (typeof MONITORING_FREQUENCIES)[number];
export const MONITORING_STATUSES = ["active", "paused"] as const;
export type MonitoringStatus = (typeof MONITORING_STATUSES)[number];
/** Where an entry came from: added by hand, or from a manual search (auto-add). */
export const MONITORING_SOURCES = ["manual", "search"] as const;
export type MonitoringSource = (typeof MONITORING_SOURCES)[number];

/** The spec's validation message of the Add Entity dialog. */
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
  /** What the last check that changed something found, in the owner's report language. */
  changesSummary: string | null;
  source: MonitoringSource;
  /** The last check's search (open it with /?view={id}). */
  lastSearchId: string | null;
  createdAt: string;
}

/** GET /api/monitoring/entities?changes=all|with|without&q=&limit=&cursor= (the tabs of the screen). */
export const monitoredEntitiesQuerySchema = z.object({
  changes: z.enum(["all", "with", "without"], { error: "changes must be all, with or without" }).default("all"),
});

/** The tab counts of the screen, over all the user's entries whatever the filter. */
export interface MonitoringCounts {
  all: number;
  withChanges: number;
  noChanges: number;
}

/** A page of GET /api/monitoring/entities: one tab's entries, with the counts of all three tabs. */
export interface MonitoredList extends Page<MonitoredEntityView> {
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
