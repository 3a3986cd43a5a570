/**
 * The MCP resources: the lists a screening checks with the dates of their versions (duecheck://lists), and a
 * completed screening's PDF report (duecheck://screenings/{searchId}/report.pdf), built and audited as the export
 * route builds it. Reading one counts against the key's limits and needs the read scope, as the REST calls do.
 */
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError, type ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { and, desc, eq, isNull } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { exportSearchReport } from "../exports/search-report.ts";
import { listStatesAnswer } from "../sanctions/availability.ts";
import { searchesOf } from "../screening/visibility.ts";
import { admit, type ToolContext } from "./tool-kit.ts";

export const LISTS_URI = "duecheck://lists";
export const REPORT_TEMPLATE = "duecheck://screenings/{searchId}/report.pdf";
export const reportUri = (searchId: string) => `duecheck://screenings/${encodeURIComponent(searchId)}/report.pdf`;

/** Reports offered in the resource list: the caller's latest completed screenings (any other is read by its address). */
const LISTED_REPORTS = 20;

/** A refusal as an MCP error with the REST API's words: an unknown screening is a resource not found. */
function resourceError(error: unknown): never {
  if (error instanceof AppError) throw new McpError(error.status === 404 ? -32002 : ErrorCode.InvalidRequest, error.message);
  throw error;
}

async function guarded(context: ToolContext, read: () => Promise<ReadResourceResult>): Promise<ReadResourceResult> {
  try {
    await admit(context, "read", false);
    return await read();
  } catch (error) {
    return resourceError(error);
  }
}

export function registerResources(server: McpServer, context: ToolContext) {
  const { deps, principal } = context;

  server.registerResource(
    "lists",
    LISTS_URI,
    {
      title: "Lists in use",
      description:
        "The sanctions and PEP lists a screening checks, each with the date of the version in use (null: no data yet) and its last download; the lists an administrator disabled; whether downloads are offline.",
      mimeType: "application/json",
    },
    (uri) =>
      guarded(context, async () => ({
        contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(await listStatesAnswer(deps.db), null, 2) }],
      })),
  );

  const s = schema.searches;
  server.registerResource(
    "screening-report",
    new ResourceTemplate(REPORT_TEMPLATE, {
      // The caller's latest completed screenings; none without the read scope.
      list: async () => {
        if (!principal.scopes.includes("read")) return { resources: [] };
        const rows = await deps.db
          .select({ id: s.id, searchTerm: s.searchTerm, createdAt: s.createdAt })
          .from(s)
          .where(and(searchesOf(principal.user, "mine"), isNull(s.hiddenAt), eq(s.status, "completed")))
          .orderBy(desc(s.createdAt), desc(s.id))
          .limit(LISTED_REPORTS);
        return {
          resources: rows.map((row) => ({
            uri: reportUri(row.id),
            name: `Report: ${row.searchTerm} (${row.createdAt.toISOString().slice(0, 10)})`,
            mimeType: "application/pdf",
          })),
        };
      },
    }),
    {
      title: "Screening report (PDF)",
      description: "A completed screening's PDF report: the findings, each hit with why it matched, the decisions and the lists' versions. Base64.",
      mimeType: "application/pdf",
    },
    (uri, { searchId }) =>
      guarded(context, async () => {
        const id = Array.isArray(searchId) ? searchId[0] : searchId;
        const actor = { kind: principal.actorKind, userId: principal.user.id, reader: principal.user, ipAddress: principal.ipAddress };
        const { bytes } = await exportSearchReport(deps.db, actor, decodeURIComponent(id ?? ""), "pdf");
        return { contents: [{ uri: uri.href, mimeType: "application/pdf", blob: Buffer.from(bytes).toString("base64") }] };
      }),
  );
}
