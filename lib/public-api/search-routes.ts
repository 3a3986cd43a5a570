/** The /api/v1 calls of searches, their decisions and reports, batches and embed tokens, as route definitions. */
import { z } from "zod";
import { createdEmbedTokenSchema, createEmbedTokenSchema, DEFAULT_EMBED_SCOPES, EMBED_TOKEN_TTL } from "../embed/schemas.ts";
import { answer, defineRoute, json, needs, queryInteger, refusal, refusals, rowId } from "./route-kit.ts";
import {
  batchAcceptedSchema,
  batchNameSchema,
  batchStatusSchema,
  exportFormatSchema,
  hitDecisionSchema,
  publicDecideHitSchema,
  publicSearchRequestSchema,
  publicSearchResultSchema,
  readWaitQuerySchema,
  waitQuerySchema,
} from "./schemas.ts";

const searchParams = z.object({ searchId: rowId("The search's id") });

export const screenName = defineRoute({
  method: "post",
  path: "/search",
  operationId: "screenName",
  security: needs("screen"),
  summary: "Screen a name",
  description:
    "Charges the manual search cost. Answers when the search has ended, or after `wait` seconds with status processing (then poll GET /search/{searchId}).",
  request: {
    query: z.object({ wait: queryInteger(waitQuerySchema.shape.wait, "Seconds to wait for the search to end (0-60)") }),
    body: { required: true, content: json(publicSearchRequestSchema) },
  },
  responses: { 200: answer("The search", publicSearchResultSchema), ...refusals([400, 401, 402, 403, 429, 500]) },
});

export const getSearch = defineRoute({
  method: "get",
  path: "/search/{searchId}",
  operationId: "getSearch",
  security: needs("read"),
  summary: "A search, its results and its review",
  description:
    "With `wait` (seconds, 0-60, default 0) the answer comes once the search has ended, or as it stands after that time. Every hit in the results carries its `hitId`; `review` holds the decisions on them and the review status that follows.",
  request: {
    params: searchParams,
    query: z.object({ wait: queryInteger(readWaitQuerySchema.shape.wait, "Seconds to wait for the search to end (0-60)") }),
  },
  responses: { 200: answer("The search", publicSearchResultSchema), ...refusals([401, 403, 404, 429, 500]) },
});

export const decideHit = defineRoute({
  method: "post",
  path: "/search/{searchId}/decisions",
  operationId: "decideHit",
  security: needs("review"),
  summary: "Decide a hit: true match or false positive",
  description:
    "A flagged hit of one of your searches (its `hitId` in the results: a sanctions hit, a PEP listing or a negative article), with a reason: for a false positive different_birth_date, different_nationality, different_gender, common_name or other; for a true match confirmed_identity or other (`text` required with other). `remember` (false positives of listings only) clears the listing for this subject in later screenings until the listing changes. With four-eyes review on, the decision is `proposed` until another reviewer approves it. Free of charge; subscribed webhooks get `review.decided` once it takes effect. An embed token needs the `decisions` scope.",
  request: { params: searchParams, body: { required: true, content: json(publicDecideHitSchema) } },
  responses: {
    201: answer("The decision", hitDecisionSchema),
    ...refusals([400, 401, 403, 404, 429, 500]),
    409: refusal(
      "The search has not completed, the hit is not flagged or is covered by a remembered clearance, or it was already decided (send `replaces` with its decision id to change it)",
    ),
  },
});

export const exportSearch = defineRoute({
  method: "get",
  path: "/search/{searchId}/export/{format}",
  operationId: "exportSearch",
  security: needs("read"),
  summary: "A completed search's report",
  description: "The PDF (`pdf`) or Excel (`excel`) report, as a download (Content-Disposition). 409 until the search has completed.",
  request: { params: searchParams.extend({ format: exportFormatSchema }) },
  responses: {
    200: {
      description: "The report file",
      content: {
        "application/pdf": { schema: z.string().meta({ format: "binary" }) },
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: z.string().meta({ format: "binary" }) },
      },
    },
    ...refusals([400, 401, 403, 404, 429, 500]),
    409: refusal("The search has not completed (or failed)"),
  },
});

export const createEmbedToken = defineRoute({
  method: "post",
  path: "/embed-tokens",
  operationId: "createEmbedToken",
  security: needs("screen"),
  summary: "An embed token for a browser",
  description: `With an API key only. A token for the embedded screening components: bound to the key's owner, scoped to screening calls (\`scopes\`, default ${JSON.stringify(DEFAULT_EMBED_SCOPES)}; add \`decisions\` to let it decide hits), valid for \`ttlSeconds\` (default ${EMBED_TOKEN_TTL.defaultSeconds}, from ${EMBED_TOKEN_TTL.minSeconds} to ${EMBED_TOKEN_TTL.maxSeconds}). The token is in this answer only. Ask for a new one when it expires (401).`,
  request: { body: { required: false, content: json(createEmbedTokenSchema) } },
  responses: { 201: answer("The token", createdEmbedTokenSchema), ...refusals([400, 401, 403, 429, 500]) },
});

export const createBatch = defineRoute({
  method: "post",
  path: "/batch",
  operationId: "createBatch",
  security: needs("screen"),
  summary: "Screen every row of a CSV file",
  description:
    "multipart/form-data with a CSV in the field `file`: a header row with Name and Type (person or company) columns; optional language, country, numLinks, and the subject's birthDate (also date of birth, dob), nationality (ISO 3166 code), identifiers (KIND:VALUE items separated by | or ;, or a column per kind: passport, national id, tax id, imo, lei, crypto wallet) and customerRef (also customer reference, reference), header names read in any case with spaces, underscores and dashes ignored. The details are screened as a search's `details`. Columns the batch does not read are answered in `unknownColumns`; a bad value is 400 naming its line. All rows are charged and queued together, or none (402).",
  request: {
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z.object({ file: z.file().meta({ type: "string", format: "binary" }), name: batchNameSchema.optional() }),
        },
      },
    },
  },
  responses: { 200: answer("The batch was accepted", batchAcceptedSchema), ...refusals([400, 401, 402, 403, 413, 429, 500]) },
});

export const getBatch = defineRoute({
  method: "get",
  path: "/batch/{batchId}",
  operationId: "getBatch",
  security: needs("read"),
  summary: "A batch's progress",
  request: { params: z.object({ batchId: rowId("The batch's id") }) },
  responses: { 200: answer("The batch", batchStatusSchema), ...refusals([401, 403, 404, 429, 500]) },
});
