/**
 * How a tool is defined and called. One call: it counts against the key's limits, needs the tool's scope (403
 * naming it) and, for a tool that changes something, an owner who may write; then its arguments are checked. Counted
 * and refused before the arguments are read, as the public API does. Failures of the call itself (too few credits,
 * not found, a refused scope, the rate limit) are tool errors with the REST API's words; unknown tools and invalid
 * arguments are MCP errors (JSON-RPC invalid params) naming the argument, and nothing has happened then.
 */
import { type CallToolResult, ErrorCode, McpError, type ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ApiKeyScope } from "../auth/api-key-scopes.ts";
import { requireKeyScope } from "../auth/api-keys.ts";
import { isReadOnly, READ_ONLY_MESSAGE } from "../auth/roles.ts";
import { AppError } from "../errors.ts";
import { consumeApiKeyQuota } from "../ratelimit/api-key-limits.ts";
import type { McpDeps, McpPrincipal } from "./principal.ts";

export interface ToolContext {
  deps: McpDeps;
  principal: McpPrincipal;
}

export interface McpTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /** What an agent reads to choose the tool and fill its arguments. */
  description: string;
  scope: ApiKeyScope;
  /** Changes something (a search, a decision, a monitored name): refused to a read-only owner. */
  writes: boolean;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  run(context: ToolContext, args: z.output<I>): Promise<z.input<O>>;
}

/** A tool, typed by its schemas: its arguments are what `input` gives, its answer what `output` takes. */
export const defineTool = <I extends z.ZodObject, O extends z.ZodObject>(tool: McpTool<I, O>): McpTool => tool as unknown as McpTool;

/** The invalid-params error of a call whose arguments fail a schema: each problem with the argument it is about. */
export function invalidArguments(tool: string, error: z.ZodError): McpError {
  const problems = error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message));
  return new McpError(ErrorCode.InvalidParams, `Invalid arguments for tool ${tool}: ${problems.join("; ")}`);
}

/** Counts the call against the key's limits (none over stdio), and refuses it without the scope or the right to write. */
export async function admit(context: ToolContext, scope: ApiKeyScope, writes: boolean): Promise<void> {
  const { principal, deps } = context;
  if (principal.keyId) await consumeApiKeyQuota(deps.db, principal.keyId);
  // Over stdio there is no key to name: the scopes are the ones the account's role allows (hostPrincipal).
  if (!principal.keyId && !principal.scopes.includes(scope)) {
    throw new AppError(403, `This account's role does not allow the ${scope} scope: it acts with ${principal.scopes.join(", ")}`);
  }
  requireKeyScope(principal, scope);
  // A key made before its owner became an auditor reads, and changes nothing.
  if (writes && isReadOnly(principal.user)) throw new AppError(403, READ_ONLY_MESSAGE);
}

const toolError = (text: string): CallToolResult => ({ content: [{ type: "text", text }], isError: true });

/** Runs a tool call: its answer as structured content and as JSON text, its refusals as tool errors. */
export async function callTool(context: ToolContext, tool: McpTool, args: unknown): Promise<CallToolResult> {
  try {
    await admit(context, tool.scope, tool.writes);
    const parsed = tool.input.safeParse(args ?? {});
    if (!parsed.success) throw invalidArguments(tool.name, parsed.error);
    const answer = (await tool.run(context, parsed.data)) as Record<string, unknown>;
    return { content: [{ type: "text", text: JSON.stringify(answer, null, 2) }], structuredContent: answer };
  } catch (error) {
    if (error instanceof McpError) throw error;
    // A lib/ schema's own rule (one that reads two arguments together): an invalid argument all the same.
    if (error instanceof z.ZodError) throw invalidArguments(tool.name, error);
    if (error instanceof AppError) return toolError(error.message);
    console.error(`[duecheck] MCP tool ${tool.name} failed:`, error);
    return toolError("Internal server error");
  }
}
