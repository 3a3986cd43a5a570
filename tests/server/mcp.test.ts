/**
 * The MCP server at /mcp, driven by the SDK's own client over real HTTP: an API key as bearer token, the seven tools
 * on the same lib/ calls as the public API (charged alike, refused alike, with the same words), the lists and a
 * screening's PDF report as resources.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { missingScopeMessage } from "../../lib/auth/api-key-scopes.ts";
import { createApiKey, deleteApiKey } from "../../lib/auth/api-keys.ts";
import { createEmbedToken } from "../../lib/embed/tokens.ts";
import { consumeApiKeyQuota } from "../../lib/ratelimit/api-key-limits.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { balanceOf } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import { withinOneWindow } from "../helpers/wait.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
const KARIMOV = "KARIMOV, Rustam Alievich";
const TOOLS = ["compare_names", "decide_hit", "get_screening", "list_open_hits", "monitor_entity", "screen", "search_lists"];

let app: TestApp;
let stopApp: () => Promise<void>;
let owner: { id: string };
/** Every scope but admin. */
let fullKey: string;
/** The default scopes: screen and read. */
let plainKey: { id: string; key: string };
let otherKey: string;
let poorKey: string;
const clients: Client[] = [];

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  owner = await createUser(app.db, { email: "agent-owner@example.com", password: "agent-owner-password", fullName: "Ada Agent", credits: 100 });
  fullKey = (await createApiKey(app.db, owner.id, "Agent", { scopes: ["screen", "read", "review", "monitor"] })).key;
  const plain = await createApiKey(app.db, owner.id, "Plain");
  plainKey = { id: plain.id, key: plain.key };
  const other = await createUser(app.db, { email: "someone-else@example.com", password: "someone-else-password", credits: 100 });
  otherKey = (await createApiKey(app.db, other.id, "Other", { scopes: ["screen", "read", "review"] })).key;
  const poor = await createUser(app.db, { email: "poor@example.com", password: "poor-user-password", credits: 5 });
  poorKey = (await createApiKey(app.db, poor.id, "Poor")).key;
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await stopApp();
});

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: "duecheck-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** A tool's answer: its structured content, or the text of its tool error. */
async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { type: string; text: string }[];
    structuredContent?: any;
  };
  return { isError: result.isError ?? false, text: result.content[0]?.text ?? "", data: result.structuredContent };
}

