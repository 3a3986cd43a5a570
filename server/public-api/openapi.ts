import { z } from "zod";
import { createdEmbedTokenSchema, createEmbedTokenSchema, DEFAULT_EMBED_SCOPES, EMBED_TOKEN_TTL } from "../../lib/embed/schemas.ts";
import { monitoringStatusSchema, newMonitoredEntitySchema } from "../../lib/monitoring/schemas.ts";
import {
  batchAcceptedSchema,
  batchStatusSchema,
  errorSchema,
  hitDecisionSchema,
  publicDecideHitSchema,
  publicSearchRequestSchema,
  publicSearchResultSchema,
  reviewStatusSchema,
} from "../../lib/public-api/schemas.ts";
import { API_KEY_LIMITS } from "../../lib/ratelimit/api-key-limits.ts";

/**
 * Schemas that appear in more than one place of an answer get a name of their own under components.schemas: a
 * generated client then declares one type for them instead of two of the same name (orval's ScreenName200ReviewStatus
 * for both `reviewStatus` and `review.status` would not compile).
 */
const named = z.registry<{ id: string }>();
named.add(reviewStatusSchema, { id: "ReviewStatus" });
const componentSchemas: Record<string, unknown> = {};

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: "any", metadata: named });
  const { $schema: _dialect, $defs, ...rest } = converted as Record<string, unknown>;
  Object.assign(componentSchemas, $defs);
  // zod refers to its named schemas as local $defs; in the document they live under components.schemas
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/')) as Record<string, unknown>;
}

const json = (schema: z.ZodType, io: "input" | "output" = "output") => ({
  "application/json": { schema: jsonSchema(schema, io) },
});

const errors = (codes: number[]) =>
  Object.fromEntries(
    codes.map((code) => [
      String(code),
      {
        description: {
          400: "Invalid parameters",
          401: "Missing or invalid API key, or an unknown or expired embed token",
          402: "Insufficient credits",
          403: "An embed token on a call that needs an API key or a scope it lacks, or from an origin its owner does not allow",
          404: "Not found, or not yours",
          413: "File too large",
          429: "Rate limit exceeded (see Retry-After)",
          500: "Server error",
        }[code],
        content: json(errorSchema),
      },
    ]),
  );

const rateLimitHeaders = {
  "RateLimit-Limit": { schema: { type: "integer" }, description: "Requests allowed in the tightest window" },
  "RateLimit-Remaining": { schema: { type: "integer" }, description: "Requests left in that window" },
  "RateLimit-Reset": { schema: { type: "integer" }, description: "Seconds until that window resets" },
};

const idParam = (name: string) => ({ name, in: "path", required: true, schema: { type: "string", format: "uuid" } });

/**
 * The API's terms: duecheck is not open source, so there is no SPDX identifier to give; generators and API catalogues
 * want the field, and its name says where the terms are.
 */
const API_LICENSE = { name: "Proprietary: use under the terms of your duecheck service agreement" };

/**
 * OpenAPI 3.1 description of /api/v1, generated from the zod schemas the routes validate with. Every operation has an
 * operationId (camelCase, unique): generated clients name their methods after it, so an id, once published, is never
 * renamed (tests/server/openapi-client.test.ts holds the list).
 */
