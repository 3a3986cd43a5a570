/** The /api/v1 calls of the list search and of monitoring, as route definitions. */
import { z } from "zod";
import {
  monitoredEntitiesQuerySchema,
  monitoredEntityViewSchema,
  monitoredListSchema,
  monitoringStatusSchema,
  newMonitoredEntitySchema,
} from "../monitoring/schemas.ts";
import { teamScopeQuerySchema } from "../organisations/contract.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../paging-contract.ts";
import { listSearchAnswerSchema } from "../sanctions/contract.ts";
import { searchQuerySchema } from "../sanctions/datasets/schemas.ts";
import { text } from "../validation/text.ts";
import { answer, defineRoute, json, needs, queryInteger, refusal, refusals, rowId } from "./route-kit.ts";
import { successSchema } from "./schemas.ts";

/**
 * The list search's query. term, type and limit have their rules here; dataset and identifier repeat (every value
 * is read), and the details (birthDate, nationality, identifier as KIND:VALUE) are checked by the search itself, as
 * on a search's details.
 */
export const listSearchQuerySchema = searchQuerySchema.extend({
  limit: queryInteger(searchQuerySchema.shape.limit, "Results wanted, 1-50 (default 10)"),
  dataset: z.array(z.string()).optional().meta({ description: "sanctions (default), peps or a dataset id; repeatable" }),
  birthDate: z.string().optional().meta({ description: "1956 or 1956-03-04" }),
  nationality: z.string().optional().meta({ description: "An ISO 3166 country code" }),
  identifier: z.array(z.string()).optional().meta({ description: "KIND:VALUE (passport, national_id, tax_id, imo, lei, crypto_wallet); repeatable" }),
});

export const searchSanctionsLists = defineRoute({
  method: "get",
  path: "/sanctions/search",
  operationId: "searchSanctionsLists",
  security: needs("read"),
  summary: "Search the sanctions and PEP lists by name",
  description:
    "Free of charge. `dataset`: sanctions (default), peps or a dataset id (repeatable); `type`: person or company; `limit` 1-50; query by example: `birthDate`, `nationality`, `identifier` (KIND:VALUE, repeatable). 503 (with `lists`) when none of the lists has data.",
  request: { query: listSearchQuerySchema },
  responses: {
    200: answer("{ found, results, searched, lists }", listSearchAnswerSchema),
    ...refusals([400, 401, 403, 404, 429, 500]),
    503: { description: "None of the lists asked for has data: `error`, and `lists` with their states", content: json(listSearchAnswerSchema) },
  },
});

/**
 * The monitoring list's query: a page (limit, and cursor: the nextCursor of the page before), a part of the name
 * (q), the tab and filters, and whose (scope: the key's owner's own, or the team's they may read). The server reads
 * the cursor's content itself.
 */
export const monitoringListQuerySchema = z
  .object({
    limit: queryInteger(
      z.coerce
        .number({ error: "limit must be a number" })
        .int("limit must be a whole number")
        .min(1, "limit must be at least 1")
        .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
        .default(DEFAULT_PAGE_SIZE),
      `Entities per page, 1-${MAX_PAGE_SIZE}`,
    ),
    cursor: z.string().optional().meta({ description: "The nextCursor of the page before" }),
    q: text({ field: "q", max: 200 }).optional(),
  })
  .extend(monitoredEntitiesQuerySchema.shape)
  .extend(teamScopeQuerySchema.shape);

export const listMonitoredEntities = defineRoute({
  method: "get",
  path: "/monitoring/entities",
  operationId: "listMonitoredEntities",
  security: needs("read"),
  summary: "Monitored entities",
  description:
    "`{ items, nextCursor, total, counts }`, newest first, each with `createdBy`; `changes` all, with or without; `q`, `limit`, `cursor`; `scope` mine (default) or team.",
  request: { query: monitoringListQuerySchema },
  responses: { 200: answer("A page of monitored entities", monitoredListSchema), ...refusals([400, 401, 403, 429, 500]) },
});

export const monitorName = defineRoute({
  method: "post",
  path: "/monitoring/entities",
  operationId: "monitorName",
  security: needs("monitor"),
  summary: "Monitor a name",
  request: { body: { required: true, content: json(newMonitoredEntitySchema) } },
  responses: {
    201: answer("The monitored entity", monitoredEntityViewSchema),
    ...refusals([400, 401, 403, 429, 500]),
    409: refusal("Already monitored"),
  },
});

const entityParams = z.object({ entityId: rowId("The monitored entity's id") });

export const setMonitoringStatus = defineRoute({
  method: "put",
  path: "/monitoring/entities/{entityId}/status",
  operationId: "setMonitoringStatus",
  security: needs("monitor"),
  summary: "Pause or resume monitoring",
  request: { params: entityParams, body: { required: true, content: json(monitoringStatusSchema) } },
  responses: { 200: answer("The monitored entity", monitoredEntityViewSchema), ...refusals([400, 401, 403, 404, 429, 500]) },
});

export const stopMonitoring = defineRoute({
  method: "delete",
  path: "/monitoring/entities/{entityId}",
  operationId: "stopMonitoring",
  security: needs("monitor"),
  summary: "Stop monitoring (past checks stay in the history)",
  request: { params: entityParams },
  responses: { 200: answer("{ success: true }", successSchema), ...refusals([401, 403, 404, 429, 500]) },
});
