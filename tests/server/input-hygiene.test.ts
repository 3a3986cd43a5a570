/**
 * Text nobody types (NUL and other control characters, unpaired surrogates, absurd lengths) and bodies
 * of the wrong shape are refused with a 4xx JSON error on every route of the app, before anything reaches the
 * database. The routes are read from the Hono app itself, so a new route is probed (and, if it reads a JSON body,
 * must be described in BODIES) without anyone remembering to add it here.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { loadInstanceKey } from "../../lib/auth/instance-key.ts";
import { createApp } from "../../server/app.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { setEnv } from "../helpers/env.ts";
import { validRegistration } from "../helpers/registration.ts";
import { type StripeStandIn, startStripeServer } from "../helpers/stripe-server.ts";

/** Each walk sends a request per route and field, and grows with the API: a minute is too little on a busy machine. */
const WALK_TIMEOUT_MS = 240_000;

/** Values no field accepts, each with what it is. */
const BAD_CHARACTERS: [string, string][] = [
  ["a NUL byte", "abc\u0000def"],
  ["a C0 control", "abc\u0001def"],
  ["a terminal escape", "\u001b[2Jabc"],
  ["DEL", "abc\u007fdef"],
  ["a C1 control", "abc\u0085def"],
  ["an unpaired high surrogate", "abc\ud800def"],
  ["an unpaired low surrogate", "\udfffabc"],
];
const CHARACTER_MESSAGE = /must not contain control characters or unpaired surrogates/;
/** Longer than any field's maximum, well inside the 64 KB body limit. */
const OVERLONG = "a".repeat(5000);
/** "<field> must be at most N characters", or the message of a fixed-form field (a country code, a 2FA code). */
const LENGTH_MESSAGE = /at most \d+|two-letter|6-digit verification code/;

/**
 * A valid body of every route that reads JSON, and which of its string fields are free text (the others are enum
 * values, refused by their own message). Only broken variants of these bodies are ever sent.
 */
