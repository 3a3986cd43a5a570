/** The public API's request and answer shapes; the routes validate with them and the OpenAPI document is made from them. */
import { z } from "zod";
import { mediaItemSchema, pepListingSchema, riskLevelSchema, riskReasonSchema, sanctionsRowSchema, searchResultsSchema } from "../screening/results.ts";
import { createSearchSchema, searchDetailsSchema, waitQuerySchema as waitQuerySchemaFor } from "../screening/schemas.ts";
import { text } from "../validation/text.ts";

export const publicSearchRequestSchema = createSearchSchema;

/** The optional `name` form field of POST /api/v1/batch. */
export const batchNameSchema = text({ field: "name", max: 200 });

/** GET /api/v1/search/{searchId}/export/{format}. */
export const exportFormatSchema = z.enum(["pdf", "excel"], { error: "format must be pdf or excel" });

export const waitQuerySchema = waitQuerySchemaFor({ max: 60, fallback: 30 });

/** GET /api/v1/search/{searchId}?wait=N: answer once the search has ended, or after N seconds (default 0: at once). */
export const readWaitQuerySchema = waitQuerySchemaFor({ max: 60, fallback: 0 });

export const publicSearchResultSchema = z.object({
  id: z.uuid(),
  searchTerm: z.string(),
  entityType: z.enum(["person", "company"]),
  /** Query by example: the birth date, nationality and identifiers the search carried; null when none. */
  details: searchDetailsSchema.nullable(),
  status: z.enum(["pending", "processing", "completed", "failed"]),
  riskLevel: riskLevelSchema.nullable(),
  riskReasons: z.array(riskReasonSchema),
  sanctionsList: z.array(sanctionsRowSchema),
  /** News articles only; PEP listings are in pepListings. */
  adverseMedia: z.array(mediaItemSchema),
  pepListings: z.array(pepListingSchema),
  /** not_checked: every news provider failed (or none is configured), so an empty adverseMedia means unknown, not none. */
  adverseMediaStatus: z.enum(["checked", "not_checked"]).nullable(),
  aiSummary: z.string().nullable(),
  creditsUsed: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  results: searchResultsSchema.nullable(),
});

export const batchAcceptedSchema = z.object({
  batchId: z.uuid(),
  totalEntities: z.number().int(),
  status: z.enum(["pending", "processing", "completed", "failed"]),
  creditsRequired: z.number().int(),
});

export const batchStatusSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(["pending", "processing", "completed", "failed"]),
  totalEntities: z.number().int(),
  processedEntities: z.number().int(),
  failedEntities: z.number().int(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  searches: z.array(z.object({ id: z.uuid(), searchTerm: z.string(), status: z.string(), riskLevel: z.string().nullable() })),
});

export const errorSchema = z.object({ error: z.string() });
