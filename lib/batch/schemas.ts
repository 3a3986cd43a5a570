/**
 * The contract of batches: the request schemas of the batch calls (the two-step create of the web app, a batch then
 * its entities; the results filter) and the views the server answers with. Only zod and the shared text rule are
 * imported: the web bundle includes this file.
 */
import { z } from "zod";
import type { MadeBy } from "../organisations/contract.ts";
import type { ReviewStatus } from "../review/contract.ts";
import { text } from "../validation/text.ts";
import { BATCH_NAME_MAX } from "./batch-name.ts";
import { batchEntitySchema } from "./entity-schema.ts";

/** Rows of one batch from the web and the CLI (the public API keeps its own 1,000). */
export const MAX_BATCH_ENTITIES = 100_000;
/** A JSON body of 100,000 entities stays well under this; the other JSON routes keep 64 KB. */
export const MAX_BATCH_ENTITIES_BODY_BYTES = 20 * 1024 * 1024;

export const batchName = text({ field: "name", max: BATCH_NAME_MAX }).min(1, "name is required");

const totalEntities = z
  .number({ error: "totalEntities must be a number" })
  .int("totalEntities must be a whole number")
  .min(1, "totalEntities must be at least 1")
  .max(MAX_BATCH_ENTITIES, `totalEntities must be at most ${MAX_BATCH_ENTITIES.toLocaleString("en")}`);

/**
 * POST /api/batch-jobs. The web screen sends status 'processing'; the batch is stored 'pending' all the same until
 * its entities arrive, so a batch whose entities never came says so.
 */
export const newBatchSchema = z.strictObject(
  {
    name: batchName,
    totalEntities,
    status: z.enum(["pending", "processing"], { error: "status must be processing" }).optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
);
export type NewBatch = z.output<typeof newBatchSchema>;

/**
 * POST /api/batch-jobs/{id}/entities: every entity is a search request (the CSV rules' defaults apply) with its
 * subject's birthDate, nationality and identifiers, and a customerRef (entity-schema.ts).
 */
export const batchEntitiesSchema = z.strictObject(
  {
    entities: z
      .array(batchEntitySchema, { error: "entities must be a list" })
      .min(1, "entities must not be empty")
      .max(MAX_BATCH_ENTITIES, `A batch can have at most ${MAX_BATCH_ENTITIES.toLocaleString("en")} entities`),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
);

export const RISK_LEVELS = ["critical", "high", "medium", "low"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const riskLevelFilter = z.enum(RISK_LEVELS, { error: `riskLevel must be one of ${RISK_LEVELS.join(", ")}` });

export const BATCH_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** A batch as the API, the CLI's --json and the batch.completed webhook show it (lib/batch/batch-read.ts). */
export interface BatchView {
  id: string;
  name: string;
  /** Pending until its entities arrive, then processing until every search has ended. */
  status: BatchStatus;
  totalEntities: number;
  processedEntities: number;
  failedEntities: number;
  createdAt: string;
  completedAt: string | null;
}

/** A batch as its team reads it (GET /api/batch-jobs and /api/batch-jobs/{id}): with the member who made it. */
export interface TeamBatchView extends BatchView {
  createdBy: MadeBy;
}

/** A batch as admins and auditors read it across users (GET /api/admin/batch-jobs), with its owner. */
export interface AdminBatchView extends BatchView {
  userId: string;
  userEmail: string;
}

/** GET /api/admin/batch-jobs?q=&userId=&limit=&cursor= (q: part of the batch's name or of its owner's email). */
export const adminBatchesQuerySchema = z.object({
  q: text({ field: "q", max: 200 }).optional(),
  userId: z.uuid({ error: "userId must be a user id" }).optional(),
});
export type AdminBatchesFilter = z.output<typeof adminBatchesQuerySchema>;

/** POST /api/batch-jobs/{id}/entities: the batch, now processing, with what it was charged. */
export interface StartedBatch extends BatchView {
  creditsRequired: number;
}

/** GET /api/batch-jobs/{id}/results: one row per entity of the batch. */
export interface BatchResultRow {
  searchId: string;
  searchTerm: string;
  entityType: "person" | "company";
  /** The entity's search. */
  status: "pending" | "processing" | "completed" | "failed";
  riskLevel: string | null;
  /** What reviewers made of its hits, beside its risk level; null until the search has completed. */
  reviewStatus: ReviewStatus | null;
  /** Its flagged hits nobody decided yet. */
  openHits: number;
  /** Sanctions lists with a match. */
  sanctionsMatches: number;
  /** News articles found; null when no news source answered (not checked: unknown, not none). */
  mediaCount: number | null;
  /** The details the row was screened with (null or empty when it gave none), and the customer's reference. */
  birthDate: string | null;
  nationality: string | null;
  identifiers: { kind: string; value: string }[];
  customerRef: string | null;
}
