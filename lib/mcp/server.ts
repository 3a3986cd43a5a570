/**
 * duecheck's MCP server: seven tools and two kinds of resources over the same lib/ functions as the public API, for
 * one caller (a key's owner over HTTP, a user of the host over stdio). A server is made per caller (per HTTP request:
 * stateless), so every call is the caller's own.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { McpDeps, McpPrincipal } from "./principal.ts";
import { registerResources } from "./resources.ts";
import { callTool, type McpTool, type ToolContext } from "./tool-kit.ts";
import { compareNames, searchLists } from "./tools/lists.ts";
import { monitorEntity } from "./tools/monitor.ts";
import { decideHit, listOpenHits } from "./tools/review.ts";
import { getScreening, screen } from "./tools/screen.ts";

export const MCP_TOOLS: readonly McpTool[] = [screen, getScreening, searchLists, compareNames, listOpenHits, decideHit, monitorEntity];

export const MCP_SERVER_INFO = { name: "duecheck", version: "0.1.0" };

const INSTRUCTIONS =
  "duecheck screens people and companies against sanctions and PEP lists and adverse news for compliance. screen charges credits and keeps a record; search_lists and compare_names are free look-ups. Decide hits with decide_hit only on evidence (birth date, nationality, identifiers). Refusals come back as tool errors with the reason, such as a missing scope or too few credits.";

export function createMcpServer(deps: McpDeps, principal: McpPrincipal): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: INSTRUCTIONS });
  const context: ToolContext = { deps, principal };
  const byName = new Map(MCP_TOOLS.map((tool) => [tool.name, tool]));
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, outputSchema: tool.output, annotations: tool.annotations },
      (args) => callTool(context, tool, args),
    );
  }
  // The SDK answers an unknown tool or invalid arguments as a tool result; here they are the protocol errors they
  // are (invalid params, naming the argument), and a call is counted and its scope checked before its arguments are
  // read (callTool). The listing stays the SDK's, made from the same schemas.
  server.server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callTool(context, tool, request.params.arguments);
  });
  registerResources(server, context);
  return server;
}