const BODIES: Record<string, { body: Record<string, unknown>; freeText: string[] }> = {
  "POST /api/auth/register": {
    body: validRegistration({ email: "new.user@example.com", password: "Another-password-1" }),
    freeText: ["fullName", "email", "phoneNumber", "company", "position", "password"],
  },
  "POST /api/auth/login": {
    body: { email: "admin@test.local", password: "Admin-password-1", twoFactorCode: "123456" },
    freeText: ["email", "password", "twoFactorCode"],
  },
  "POST /api/auth/verify-2fa": { body: { code: "123456" }, freeText: ["code"] },
  "POST /api/auth/disable-2fa": { body: { password: "Admin-password-1", code: "123456" }, freeText: ["password", "code"] },
  "POST /api/auth/update-profile": {
    body: { fullName: "Ada Admin", email: "admin@test.local", phoneNumber: "0123456789", company: "Duecheck", position: "Admin" },
    freeText: ["fullName", "email", "phoneNumber", "company", "position"],
  },
  "POST /api/auth/forgot-password": { body: { email: "someone@example.com" }, freeText: ["email"] },
  "POST /api/auth/reset-password": { body: { token: "not-a-real-token", password: "Another-password-1" }, freeText: ["token", "password"] },
  "POST /api/auth/confirm-email": { body: { token: "not-a-real-token" }, freeText: ["token"] },
  "POST /api/auth/recovery-codes": { body: { password: "Admin-password-1" }, freeText: ["password"] },
  "POST /api/auth/update-languages": { body: { profileLanguage: "en", reportLanguage: "de" }, freeText: [] },
  "PUT /api/auth/profile": { body: { sessionDuration: 30 }, freeText: [] },
  "POST /api/auth/change-password": {
    body: { currentPassword: "Admin-password-1", newPassword: "Changed-password-2" },
    freeText: ["currentPassword", "newPassword"],
  },
  "POST /api/user/api-keys": { body: { name: "Nightly job", scopes: ["screen", "read"] }, freeText: ["name"] },
  "POST /api/user/api-keys/:id/rotate": { body: { graceHours: 24 }, freeText: [] },
  "POST /api/admin/users": {
    body: { email: "hygiene@example.com", fullName: "Hy Giene", company: "Hygiene Ltd", invite: true },
    freeText: ["email", "fullName", "company"],
  },
  "POST /api/sanctions/datasets": {
    body: {
      name: "Extra list",
      type: "sanctions",
      format: "opensanctions_ftm",
      urls: [{ name: "entities.ftm.json", url: "https://lists.example/entities.ftm.json" }],
      description: "A list\nof two lines",
    },
    freeText: ["name", "urls.0.name", "urls.0.url", "description"],
  },
  "POST /api/sanctions/compare": {
    body: { query: "Jane Example", candidate: "EXAMPLE, Jane", type: "person" },
    freeText: ["query", "candidate"],
  },
  "POST /api/sanctions/datasets/:id/disable": { body: { reason: "Not used by this team" }, freeText: ["reason"] },
  "PATCH /api/sanctions/datasets/:id": {
    body: { url: "https://lists.example/sdn.csv", auto_download: false },
    freeText: ["url"],
  },
  "POST /api/searches": {
    body: {
      searchTerm: "Jane Example",
      entityType: "person",
      language: "de",
      country: "DE",
      details: { birthDate: "1968-03-14", nationality: "UZ", identifiers: [{ kind: "passport", value: "FA1234567" }] },
    },
    freeText: ["searchTerm", "country", "details.nationality", "details.identifiers.0.value"],
  },
  // The same schema as POST /api/searches, details included (probed there): more fields here would run into the key's
  // rate limit of 100 calls a minute.
  "POST /api/v1/search": {
    body: { searchTerm: "Jane Example", entityType: "company", language: "fr", country: "FR" },
    freeText: ["searchTerm", "country"],
  },
  "POST /api/batch-jobs": { body: { name: "Batch 22.11.2026, 10:00:00", totalEntities: 2, status: "processing" }, freeText: ["name"] },
  "POST /api/batch-jobs/:id/entities": {
    body: {
      entities: [
        { searchTerm: "Jane Example", entityType: "person", country: "DE", birthDate: "1961", nationality: "DE", customerRef: "CUST-0001" },
        { searchTerm: "Acme Trading", entityType: "company" },
      ],
    },
    freeText: ["entities.0.searchTerm", "entities.0.country", "entities.0.nationality", "entities.0.customerRef", "entities.1.searchTerm"],
  },
  "POST /api/monitoring/entities/:id/dismiss": { body: { reason: "Known to the team" }, freeText: ["reason"] },
  "POST /api/monitoring/entities": {
    body: { searchTerm: "Jane Monitored", entityType: "person", frequency: "weekly", country: "DE" },
    freeText: ["searchTerm"],
  },
  "PUT /api/admin/users/:id": {
    body: { fullName: "Ada Admin", company: "Duecheck", position: "Admin", role: "user" },
    freeText: ["fullName", "company", "position"],
  },
  "POST /api/admin/users/:id/credits": { body: { amount: 5, description: "Pilot project" }, freeText: ["description"] },
  "POST /api/admin/users/:id/organisation": { body: { organisationId: "7b0e6f7e-0000-4000-8000-000000000000", role: "analyst" }, freeText: [] },
  "POST /api/admin/organisations/:id/credits": { body: { amount: 5, reason: "Pilot project" }, freeText: ["reason"] },
  "POST /api/admin/legal-holds": { body: { userId: "00000000-0000-4000-8000-000000000000", reason: "Court order" }, freeText: ["reason"] },
  "POST /api/admin/legal-holds/:id/lift": { body: { reason: "Case closed" }, freeText: ["reason"] },
  "POST /api/admin/settings": {
    body: {
      manualSearchCost: 10,
      automatedSearchCost: 1,
      initialCredits: 25,
      creditPackages: [{ credits: 100, price: 29, popular: true, description: "Starter" }],
      registrationOpen: true,
      fourEyesReview: false,
      retentionYears: 5,
    },
    freeText: ["creditPackages.0.description"],
  },
  "PUT /api/monitoring/entities/:id/status": { body: { status: "paused" }, freeText: [] },
  "POST /api/v1/monitoring/entities": {
    body: { searchTerm: "Jane Monitored", entityType: "person", frequency: "weekly", country: "DE" },
    freeText: ["searchTerm"],
  },
  "PUT /api/v1/monitoring/entities/:entityId/status": { body: { status: "paused" }, freeText: [] },
  "POST /api/webhooks": {
    body: { url: "https://hooks.example.com/duecheck", events: ["search.completed"], description: "Case system" },
    freeText: ["description"],
  },
  "PATCH /api/webhooks/:id": { body: { enabled: false, events: ["batch.completed"], description: "Case system" }, freeText: ["description"] },
  "POST /api/reports/generate": { body: { date: "2026-11-20" }, freeText: [] },
  "POST /api/credits/create-payment-intent": { body: { credits: 500, amount: 4500 }, freeText: [] },
  "POST /api/billing/confirm": { body: { paymentIntentId: "pi_3PqRsTuVwXyZ" }, freeText: [] },
  "POST /api/v1/embed-tokens": { body: { ttlSeconds: 600, scopes: ["screening"] }, freeText: [] },
  "POST /api/searches/:id/decisions": {
    body: { hitId: "s:us_ofac_sdn:probe", decision: "false_positive", reason: "other", text: "Born 1985, not the listed person" },
    freeText: ["hitId", "text"],
  },
  "POST /api/searches/:id/notes": { body: { text: "Called the client" }, freeText: ["text"] },
  "POST /api/searches/:id/escalate": { body: { text: "Please check the birth date" }, freeText: ["text"] },
  "PUT /api/searches/:id/assignee": { body: { assignee: "me" }, freeText: [] },
  "POST /api/reviews/decisions/:id/approve": { body: { comment: "Agreed" }, freeText: ["comment"] },
  "POST /api/reviews/decisions/:id/reject": { body: { comment: "The birth date matches" }, freeText: ["comment"] },
  "POST /api/reviews/clearances/:id/revoke": { body: { reason: "The listing changed" }, freeText: ["reason"] },
  "POST /api/v1/search/:searchId/decisions": {
    body: { hitId: "s:us_ofac_sdn:probe", decision: "false_positive", reason: "other", text: "Born 1985, not the listed person" },
    freeText: ["hitId", "text"],
  },
  "POST /api/embed/origins": { body: { origin: "https://portal.example.com" }, freeText: ["origin"] },
  "POST /api/organisation/members": { body: { email: "colleague@example.com", fullName: "Cole League", role: "analyst" }, freeText: ["email", "fullName"] },
  "PUT /api/organisation/members/:userId": { body: { role: "owner" }, freeText: [] },
  "PUT /api/organisation/settings": { body: { membersSeeTeam: false, fourEyes: true, requireTwoFactor: false, retentionYears: 10 }, freeText: [] },
  "PUT /api/organisation/members/:userId/cap": { body: { monthlyCreditCap: 100 }, freeText: [] },
  "POST /api/organisation/watchlists": { body: { name: "Exited customers" }, freeText: ["name"] },
  "PUT /api/organisation/watchlists/:id": { body: { name: "Refused onboardings" }, freeText: ["name"] },
  "POST /api/organisation/watchlists/:id/entries": {
    body: {
      name: "Jane Example",
      entityType: "person",
      aliases: ["J. Example"],
      birthDate: "1970",
      nationality: "DE",
      identifiers: [{ kind: "passport", value: "C01X00T47" }],
      reason: "Exited in 2024",
    },
    freeText: ["name", "aliases.0", "nationality", "identifiers.0.value", "reason"],
  },
  "PUT /api/cases/:id/assignee": { body: { assignee: "me", version: 1 }, freeText: [] },
  "POST /api/cases/:id/status": {
    body: { status: "closed", outcome: "false_positive", reason: "Confirmed with the registry", version: 1 },
    freeText: ["reason"],
  },
  "POST /api/cases/:id/notes": { body: { text: "Asked for an ID copy" }, freeText: ["text"] },
  "POST /api/cases/:id/escalate": { body: { reason: "The birth date nearly matches" }, freeText: ["reason"] },
  "DELETE /api/cases/:id/attachments/:attachmentId": { body: { reason: "The passport of another customer" }, freeText: ["reason"] },
  "PUT /api/cases/settings": { body: { autoAssign: true, perMemberCap: 10, dueHours: { sanctions: 24, pep: 72, media: 120 } }, freeText: [] },
  "PUT /api/cases/availability": { body: { unavailable: true }, freeText: [] },
  "POST /api/notifications/read": { body: { ids: ["00000000-0000-4000-8000-000000000000"] }, freeText: [] },
  "POST /api/cases": {
    body: { title: "Onboarding Hygiene Person", subject: { name: "Hygiene Person", entityType: "person", birthDate: "1970-01-02", nationality: "DE" } },
    freeText: ["title"],
  },
  "POST /api/cases/:id/searches": { body: { searchId: "00000000-0000-4000-8000-000000000001" }, freeText: [] },
  "PUT /api/cases/:id/tags": { body: { tags: ["onboarding", "pep"], version: 1 }, freeText: [] },
  // The same schemas as /api/cases (probed there): a field each here, within the key's rate limit.
  "PUT /api/v1/cases/:caseId/assignee": { body: { assignee: "me", version: 1 }, freeText: [] },
  "POST /api/v1/cases/:caseId/status": { body: { status: "closed", outcome: "false_positive", reason: "Confirmed with the registry" }, freeText: ["reason"] },
  "POST /api/v1/cases/:caseId/notes": { body: { text: "Asked for an ID copy" }, freeText: ["text"] },
  // The same schemas as the cookie API's review and compare calls (probed there): a field each here.
  "POST /api/v1/decisions/:decisionId/approve": { body: { comment: "Agreed" }, freeText: ["comment"] },
  "POST /api/v1/decisions/:decisionId/reject": { body: { comment: "The birth date matches" }, freeText: ["comment"] },
  "POST /api/v1/search/:searchId/notes": { body: { text: "Called the client" }, freeText: ["text"] },
  "POST /api/v1/sanctions/compare": { body: { query: "Jane Example", candidate: "EXAMPLE, Jane" }, freeText: ["query", "candidate"] },
};