export function openApiDocument(serverUrl: string) {
  const limits = API_KEY_LIMITS.map((l) => `${l.limit} per ${l.name}`).join(", ");
  const document = {
    openapi: "3.1.0",
    info: {
      title: "duecheck public API",
      version: "1.0.0",
      license: API_LICENSE,
      description: `Screen people and companies against sanctions lists, PEP lists and adverse media. Authenticate with an API key from the API Access page: \`Authorization: Bearer <key>\`. Each search is charged to the key's owner. Rate limits per key: ${limits}.\n\nEmbedded components in a browser never get the key: your backend asks POST /embed-tokens for a short-lived embed token (\`dce_...\`) and hands it to the page, which sends it the same way (\`Authorization: Bearer <embed token>\`) to the calls the embedded components make (searches and their exports, the list search, batches, monitoring) only, and decisions on hits when the token was created with the \`decisions\` scope. Searches are charged to the key's owner and count against the key's rate limits. Browsers may call from the origins listed under API Access, Embedding (CORS).`,
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API key (dck_...), or on the embedded components' calls an embed token (dce_...)" },
      },
    },
    paths: {
      "/search": {
        post: {
          operationId: "screenName",
          summary: "Screen a name",
          description:
            "Charges the manual search cost. Answers when the search has ended, or after `wait` seconds with status processing (then poll GET /search/{searchId}).",
          parameters: [{ name: "wait", in: "query", schema: { type: "integer", minimum: 0, maximum: 60, default: 30 } }],
          requestBody: { required: true, content: json(publicSearchRequestSchema, "input") },
          responses: {
            "200": { description: "The search", headers: rateLimitHeaders, content: json(publicSearchResultSchema) },
            ...errors([400, 401, 402, 403, 429, 500]),
          },
        },
      },
      "/search/{searchId}": {
        get: {
          operationId: "getSearch",
          summary: "A search, its results and its review",
          description:
            "With `wait` (seconds, 0-60, default 0) the answer comes once the search has ended, or as it stands after that time. Every hit in the results carries its `hitId`; `review` holds the decisions on them and the review status that follows.",
          parameters: [idParam("searchId"), { name: "wait", in: "query", schema: { type: "integer", minimum: 0, maximum: 60, default: 0 } }],
          responses: {
            "200": { description: "The search", headers: rateLimitHeaders, content: json(publicSearchResultSchema) },
            ...errors([401, 403, 404, 429, 500]),
          },
        },
      },
      "/search/{searchId}/decisions": {
        post: {
          operationId: "decideHit",
          summary: "Decide a hit: true match or false positive",
          description:
            "A flagged hit of one of your searches (its `hitId` in the results: a sanctions hit, a PEP listing or a negative article), with a reason: for a false positive different_birth_date, different_nationality, different_gender, common_name or other; for a true match confirmed_identity or other (`text` required with other). `remember` (false positives of listings only) clears the listing for this subject in later screenings until the listing changes. With four-eyes review on, the decision is `proposed` until another reviewer approves it. Free of charge; subscribed webhooks get `review.decided` once it takes effect. An embed token needs the `decisions` scope.",
          parameters: [idParam("searchId")],
          requestBody: { required: true, content: json(publicDecideHitSchema, "input") },
          responses: {
            "201": { description: "The decision", headers: rateLimitHeaders, content: json(hitDecisionSchema) },
            ...errors([400, 401, 403, 404, 429, 500]),
            "409": {
              description:
                "The search has not completed, the hit is not flagged or is covered by a remembered clearance, or it was already decided (send `replaces` with its decision id to change it)",
              content: json(errorSchema),
            },
          },
        },
      },
      "/embed-tokens": {
        post: {
          operationId: "createEmbedToken",
          summary: "An embed token for a browser",
          description: `With an API key only. A token for the embedded screening components: bound to the key's owner, scoped to screening calls (\`scopes\`, default ${JSON.stringify(DEFAULT_EMBED_SCOPES)}; add \`decisions\` to let it decide hits), valid for \`ttlSeconds\` (default ${EMBED_TOKEN_TTL.defaultSeconds}, from ${EMBED_TOKEN_TTL.minSeconds} to ${EMBED_TOKEN_TTL.maxSeconds}). The token is in this answer only. Ask for a new one when it expires (401).`,
          requestBody: { required: false, content: json(createEmbedTokenSchema, "input") },
          responses: {
            "201": { description: "The token", headers: rateLimitHeaders, content: json(createdEmbedTokenSchema) },
            ...errors([400, 401, 403, 429, 500]),
          },
        },
      },
      "/batch": {
        post: {
          operationId: "createBatch",
          summary: "Screen every row of a CSV file",
          description:
            "multipart/form-data with a CSV in the field `file`: a header row with Name and Type (person or company) columns; optional language, country, numLinks. All rows are charged and queued together, or none (402).",
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: ["file"],
                  properties: { file: { type: "string", format: "binary" }, name: { type: "string" } },
                },
              },
            },
          },
          responses: {
            "200": { description: "The batch was accepted", headers: rateLimitHeaders, content: json(batchAcceptedSchema) },
            ...errors([400, 401, 402, 403, 413, 429, 500]),
          },
        },
      },
      "/search/{searchId}/export/{format}": {
        get: {
          operationId: "exportSearch",
          summary: "A completed search's report",
          description: "The PDF (`pdf`) or Excel (`excel`) report, as a download (Content-Disposition). 409 until the search has completed.",
          parameters: [idParam("searchId"), { name: "format", in: "path", required: true, schema: { type: "string", enum: ["pdf", "excel"] } }],
          responses: {
            "200": {
              description: "The report file",
              headers: rateLimitHeaders,
              content: {
                "application/pdf": { schema: { type: "string", format: "binary" } },
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: { type: "string", format: "binary" } },
              },
            },
            ...errors([400, 401, 403, 404, 429, 500]),
            "409": { description: "The search has not completed (or failed)", content: json(errorSchema) },
          },
        },
      },
      "/sanctions/search": {
        get: {
          operationId: "searchSanctionsLists",
          summary: "Search the sanctions and PEP lists by name",
          description:
            "Free of charge. `dataset`: sanctions (default), peps or a dataset id (repeatable); `type`: person or company; `limit` 1-50; query by example: `birthDate`, `nationality`, `identifier` (KIND:VALUE, repeatable). 503 (with `lists`) when none of the lists has data.",
          parameters: ["term", "dataset", "type", "limit", "birthDate", "nationality", "identifier"].map((name) => ({
            name,
            in: "query",
            required: name === "term",
            schema: { type: "string" },
          })),
          responses: {
            "200": { description: "{ found, results, searched, lists }", headers: rateLimitHeaders },
            ...errors([400, 401, 403, 404, 429, 500]),
          },
        },
      },
      "/monitoring/entities": {
        get: {
          operationId: "listMonitoredEntities",
          summary: "Monitored entities",
          description: "`{ items, nextCursor, total, counts }`, newest first; `changes` all, with or without; `q`, `limit`, `cursor`.",
          responses: { "200": { description: "A page of monitored entities", headers: rateLimitHeaders }, ...errors([400, 401, 403, 429, 500]) },
        },
        post: {
          operationId: "monitorName",
          summary: "Monitor a name",
          requestBody: { required: true, content: json(newMonitoredEntitySchema, "input") },
          responses: {
            "201": { description: "The monitored entity", headers: rateLimitHeaders },
            ...errors([400, 401, 403, 429, 500]),
            "409": { description: "Already monitored", content: json(errorSchema) },
          },
        },
      },
      "/monitoring/entities/{entityId}/status": {
        put: {
          operationId: "setMonitoringStatus",
          summary: "Pause or resume monitoring",
          parameters: [idParam("entityId")],
          requestBody: { required: true, content: json(monitoringStatusSchema, "input") },
          responses: { "200": { description: "The monitored entity", headers: rateLimitHeaders }, ...errors([400, 401, 403, 404, 429, 500]) },
        },
      },
      "/monitoring/entities/{entityId}": {
        delete: {
          operationId: "stopMonitoring",
          summary: "Stop monitoring (past checks stay in the history)",
          parameters: [idParam("entityId")],
          responses: { "200": { description: "{ success: true }", headers: rateLimitHeaders }, ...errors([401, 403, 404, 429, 500]) },
        },
      },
      "/batch/{batchId}": {
        get: {
          operationId: "getBatch",
          summary: "A batch's progress",
          parameters: [idParam("batchId")],
          responses: {
            "200": { description: "The batch", headers: rateLimitHeaders, content: json(batchStatusSchema) },
            ...errors([401, 403, 404, 429, 500]),
          },
        },
      },
    },
  };
  // the named schemas the operations' schemas referred to, gathered while they were converted above
  return { ...document, components: { ...document.components, schemas: { ...componentSchemas } } };
}
