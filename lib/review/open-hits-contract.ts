/**
 * The caller's open hits as a page: the query and the answer of GET /api/v1/hits/open and the MCP server's
 * list_open_hits (zod only: the public API's definitions, which the browser package loads, include this file).
 */
import { z } from "zod";
import { riskLevelSchema } from "../screening/results.ts";
import { ENTITY_TYPES } from "../screening/schemas.ts";
import { explainedHitSchema } from "./hit-explanations.ts";

export const OPEN_HITS_DEFAULT_LIMIT = 20;
export const OPEN_HITS_MAX_LIMIT = 100;

export const openHitsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(OPEN_HITS_MAX_LIMIT, `limit must be at most ${OPEN_HITS_MAX_LIMIT}`)
    .default(OPEN_HITS_DEFAULT_LIMIT),
  cursor: z.string().max(300, "Invalid cursor").optional(),
});
export type OpenHitsQuery = z.input<typeof openHitsQuerySchema>;

export const openHitSchema = explainedHitSchema.omit({ cleared: true }).extend({
  searchId: z.uuid(),
  searchTerm: z.string(),
  entityType: z.enum(ENTITY_TYPES),
  riskLevel: riskLevelSchema.nullable(),
  searchCreatedAt: z.string(),
  /** A decision was proposed and waits for a second reviewer (four eyes): the hit stays open until it is approved. */
  awaitingApproval: z.boolean(),
});
export type OpenHit = z.infer<typeof openHitSchema>;

export const openHitsPageSchema = z.object({
  items: z.array(openHitSchema),
  /** Pass as cursor for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** Open hits across every such search. */
  total: z.number().int(),
});
export type OpenHitsPage = z.infer<typeof openHitsPageSchema>;