const initialize = (authorization?: string) =>
  fetch(`${app.url}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
    }),
  });

const searchCount = async () => (await app.db.select({ id: schema.searches.id }).from(schema.searches)).length;

describe("the MCP server over HTTP", () => {
  test("lists the seven tools, each with a description and a JSON schema of its arguments", async () => {
    const client = await connect(fullKey);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe("object");
    }
    const screen = tools.find((t) => t.name === "screen")!;
    expect(Object.keys(screen.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(["name", "type", "birthDate", "nationality", "identifiers"]));
    expect(screen.inputSchema.required).toEqual(["name"]);
    expect(tools.find((t) => t.name === "decide_hit")!.description).toContain("review scope");
  });

  test("without a key, with a revoked, expired or unknown key, or an embed token: 401, nothing served", async () => {
    const none = await initialize();
    expect(none.status).toBe(401);
    expect(((await none.json()) as any).error.message).toBe("Missing API key: send the header 'Authorization: Bearer <key>'");
    await expect(connect("dck_not-a-key")).rejects.toThrow(/Invalid API key/);

    const revoked = await createApiKey(app.db, owner.id, "Revoked");
    expect((await initialize(`Bearer ${revoked.key}`)).status).toBe(200);
    await deleteApiKey(app.db, { id: owner.id, role: "user", organisationId: (await ownerRow()).organisationId, organisationRole: "owner" }, revoked.id);
    expect((await initialize(`Bearer ${revoked.key}`)).status).toBe(401);

    const expiring = await createApiKey(app.db, owner.id, "Expiring", { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    await app.db
      .update(schema.apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.apiKeys.id, expiring.id));
    const expired = await initialize(`Bearer ${expiring.key}`);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as any).error.message).toBe("This API key has expired: make a new key under API Access");

    const embed = await createEmbedToken(app.db, { userId: owner.id, apiKeyId: plainKey.id });
    const refused = await initialize(`Bearer ${embed.token}`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as any).error.message).toContain("An embed token cannot call the MCP server");
  });

  test("GET /mcp (an event stream) is 405: the server is stateless", async () => {
    const res = await fetch(`${app.url}/mcp`, { headers: { authorization: `Bearer ${fullKey}`, accept: "text/event-stream" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  test("screen: charged once, as a public API search; answers risk, hits with why, review status, id and address", async () => {
    const client = await connect(fullKey);
    const before = await balanceOf(app.db, owner.id);
    const { isError, data } = await call(client, "screen", { name: "Rustam Karimov", nationality: "UZ" });
    expect(isError).toBe(false);
    expect(data).toMatchObject({
      searchTerm: "Rustam Karimov",
      entityType: "person",
      status: "completed",
      riskLevel: "critical",
      reviewStatus: "needs_review",
    });
    expect(data.details).toEqual({ nationality: "UZ" });
    expect(data.address).toBe(`${app.url}/searches/${data.id}`);
    const hit = data.hits.find((h: any) => h.name === KARIMOV);
    expect(hit).toMatchObject({ kind: "sanctions", decision: null, cleared: false });
    expect(hit.score).toBeGreaterThan(0.8);
    expect(hit.explanation).toContain("name parts:");
    expect(data.openHits).toBeGreaterThanOrEqual(1);
    expect(data.listsSearched.map((l: any) => l.id)).toEqual(["us_ofac_sdn"]);

    expect(await balanceOf(app.db, owner.id)).toBe(before - 10);
    const charges = await app.db.select().from(schema.creditTransactions).where(eq(schema.creditTransactions.searchId, data.id));
    expect(charges.map((c) => [c.type, c.amount])).toEqual([["manual_search", -10]]);
    // the same search over REST reads the same
    const rest = await fetch(`${app.url}/api/v1/search/${data.id}`, { headers: { authorization: `Bearer ${fullKey}` } });
    expect(((await rest.json()) as any).riskLevel).toBe("critical");
  });

  test("invalid arguments and unknown tools are MCP errors naming the argument; nothing is charged or stored", async () => {
    const client = await connect(fullKey);
    const before = [await balanceOf(app.db, owner.id), await searchCount()];
    for (const [args, named] of [
      [{ name: "" }, /name: Search term is required/],
      [{ name: "Rustam Karimov", birthDate: "last year" }, /birthDate: Birth date must be a year/],
      [{ name: "Rustam Karimov", identifiers: [{ kind: "passport", value: "1" }] }, /identifiers\.0\.value: Passport number must have/],
      [{ name: "Rustam Karimov", type: "ship" }, /type: Entity type must be person or company/],
      [{ name: "Rustam Karimov", colour: "red" }, /Unrecognized key|Unknown/],
    ] as const) {
      const error = await client.callTool({ name: "screen", arguments: args as Record<string, unknown> }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
      expect((error as McpError).message).toMatch(named);
    }
    const decide = await client
      .callTool({ name: "decide_hit", arguments: { searchId: "x", hitId: "s:1", decision: "false_positive", reason: "other" } })
      .catch((e) => e);
    expect((decide as McpError).message).toMatch(/text: text is required when the reason is other/);
    const unknown = await client.callTool({ name: "delete_everything", arguments: {} }).catch((e) => e);
    expect([(unknown as McpError).code, (unknown as McpError).message]).toEqual([
      ErrorCode.InvalidParams,
      expect.stringContaining("Unknown tool: delete_everything"),
    ]);
    expect([await balanceOf(app.db, owner.id), await searchCount()]).toEqual(before);
  });

  test("too few credits: the REST API's words as a tool error, nothing stored", async () => {
    const before = await searchCount();
    const refused = await call(await connect(poorKey), "screen", { name: "Rustam Karimov" });
    expect(refused).toMatchObject({ isError: true, text: "You need at least 10 credits to perform a search. Please contact support to add more credits." });
    expect(await searchCount()).toBe(before);
  });

  test("get_screening reads a stored screening; another organisation's is not found, as over REST", async () => {
    const client = await connect(fullKey);
    const screened = (await call(client, "screen", { name: "Rustam Karimov" })).data;
    const read = await call(client, "get_screening", { searchId: screened.id });
    expect(read.data).toEqual(screened);
    expect(await call(await connect(otherKey), "get_screening", { searchId: screened.id })).toMatchObject({ isError: true, text: "Search not found" });
    expect(await call(client, "get_screening", { searchId: "not-an-id" })).toMatchObject({ isError: true, text: "Search not found" });
  });

  test("search_lists and compare_names: free look-ups with scores and explanations", async () => {
    const client = await connect(plainKey.key);
    const before = await balanceOf(app.db, owner.id);
    const found = await call(client, "search_lists", { term: "Rustam Karimov", limit: 3 });
    expect(found.isError).toBe(false);
    expect(found.data.found).toBe(true);
    expect(found.data.results[0]).toMatchObject({ name: KARIMOV, match: true });
    expect(found.data.lists.map((l: any) => l.id)).toEqual(["us_ofac_sdn"]);
    expect((await call(client, "search_lists", { term: "Rustam Karimov", datasets: ["no_such_list"] })).text).toBe("No dataset with id no_such_list");

    const compared = await call(client, "compare_names", { query: "Rustam Karimov", candidate: KARIMOV, type: "person" });
    expect(compared.data.decision).toBe("match");
    expect(compared.data.score).toBeGreaterThan(0.8);
    expect(compared.data.explanationText).toMatch(/Rustam.*exact/);
    expect((await call(client, "compare_names", { query: "Rustam Karimov", candidate: "Maria Schneider" })).data.decision).toBe("no_match");
    expect(await balanceOf(app.db, owner.id)).toBe(before);
  });

  test("list_open_hits pages the undecided hits; decide_hit needs the review scope (403 over REST with the same key)", async () => {
    const client = await connect(fullKey);
    const screened = (await call(client, "screen", { name: "Rustam Karimov" })).data;
    const first = await call(client, "list_open_hits", { limit: 1 });
    expect(first.data.items).toHaveLength(1);
    expect(first.data.items[0]).toMatchObject({ searchId: screened.id, searchTerm: "Rustam Karimov", awaitingApproval: false });
    expect(first.data.total).toBeGreaterThanOrEqual(2);
    const second = await call(client, "list_open_hits", { limit: 1, cursor: first.data.nextCursor });
    expect(second.data.items[0].hitId === first.data.items[0].hitId && second.data.items[0].searchId === first.data.items[0].searchId).toBe(false);
    const everything = await call(client, "list_open_hits", { limit: 100 });
    expect(everything.data.items).toHaveLength(everything.data.total);
    expect(everything.data.nextCursor).toBeNull();
    expect((await call(client, "list_open_hits", { cursor: "nonsense" })).text).toBe("Invalid cursor");

    const hit = screened.hits.find((h: any) => h.name === KARIMOV);
    const decision = { searchId: screened.id, hitId: hit.hitId, decision: "false_positive", reason: "common_name", text: "Born 1990, ours 1975" };
    const refused = await call(await connect(plainKey.key), "decide_hit", decision);
    expect(refused).toMatchObject({ isError: true, text: missingScopeMessage("review") });
    const rest = await fetch(`${app.url}/api/v1/search/${screened.id}/decisions`, {
      method: "POST",
      headers: { authorization: `Bearer ${plainKey.key}`, "content-type": "application/json" },
      body: JSON.stringify({ hitId: hit.hitId, decision: "false_positive", reason: "common_name" }),
    });
    expect([rest.status, ((await rest.json()) as any).error]).toEqual([403, missingScopeMessage("review")]);
    expect(await call(await connect(otherKey), "decide_hit", decision)).toMatchObject({ isError: true, text: "Search not found" });

    const decided = await call(client, "decide_hit", decision);
    expect(decided.data).toMatchObject({ searchId: screened.id, hitId: hit.hitId, decision: "false_positive", state: "decided", decidedBy: "Ada Agent" });
    const after = await call(client, "list_open_hits", { limit: 100 });
    expect(after.data.total).toBe(everything.data.total - 1);
    expect(after.data.items.some((h: any) => h.searchId === screened.id && h.hitId === hit.hitId)).toBe(false);
    const audited = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, screened.id));
    expect(audited.filter((a) => a.action === "review.decided").map((a) => [a.actorKind, a.actorUserId])).toEqual([["api_key", owner.id]]);
  });

  test("list_open_hits walks every open hit once, page by page, across many screenings", async () => {
    const client = await connect(fullKey);
    const screened = (await call(client, "screen", { name: "Rustam Karimov" })).data;
    // 30 more screenings like it, a second apart: more than one round of the searches read per page
    const [row] = await app.db.select().from(schema.searches).where(eq(schema.searches.id, screened.id));
    const { id: _, ...copy } = row;
    await app.db
      .insert(schema.searches)
      .values(Array.from({ length: 30 }, (_, i) => ({ ...copy, createdAt: new Date(row.createdAt.getTime() - (i + 1) * 1000) })));
    const seen: string[] = [];
    let cursor: string | undefined;
    let total = 0;
    do {
      const page = (await call(client, "list_open_hits", { limit: 7, ...(cursor ? { cursor } : {}) })).data;
      seen.push(...page.items.map((h: any) => `${h.searchId} ${h.hitId}`));
      ({ total } = page);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(total);
    expect(total).toBeGreaterThanOrEqual(31 * screened.openHits);
  });

  test("monitor_entity needs the monitor scope; with it the name is monitored", async () => {
    const refused = await call(await connect(plainKey.key), "monitor_entity", { name: "Jane Example" });
    expect(refused).toMatchObject({ isError: true, text: missingScopeMessage("monitor") });
    const added = await call(await connect(fullKey), "monitor_entity", { name: "Jane Example", type: "person", frequency: "weekly", birthDate: "1970" });
    expect(added.data).toMatchObject({ searchTerm: "Jane Example", entityType: "person", frequency: "weekly", status: "active" });
    const rows = await app.db.select().from(schema.monitoredEntities).where(eq(schema.monitoredEntities.id, added.data.id));
    expect(rows[0].userId).toBe(owner.id);
  });

  test("tool calls count against the key's rate limits, shared with its REST calls", async () => {
    const key = await createApiKey(app.db, owner.id, "Busy");
    const client = await connect(key.key);
    // The limit counts per calendar minute: every call below falls in the same one.
    await withinOneWindow(60_000, 20_000);
    // 99 calls of the minute's 100 already made over REST
    for (let i = 0; i < 99; i++) await consumeApiKeyQuota(app.db, key.id);
    expect((await call(client, "compare_names", { query: "Jane Example", candidate: "Jane Exampel" })).isError).toBe(false);
    const rest = await fetch(`${app.url}/api/v1/sanctions/search?term=Karimov`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(rest.status).toBe(429);
    expect(await call(client, "compare_names", { query: "Jane Example", candidate: "Jane Exampel" })).toMatchObject({
      isError: true,
      text: "Rate limit exceeded: at most 100 requests per minute for this API key",
    });
  });

  test("resources: the lists with their versions, and a screening's PDF report", async () => {
    const client = await connect(fullKey);
    const screened = (await call(client, "screen", { name: "Rustam Karimov" })).data;
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain("duecheck://lists");
    expect(uris).toContain(`duecheck://screenings/${screened.id}/report.pdf`);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["duecheck://screenings/{searchId}/report.pdf"]);

    const lists = await client.readResource({ uri: "duecheck://lists" });
    const answer = JSON.parse((lists.contents[0] as { text: string }).text);
    expect(answer.lists).toEqual([expect.objectContaining({ id: "us_ofac_sdn", version_date: expect.any(String) })]);

    const report = await client.readResource({ uri: `duecheck://screenings/${screened.id}/report.pdf` });
    expect(report.contents[0].mimeType).toBe("application/pdf");
    const pdf = Buffer.from((report.contents[0] as { blob: string }).blob, "base64");
    expect(pdf.subarray(0, 4).toString()).toBe("%PDF");

    const foreign = await (await connect(otherKey)).readResource({ uri: `duecheck://screenings/${screened.id}/report.pdf` }).catch((e) => e);
    expect((foreign as McpError).message).toContain("Search not found");
  });
});

async function ownerRow() {
  const [row] = await app.db.select().from(schema.users).where(eq(schema.users.id, owner.id));
  return row;
}
