/**
 * Every /api/admin/* route answers 401 without a session, 403 to a signed-in user who is not an admin, and
 * serves an admin. The routes are read from the Hono app itself, so a new admin route is walked without anyone
 * adding it here.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { loadInstanceKey } from "../../lib/auth/instance-key.ts";
import { createApp } from "../../server/app.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";

let app: TestApp;
let routes: string[];
const clients: Record<"anonymous" | "user" | "admin", HttpClient> = {} as never;
let ids: Record<string, string>;

/** A valid body for the admin routes that read one (an admin's call must reach the route, not fail validation). */
const BODIES: Record<string, unknown> = {
  "PUT /api/admin/users/:id": { fullName: "Walked User", company: "Walk Ltd", position: "Analyst", role: "user" },
  "POST /api/admin/users/:id/credits": { amount: 5, description: "Walk" },
  "POST /api/admin/users": { email: "walked@example.com", fullName: "Walked User", invite: true },
  "POST /api/admin/settings": {
    manualSearchCost: 10,
    automatedSearchCost: 1,
    initialCredits: 25,
    creditPackages: [{ credits: 100, price: 29, popular: true }],
    registrationOpen: true,
    fourEyesReview: false,
    retentionYears: 5,
  },
};

beforeAll(async () => {
  app = await startApp();
  const target = await createUser(app.db, { email: "target@example.com", password: "target-password-1" });
  await createUser(app.db, { email: "plain@example.com", password: "plain-password-1", credits: 100 });
  clients.anonymous = new HttpClient(app.url);
  clients.user = new HttpClient(app.url);
  await clients.user.signIn("plain@example.com", "plain-password-1");
  clients.admin = new HttpClient(app.url);
  await clients.admin.signIn("admin@test.local", "Admin-password-1");
  const search = await clients.user.post("/api/searches", { searchTerm: "Walk Target", entityType: "person" });
  expect(search.status).toBe(201);
  const batch = await clients.user.post("/api/batch-jobs", { name: "Walk batch", totalEntities: 1 });
  expect(batch.status).toBe(201);
  const rows = await clients.user.post(`/api/batch-jobs/${batch.json.id}/entities`, { entities: [{ searchTerm: "Walk Batch Row", entityType: "person" }] });
  expect(rows.status).toBe(200);
  const entity = await clients.user.post("/api/monitoring/entities", { searchTerm: "Walk Monitored", entityType: "company", frequency: "weekly" });
  expect(entity.status).toBe(201);
  ids = {
    "/api/admin/users/:id": target.id,
    "/api/admin/searches/:id": search.json.id,
    "/api/admin/batch-jobs/:id": batch.json.id,
    "/api/admin/monitoring/:id": entity.json.id,
  };
  // A hold for the lift route to lift; the walk's own POST sets another.
  const hold = await clients.admin.post("/api/admin/legal-holds", { searchId: search.json.id, reason: "Walk hold" });
  expect(hold.status).toBe(201);
  ids["/api/admin/legal-holds/:id"] = hold.json.id;
  // The target's organisation: credited, suspended and unsuspended by the walk; the target moves into the admin's.
  ids["/api/admin/organisations/:id"] = target.organisationId;
  BODIES["POST /api/admin/organisations/:id/credits"] = { amount: 5, reason: "Walk" };
  BODIES["POST /api/admin/users/:id/organisation"] = { organisationId: (await clients.admin.get("/api/auth/me")).json.organisation.id, role: "analyst" };
  BODIES["POST /api/admin/legal-holds"] = { userId: target.id, reason: "Walk" };
  BODIES["POST /api/admin/legal-holds/:id/lift"] = { reason: "Walk over" };
  const served = createApp({ database: app.server.database, config: app.config, instanceKey: loadInstanceKey(app.config) });
  routes = [...new Set(served.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/admin/")).map((r) => `${r.method} ${r.path}`))];
});
afterAll(() => app.stop());

/** Queries an admin's read needs (without them it is 400 before it reads). */
const QUERIES: Record<string, string> = { "GET /api/admin/searches/export": "?from=2020-01-01&to=2035-12-31&scope=all" };

function pathOf(route: string) {
  const path = route.split(" ")[1];
  const prefix = Object.keys(ids).find((p) => path.startsWith(p));
  return (prefix ? path.replace(":id", ids[prefix]) : path) + (QUERIES[route] ?? "");
}

test("the walk includes every expected admin call, and an id for each :id route", () => {
  for (const route of [
    "GET /api/admin/stats",
    "GET /api/admin/users",
    "PUT /api/admin/users/:id",
    "POST /api/admin/users/:id/toggle",
    "POST /api/admin/users/:id/credits",
    "GET /api/admin/searches",
    "GET /api/admin/searches/:id",
    "GET /api/admin/transactions",
    "GET /api/admin/settings",
    "POST /api/admin/settings",
    "GET /api/admin/legal-holds",
    "POST /api/admin/legal-holds",
    "POST /api/admin/legal-holds/:id/lift",
    "GET /api/admin/audit",
    "GET /api/admin/audit/export",
    "GET /api/admin/batch-jobs",
    "GET /api/admin/batch-jobs/:id",
    "GET /api/admin/batch-jobs/:id/results",
    "GET /api/admin/monitoring",
    "GET /api/admin/monitoring/:id",
  ]) {
    expect(routes).toContain(route);
  }
  expect(routes.every((r) => (r.includes(":") ? Object.keys(ids).some((p) => r.split(" ")[1].startsWith(p)) : true))).toBe(true);
});

test("every admin route: 401 anonymous, 403 for a user, served for an admin", async () => {
  const seen: Record<string, number[]> = {};
  const expected: Record<string, number[]> = {};
  for (const route of routes) {
    const method = route.split(" ")[0];
    const body = method === "GET" ? undefined : (BODIES[route] ?? {});
    const statuses: number[] = [];
    for (const who of ["anonymous", "user", "admin"] as const) {
      const res = await clients[who].request(method, pathOf(route), body);
      statuses.push(who === "admin" ? (res.status >= 200 && res.status < 300 ? 200 : res.status) : res.status);
    }
    seen[route] = statuses;
    expected[route] = [401, 403, 200];
  }
  expect(seen).toEqual(expected);
});

test("a user's refused calls changed nothing: the target is still active with its credits", async () => {
  const res = await clients.admin.get(`/api/admin/users/${ids["/api/admin/users/:id"]}`);
  // The admin's own walk toggled the target once and credited 5.
  expect(res.json).toMatchObject({ email: "target@example.com", isActive: false, credits: 30 });
});