/** Fields where null is a value of its own (none: no cap; as the instance says), so the probe does not send it as wrong. */
const NULL_ACCEPTED: Record<string, string[]> = {
  "PUT /api/organisation/settings": ["fourEyes", "requireTwoFactor", "retentionYears"],
  "PUT /api/organisation/members/:userId/cap": ["monthlyCreditCap"],
  "PUT /api/cases/settings": ["perMemberCap"],
  "POST /api/organisation/watchlists/:id/entries": ["birthDate", "nationality", "reason"],
};

/** Routes whose body may be larger than 64 KB (a batch's entities), with their own limit. */
const BODY_LIMITS: Record<string, number> = { "POST /api/batch-jobs/:id/entities": 20 * 1024 * 1024 };

/** Query parameters a route reads, with a valid value; each is also sent broken. */
const QUERIES: Record<string, Record<string, string>> = {
  "GET /api/sanctions/search": { term: "Jane Example", dataset: "sanctions" },
  "POST /api/v1/search": { wait: "0" },
  "GET /api/batch-jobs": { scope: "team", limit: "10" },
  "GET /api/batch-jobs/:id/results": { riskLevel: "high", limit: "10" },
  "GET /api/monitoring/entities": { changes: "with", q: "Jane", limit: "10", scope: "team" },
  "GET /api/admin/organisations": { q: "Acme", limit: "10" },
  "GET /api/organisation/audit": { actor: "admin@test.local", action: "organisation.*", from: "2026-01-01", limit: "10" },
  "DELETE /api/embed/origins": { origin: "https://portal.example.com" },
  "GET /api/notifications": { unread: "true", limit: "10" },
  "GET /api/cases/:id/report.pdf": { language: "de" },
  "GET /api/cases/:id/report.xlsx": { language: "fr" },
  "GET /api/v1/cases": { status: "open", assignee: "unassigned", overdue: "true", limit: "10" },
  "GET /api/cases": {
    status: "open",
    assignee: "me",
    overdue: "true",
    escalated: "false",
    priority: "sanctions",
    source: "search",
    needsDecision: "true",
    tag: "pep,onboarding",
    olderThan: "7",
    limit: "10",
  },
};

