import { zodToOpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { OpenAPIHono } from "@hono/zod-openapi";
import { PUBLIC_API_ROUTES } from "../../lib/public-api/routes.ts";
import { reviewStatusSchema } from "../../lib/public-api/schemas.ts";
import { API_KEY_LIMITS } from "../../lib/ratelimit/api-key-limits.ts";

/**
 * Schemas that appear in more than one place of an answer get a name of their own under components.schemas: a
 * generated client then declares one type for them instead of two of the same name (orval's ScreenName200ReviewStatus
 * for both `reviewStatus` and `review.status` would not compile). The generator names the very schema object the
 * answers use, so the name is set on it where the generator reads names, not on a copy.
 */
const NAMED_SCHEMAS = [{ schema: reviewStatusSchema, name: "ReviewStatus" }];
for (const { schema, name } of NAMED_SCHEMAS) zodToOpenAPIRegistry.add(schema, { _internal: { refId: name } });

/** The routes' definitions, registered once: paths, parameters, bodies and answers all come from their schemas. */
const described = new OpenAPIHono();
for (const route of Object.values(PUBLIC_API_ROUTES)) described.openAPIRegistry.registerPath(route);
described.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
  type: "http",
  scheme: "bearer",
  description: "An API key (dck_...), or on the embedded components' calls an embed token (dce_...)",
});

/**
 * The API's terms: duecheck is not open source, so there is no SPDX identifier to give; generators and API catalogues
 * want the field, and its name says where the terms are.
 */
const API_LICENSE = { name: "Proprietary: use under the terms of your duecheck service agreement" };

const limits = API_KEY_LIMITS.map((l) => `${l.limit} per ${l.name}`).join(", ");
const DESCRIPTION = `Screen people and companies against sanctions lists, PEP lists and adverse media. Authenticate with an API key from the API Access page: \`Authorization: Bearer <key>\`. Each search is charged to the key's owner. Rate limits per key: ${limits}.\n\nEmbedded components in a browser never get the key: your backend asks POST /embed-tokens for a short-lived embed token (\`dce_...\`) and hands it to the page, which sends it the same way (\`Authorization: Bearer <embed token>\`) to the calls the embedded components make (searches and their exports, the list search, batches, monitoring) only, and decisions on hits when the token was created with the \`decisions\` scope. Searches are charged to the key's owner and count against the key's rate limits. Browsers may call from the origins listed under API Access, Embedding (CORS).`;

/** The OpenAPI 3.1 description of /api/v1, generated from the route definitions (lib/public-api/routes.ts). */
export function openApiDocument(serverUrl: string) {
  return described.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "duecheck public API", version: "1.0.0", license: API_LICENSE, description: DESCRIPTION },
    servers: [{ url: `${serverUrl}/api/v1` }],
    security: [{ bearerAuth: [] }],
  });
}
