/**
 * `duecheck mcp --user EMAIL`: the MCP server over standard input and output as its own process, driven by the SDK's
 * client, against the install's database (beside a running server). The user acts with the scopes their role allows;
 * standard output carries MCP messages alone.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { runCliProcess } from "../helpers/cli.ts";
import { balanceOf } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import { noteStart } from "../helpers/starts.ts";

const BIN = join(import.meta.dir, "..", "..", "bin", "duecheck");
const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };

let app: TestApp;
let stopApp: () => Promise<void>;
let env: Record<string, string>;
let analyst: { id: string };

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  analyst = await createUser(app.db, { email: "analyst@example.com", password: "analyst-password", fullName: "Ana Lyst", credits: 30 });
  await createUser(app.db, { email: "auditor@example.com", password: "auditor-password", role: "auditor" });
  env = { ...(process.env as Record<string, string>), DATABASE_URL: "", ...app.env, ...ENV };
}, 60_000);
afterAll(() => stopApp());

/** `duecheck mcp --user EMAIL` as a process, connected; every line it writes to stdout must be an MCP message. */
async function connect(email: string) {
  noteStart("cli");
  const transport = new StdioClientTransport({ command: BIN, args: ["mcp", "--user", email], env, stderr: "pipe" });
  const client = new Client({ name: "duecheck-stdio-test", version: "1.0.0" });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, errors };
}

const call = async (client: Client, name: string, args: Record<string, unknown>) => {
  const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { text: string }[]; structuredContent?: any };
  return { isError: result.isError ?? false, text: result.content[0]?.text, data: result.structuredContent };
};

describe("duecheck mcp over stdio", () => {
  test("lists the tools, searches the lists and screens as the user, charged once", async () => {
    const { client, errors } = await connect("analyst@example.com");
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([
        "compare_names",
        "decide_hit",
        "get_screening",
        "list_open_hits",
        "monitor_entity",
        "screen",
        "search_lists",
      ]);

      const found = await call(client, "search_lists", { term: "Rustam Karimov" });
      expect(found.data.results[0]).toMatchObject({ name: "KARIMOV, Rustam Alievich", match: true });

      const screened = await call(client, "screen", { name: "Rustam Karimov", nationality: "UZ" });
      expect(screened.data).toMatchObject({ status: "completed", riskLevel: "critical", reviewStatus: "needs_review", creditsUsed: 10 });
      expect(screened.data.address).toMatch(new RegExp(`/searches/${screened.data.id}$`));
      const [row] = await app.db.select().from(schema.searches).where(eq(schema.searches.id, screened.data.id));
      expect(row.userId).toBe(analyst.id);
      expect(await balanceOf(app.db, analyst.id)).toBe(20);

      // every scope the role allows: deciding too, recorded as the CLI's
      const hit = screened.data.hits[0];
      const decided = await call(client, "decide_hit", { searchId: screened.data.id, hitId: hit.hitId, decision: "false_positive", reason: "common_name" });
      expect(decided.data).toMatchObject({ state: "decided", decidedBy: "Ana Lyst" });
      const audited = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, screened.data.id));
      expect(audited.filter((a) => a.action === "review.decided").map((a) => a.actorKind)).toEqual(["cli"]);
      expect(errors).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);

  test("a read-only user reads and screens nothing", async () => {
    const { client } = await connect("auditor@example.com");
    try {
      expect((await call(client, "compare_names", { query: "Rustam Karimov", candidate: "KARIMOV, Rustam" })).isError).toBe(false);
      expect(await call(client, "screen", { name: "Rustam Karimov" })).toMatchObject({
        isError: true,
        text: "This account's role does not allow the screen scope: it acts with read",
      });
    } finally {
      await client.close();
    }
  }, 60_000);

  test("an unknown --user: the error on stderr, nothing on stdout", async () => {
    const res = await runCliProcess(["mcp", "--user", "nobody@example.com"], { ...app.env, ...ENV });
    expect([res.code, res.stdout, res.stderr]).toEqual([1, "", "duecheck: No user with email nobody@example.com\n"]);
  }, 60_000);
});