/** Path parameters that name something that exists, so a refusal is about the probe and not a 404. */
let pathValues: Record<string, string>;
/** Ids nobody has: a DELETE is probed at these, so a route that reads no body removes nothing. */
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/**
 * Tables that legitimately change on a refused request: rate_limits counts every /api/v1 call (a key's quota is
 * spent by bad requests too), and sessions slide with activity; api_keys counts uses.
 */
const SKIPPED_TABLES = new Set(["rate_limits"]);
const VOLATILE_COLUMNS: Record<string, string[]> = {
  sessions: ["expires_at", "last_seen_at"],
  browser_tokens: ["last_used_at"],
  api_keys: ["last_used", "usage_count"],
};

let app: TestApp;
let admin: HttpClient;
let integrator: HttpClient;
let integratorKey: string;
let embedIntegrator: HttpClient;
/** A key of its own for each /api/v1 route with a body: one key's 100 calls a minute do not cover two routes' probes. */
const v1Clients: Record<string, HttpClient> = {};
let routes: string[];

/** Row count and content hash of every table (and the job queue): what "nothing reached the database" means. */
async function databaseState(): Promise<Record<string, string>> {
  const { rows: tables } = await app.server.database.executeSql(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  // Every table's count and digest in one statement: the walks read the state around each route, a hundred times.
  const parts = (tables as { table_name: string }[])
    .map(({ table_name: name }) => name)
    .filter((name) => !SKIPPED_TABLES.has(name))
    .map((name) => {
      const drop = (VOLATILE_COLUMNS[name] ?? []).map((c) => ` - '${c}'`).join("");
      return `select '${name}' as name, count(*)::int as n, md5(coalesce(string_agg((to_jsonb(t)${drop})::text, '|' order by (to_jsonb(t)${drop})::text), '')) as h from "${name}" t`;
    });
  // Jobs are only counted: their rows carry timers the queue moves on its own.
  parts.push("select 'pgboss.job', count(*)::int, '' from pgboss.job");
  const { rows } = await app.server.database.executeSql(parts.join(" union all "));
  return Object.fromEntries((rows as { name: string; n: number; h: string }[]).map((row) => [row.name, `${row.n}:${row.h}`]));
}

function clientFor(route: string) {
  // Each /api/v1 route probed with a key of its own: one key's 100 calls a minute do not cover two routes' probes.
  if (route.split(" ")[1] === "/api/v1/embed-tokens") return embedIntegrator;
  return route.split(" ")[1].startsWith("/api/v1/") ? (v1Clients[route] ?? integrator) : admin;
}

function pathOf(route: string, params: Record<string, string> = pathValues) {
  return route.split(" ")[1].replace(/:(\w+)/g, (_, name: string) => params[name]);
}

/** Sends one request and checks the answer is a 4xx JSON error; returns the message. */
async function expectRefused(route: string, path: string, body?: string) {
  const method = route.split(" ")[0];
  const res = await clientFor(route).request(method, path, body, body === undefined ? {} : { "content-type": "application/json" });
  const what = `${method} ${path.slice(0, 120)} ${body?.slice(0, 120) ?? ""}`;
  expect({ what, status: res.status >= 400 && res.status < 500 }).toEqual({ what, status: true });
  expect(res.headers.get("content-type") ?? "").toContain("application/json");
  expect({ what, error: typeof res.json?.error }).toEqual({ what, error: "string" });
  return res.json.error as string;
}

function setPath(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split(".");
  let target: any = copy;
  for (const key of keys.slice(0, -1)) target = target[key];
  target[keys.at(-1)!] = value;
  return copy;
}

/** Every string leaf of a body, as a dotted path. */
function stringPaths(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

let stripe: StripeStandIn;
let restoreEnv: () => void = () => {};

/** Every scope a member's key may have: the probes test input, not scopes (tests/server/api-key-scopes.test.ts). */
const KEY_SCOPES = ["screen", "read", "review", "monitor"] as const;

beforeAll(async () => {
  // Card payments configured (against a Stripe stand-in), so the payment calls read their bodies.
  stripe = startStripeServer();
  restoreEnv = setEnv({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_hygiene",
    STRIPE_WEBHOOK_SECRET: "whsec_hygiene",
    STRIPE_API_URL: stripe.url,
  });
  app = await startApp();
  const integratorUser = await createUser(app.db, { email: "integrator@example.com", password: "integrator-password", credits: 100 });
  integratorKey = (await createApiKey(app.db, integratorUser.id, "Integration", { scopes: KEY_SCOPES })).key;
  integrator = new HttpClient(app.url, { authorization: `Bearer ${integratorKey}` });
  embedIntegrator = new HttpClient(app.url, {
    authorization: `Bearer ${(await createApiKey(app.db, integratorUser.id, "Embedding", { scopes: KEY_SCOPES })).key}`,
  });
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  const search = await admin.post("/api/searches", { searchTerm: "Probe Target", entityType: "person" });
  const apiKey = await admin.post("/api/user/api-keys", { name: "Probe" });
  for (const route of [
    "POST /api/v1/monitoring/entities",
    "PUT /api/v1/monitoring/entities/:entityId/status",
    "POST /api/v1/search/:searchId/decisions",
    "GET /api/v1/cases",
    "PUT /api/v1/cases/:caseId/assignee",
    "POST /api/v1/cases/:caseId/status",
    "POST /api/v1/cases/:caseId/notes",
    "POST /api/v1/decisions/:decisionId/approve",
    "POST /api/v1/decisions/:decisionId/reject",
    "POST /api/v1/search/:searchId/notes",
    "POST /api/v1/sanctions/compare",
  ]) {
    v1Clients[route] = new HttpClient(app.url, {
      authorization: `Bearer ${(await createApiKey(app.db, integratorUser.id, route, { scopes: KEY_SCOPES })).key}`,
    });
  }
  const monitored = await integrator.post("/api/v1/monitoring/entities", { searchTerm: "Probe Monitored", entityType: "person", frequency: "daily" });
  expect(monitored.status).toBe(201);
  const me = await admin.get("/api/auth/me");
  pathValues = {
    id: "us_ofac_sdn",
    searchId: search.json.id,
    batchId: search.json.id,
    entityId: monitored.json.id,
    decisionId: search.json.id,
    userId: me.json.id,
    attachmentId: search.json.id,
    caseId: search.json.id,
  };
  // Each route of the app as "METHOD /path"; middleware entries (ALL) and the web app's catch-all are not routes.
  const served = createApp({ database: app.server.database, config: app.config, instanceKey: loadInstanceKey(app.config) });
  routes = [...new Set(served.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/")).map((r) => `${r.method} ${r.path}`))];
  expect(routes).toContain("DELETE /api/user/api-keys/:id");
  expect(apiKey.status).toBe(201);
  pathValues.apiKeyId = apiKey.json.id;
  await settled();
});

/**
 * Waits until the setup's background work is done (the search's job, the monitored entity's first check), so that
 * every walk's "before" and "after" differ only by what its own requests did.
 */
async function settled() {
  const deadline = Date.now() + 60_000;
  let last = "";
  for (;;) {
    const { rows } = await app.server.database.executeSql(
      "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()",
    );
    const state = JSON.stringify(await databaseState());
    if ((rows[0] as { n: number }).n === 0 && state === last) return;
    if (Date.now() > deadline) throw new Error("the setup's background work did not settle within 60 s");
    last = state;
    await Bun.sleep(250);
  }
}
afterAll(async () => {
  await app.stop();
  restoreEnv();
  stripe.stop();
});

describe("every JSON route refuses bad text with a 4xx JSON error and changes nothing", () => {
  test("the routes that read a JSON body are exactly the ones described here", async () => {
    // A route reads a body when a non-object body is refused as such; the others ignore what is sent.
    const readsBody: string[] = [];
    const unknown = Object.fromEntries(Object.keys(pathValues).map((name) => [name, UNKNOWN_ID]));
    for (const route of routes.filter((r) => /^(POST|PUT|PATCH|DELETE) /.test(r))) {
      if (route === "POST /api/auth/logout" || /download/.test(route) || route === "POST /api/v1/batch") continue;
      const path = route.startsWith("DELETE ") ? pathOf(route, unknown) : pathOf(route);
      const res = await clientFor(route).request(route.split(" ")[0], path + (route === "POST /api/v1/search" ? "?wait=0" : ""), "[1]", {
        "content-type": "application/json",
      });
      if (res.json?.error === "Request body must be a JSON object") readsBody.push(route);
    }
    expect(readsBody.sort()).toEqual(Object.keys(BODIES).sort());
  });

  test(
    "control characters, unpaired surrogates and over-long values in each string field",
    async () => {
      for (const [route, { body, freeText }] of Object.entries(BODIES)) {
        const before = await databaseState();
        const path = pathOf(route) + (QUERIES[route] ? `?${new URLSearchParams(QUERIES[route])}` : "");
        for (const field of stringPaths(body)) {
          for (const [, bad] of BAD_CHARACTERS) {
            const message = await expectRefused(route, path, JSON.stringify(setPath(body, field, bad)));
            if (freeText.includes(field)) expect(`${route} ${field}: ${message}`).toMatch(CHARACTER_MESSAGE);
          }
          const message = await expectRefused(route, path, JSON.stringify(setPath(body, field, OVERLONG)));
          if (freeText.includes(field)) expect(`${route} ${field}: ${message}`).toMatch(LENGTH_MESSAGE);
        }
        expect(freeText.every((field) => stringPaths(body).includes(field))).toBe(true);
        expect({ route, state: await databaseState() }).toEqual({ route, state: before });
      }
    },
    WALK_TIMEOUT_MS,
  );

  test(
    "bodies of the wrong shape: not an object, not JSON, wrong types, deep nesting, huge arrays",
    async () => {
      const deep = "[".repeat(20_000) + "]".repeat(20_000);
      for (const [route, { body }] of Object.entries(BODIES)) {
        const before = await databaseState();
        const path = pathOf(route) + (QUERIES[route] ? `?${new URLSearchParams(QUERIES[route])}` : "");
        for (const raw of ["[]", '"text"', "42", "null", "true", "{", '{"a":', deep, "\u0000"]) {
          await expectRefused(route, path, raw);
        }
        for (const [field, valid] of Object.entries(body)) {
          const candidates = ["text", 12345, true, null, {}, [], JSON.parse(deep), Array.from({ length: 10_000 }, () => 1)];
          // Another value of a field's own primitive type may be valid; every other type is wrong.
          // An empty object is a search's details that say nothing: accepted (and stored as none).
          const wrongTypes = candidates
            .filter((w) => typeof valid === "object" || typeof w !== typeof valid)
            .filter((w) => !(field === "details" && w !== null && typeof w === "object" && !Array.isArray(w) && Object.keys(w).length === 0))
            .filter((w) => !(w === null && NULL_ACCEPTED[route]?.includes(field)));
          for (const wrong of wrongTypes) {
            await expectRefused(route, path, JSON.stringify(setPath(body, field, wrong)));
          }
        }
        const tooLarge = await clientFor(route).request(
          route.split(" ")[0],
          path,
          JSON.stringify({ ...body, padding: "x".repeat((BODY_LIMITS[route] ?? 64 * 1024) + 6_000) }),
          {
            "content-type": "application/json",
          },
        );
        expect({ route, status: tooLarge.status, error: typeof tooLarge.json?.error }).toEqual({ route, status: 413, error: "string" });
        expect({ route, state: await databaseState() }).toEqual({ route, state: before });
      }
    },
    WALK_TIMEOUT_MS,
  );

  test(
    "path parameters and query strings with control characters, broken encodings or absurd lengths",
    async () => {
      const before = await databaseState();
      for (const route of routes) {
        const params = route.match(/:\w+/g) ?? [];
        for (const param of params) {
          const name = param.slice(1);
          for (const bad of ["%00", "abc%01def", "%1B%5B2J", "%ED%A0%80", "%C3%28"]) {
            await expectRefused(route, pathOf(route, { ...pathValues, [name]: bad }));
          }
          const message = await expectRefused(route, pathOf(route, { ...pathValues, [name]: "a".repeat(9000) }));
          expect(message).toBe("The address is too long");
        }
        for (const bad of ["%00", "x%01y", "%7F", "%C2%85"]) {
          const message = await expectRefused(route, `${pathOf(route)}?probe=${bad}`);
          expect(`${route}: ${message}`).toMatch(CHARACTER_MESSAGE);
        }
        for (const [name, valid] of Object.entries(QUERIES[route] ?? {})) {
          const others = new URLSearchParams(QUERIES[route]);
          for (const bad of ["abc%00def", "%01", `${valid}%1B`]) {
            others.delete(name);
            await expectRefused(route, `${pathOf(route)}?${others}&${name}=${bad}`);
          }
          if (name === "term") await expectRefused(route, `${pathOf(route)}?${name}=${"a".repeat(5000)}`);
        }
      }
      expect(await databaseState()).toEqual(before);
    },
    WALK_TIMEOUT_MS,
  );

  test("text a user pastes with tabs or line breaks is cleaned, not refused: one line where one line belongs", async () => {
    const res = await admin.post("/api/auth/update-profile", {
      fullName: "Ada\tAdmin\r\n",
      email: " ADMIN@test.local ",
      phoneNumber: "0123456789",
      company: "Duecheck\nLtd",
      position: "Admin",
    });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ fullName: "Ada Admin", company: "Duecheck Ltd", email: "admin@test.local" });
    const created = await admin.post("/api/sanctions/datasets", {
      name: "Hygiene\tlist",
      type: "pep",
      format: "opensanctions_senzing",
      url: "https://lists.example/senzing.json",
      description: "First line\r\nsecond line",
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ source_name: "Hygiene list", metadata: { description: "First line\nsecond line" } });
  });
});

describe("uploads and the command line", () => {
  const csvForm = (content: string, name?: string) => {
    const form = new FormData();
    form.append("file", new File([content], "entities.csv", { type: "text/csv" }));
    if (name !== undefined) form.append("name", name);
    return form;
  };

  test("a batch CSV with a NUL or control character in a name, or a bad batch name, is refused naming the line", async () => {
    const before = await databaseState();
    const post = (form: FormData) => fetch(`${app.url}/api/v1/batch`, { method: "POST", headers: { authorization: `Bearer ${integratorKey}` }, body: form });
    const nul = await post(csvForm("Name,Type\nAcme Trading,company\nJohn\u0000Sample,person\n"));
    expect(nul.status).toBe(400);
    expect((await nul.json()).error).toBe("Line 3: Search term must not contain control characters or unpaired surrogates");
    const ansiEscape = await post(csvForm("Name,Type\n\u001b[2JAcme,company\n"));
    expect((await ansiEscape.json()).error).toBe("Line 2: Search term must not contain control characters or unpaired surrogates");
    const longName = await post(csvForm(`Name,Type\n${"a".repeat(201)},company\n`));
    expect((await longName.json()).error).toBe("Line 2: Search term must be at most 200 characters");
    const badBatchName = await post(csvForm("Name,Type\nAcme Trading,company\n", "Batch\u0000one"));
    expect(badBatchName.status).toBe(400);
    expect((await badBatchName.json()).error).toBe("name must not contain control characters or unpaired surrogates");
    expect(await databaseState()).toEqual(before);
  });

  test("a case attachment named with a control character or past 255 characters is refused, and nothing changes", async () => {
    const organisationId = (await admin.get("/api/auth/me")).json.organisation.id;
    const [kase] = await app.db
      .insert(schema.cases)
      .values({
        organisationId,
        title: "Probe Target",
        subjectKey: "person | probe target",
        subjectName: "Probe Target",
        entityType: "person",
        priority: "sanctions",
        openedAt: new Date(),
        dueAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const before = await databaseState();
    // The multipart body written byte by byte: a client's FormData would percent-encode the very bytes probed.
    const post = (fileName: string) => {
      const boundary = "hygiene-boundary";
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`;
      return admin.request("POST", `/api/cases/${kase.id}/attachments`, body, { "content-type": `multipart/form-data; boundary=${boundary}` });
    };
    for (const [, bad] of BAD_CHARACTERS.filter(([what]) => !what.includes("surrogate"))) {
      const res = await post(`scan${bad}.pdf`);
      expect({ bad, status: res.status, error: res.json?.error }).toEqual({ bad, status: 400, error: expect.stringMatching(CHARACTER_MESSAGE) });
    }
    const long = await post(`${"a".repeat(300)}.pdf`);
    expect(long.status).toBe(400);
    expect(long.json.error).toMatch(LENGTH_MESSAGE);
    expect(await databaseState()).toEqual(before);
  });

  test("a CLI command given a control character or an over-long value exits 1 with the field's message", async () => {
    const before = await databaseState();
    const create = await runCli(["users", "create", "--email", "cli@example.com", "--password", "Cli-password-1", "--name", "Eve\u0001Control"], app.env);
    expect(create.code).toBe(1);
    expect(create.stderr.trim()).toBe("duecheck: Full name must not contain control characters or unpaired surrogates");
    const search = await runCli(["search", "\u001b[2JAcme", "--json"], app.env);
    expect(search.code).toBe(1);
    expect(search.stderr.trim()).toBe("duecheck: Search term must not contain control characters or unpaired surrogates");
    const note = await runCli(["credits", "add", "integrator@example.com", "5", "--note", "x".repeat(501)], app.env);
    expect(note.code).toBe(1);
    expect(note.stderr.trim()).toBe("duecheck: Note must be at most 500 characters");
    expect(await databaseState()).toEqual(before);
    const users = await app.db.select().from(schema.users).where(eq(schema.users.email, "cli@example.com"));
    expect(users).toEqual([]);
  });
});
