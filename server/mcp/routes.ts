import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { type Context, Hono } from "hono";
import { authenticateApiKey } from "../../lib/auth/api-keys.ts";
import { isEmbedToken } from "../../lib/embed/tokens.ts";
import { AppError } from "../../lib/errors.ts";
import { keyPrincipal } from "../../lib/mcp/principal.ts";
import { createMcpServer } from "../../lib/mcp/server.ts";
import { countingBearerFailures } from "../../lib/ratelimit/address-throttles.ts";
import { appBaseUrl } from "../app-base-url.ts";
import type { AppEnv } from "../context.ts";
import { sanctionsService } from "../sanctions/service.ts";
import { screeningService } from "../screening/service.ts";

/** A request body larger than this is refused (413) before it is read: the public API's JSON limit. */
const MAX_BODY_BYTES = 64 * 1024;

/** An MCP error answer (JSON-RPC, no id), with the HTTP status it goes with. */
function refusal(c: Context<AppEnv>, status: 401 | 403 | 405 | 429, message: string, headers: Record<string, string> = {}) {
  return c.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, status, headers);
}

/** The caller of an MCP request: an API key's owner (failed attempts counted per address, as on /api/v1). */
async function principalOf(c: Context<AppEnv>) {
  const authorization = c.req.header("authorization");
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  // An embed token is made for a browser's embedded components and their calls alone.
  if (bearer && isEmbedToken(bearer)) throw new AppError(401, "An embed token cannot call the MCP server: send an API key as 'Authorization: Bearer <key>'");
  const { db } = c.get("ctx").database;
  const ipAddress = c.get("clientIp");
  const key = await countingBearerFailures(db, ipAddress, () => authenticateApiKey(db, authorization, { ipAddress }));
  return keyPrincipal(key, ipAddress);
}

/**
 * /mcp: the MCP server over Streamable HTTP, stateless (a server and a transport per request, no session), answers as
 * JSON rather than event streams. Authenticated by an API key as a bearer token; each tool call and resource read
 * counts against the key's limits and needs its scope (lib/mcp/tool-kit.ts). GET (a server-sent event stream),
 * DELETE (ending a session) and the other methods have nothing to serve without sessions: 405.
 */
export const mcpRoutes = new Hono<AppEnv>()
  .post("/", async (c) => {
    let principal: Awaited<ReturnType<typeof principalOf>>;
    try {
      principal = await principalOf(c);
    } catch (error) {
      if (error instanceof AppError && (error.status === 401 || error.status === 403 || error.status === 429)) {
        const headers: Record<string, string> = error.status === 401 ? { "WWW-Authenticate": 'Bearer realm="duecheck"' } : {};
        if (error.retryAfterSeconds) headers["Retry-After"] = String(error.retryAfterSeconds);
        return refusal(c, error.status, error.message, headers);
      }
      throw error;
    }
    const { database } = c.get("ctx");
    // A screening waits up to 30 s for its search: longer than Bun's idle timeout.
    c.env?.noTimeout?.(c.req.raw);
    const server = createMcpServer(
      {
        db: database.db,
        queue: screeningService(database).queue,
        sanctions: sanctionsService(database).index,
        appBaseUrl: appBaseUrl(c),
        signal: c.req.raw.signal,
      },
      principal,
    );
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MAX_BODY_BYTES,
    });
    try {
      await server.connect(transport);
      return await transport.handleRequest(c.req.raw);
    } finally {
      await server.close();
    }
  })
  .all("/", (c) => refusal(c, 405, "Method not allowed: this MCP server is stateless and answers POST only (no event stream, no session)", { Allow: "POST" }));
