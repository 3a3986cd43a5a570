/**
 * The history export by date range and the monitoring portfolio export, over HTTP, as a user would download them: a
 * user's own rows only, the days asked for only, decisions' reasons and the lists' versions in the row; admins and
 * auditors across users; bad dates 400.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { auditEntries, userIdOf } from "../helpers/audit.ts";
import { organisationOfUser } from "../helpers/credits.ts";

let app: TestApp;
const clients: Record<"alice" | "bob" | "admin" | "auditor", HttpClient> = {} as never;
let alice: { id: string; organisationId: string };
let bob: { id: string; organisationId: string };

const results = (lists: { name: string; versionDate: string }[]) => ({
  sanctionsList: [],
  adverseMedia: [],
  pepListings: [],
  risk: { level: "high", reasons: [] },
  sources: [],
  datasetsUsed: lists.map((l, i) => ({ id: `d${i}`, name: l.name, type: "sanctions", versionDate: l.versionDate, entityCount: 10 })),
  clean: false,
  summarySource: "built_in",
});

async function insertSearch(userId: string, term: string, createdAt: string, extra: Partial<typeof schema.searches.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(schema.searches)
    .values({
      userId,
      organisationId: organisationOfUser(userId),
      searchTerm: term,
      entityType: "person",
      status: "completed",
      riskLevel: "low",
      createdAt: new Date(createdAt),
      ...extra,
    })
    .returning();
  return row;
}

beforeAll(async () => {
  app = await startApp();
  alice = await createUser(app.db, { email: "alice@example.com", password: "alice-password-1" });
  bob = await createUser(app.db, { email: "bob@example.com", password: "bob-password-1" });
  await createUser(app.db, { email: "auditor@example.com", password: "auditor-password-1", role: "auditor" });
  for (const [who, email, password] of [
    ["alice", "alice@example.com", "alice-password-1"],
    ["bob", "bob@example.com", "bob-password-1"],
    ["admin", "admin@test.local", "Admin-password-1"],
    ["auditor", "auditor@example.com", "auditor-password-1"],
  ] as const) {
    clients[who] = new HttpClient(app.url);
    await clients[who].signIn(email, password);
  }
  const matched = await insertSearch(alice.id, "Ivan Petrov", "2025-03-10T09:00:00Z", {
    riskLevel: "high",
    reviewStatus: "cleared",
    results: results([
      { name: "OFAC SDN", versionDate: "2025-03-01T00:00:00Z" },
      { name: "EU Consolidated", versionDate: "2025-02-28T00:00:00Z" },
    ]),
  });
  await app.db.insert(schema.hitDecisions).values([
    {
      searchId: matched.id,
      hitId: "h1",
      hitKind: "sanctions",
      hitLabel: "PETROV, Ivan",
      decision: "false_positive",
      reason: "different_birth_date",
      state: "decided",
    },
    // A proposal nobody approved yet is not a decision in effect.
    {
      searchId: matched.id,
      hitId: "h2",
      hitKind: "sanctions",
      hitLabel: "PETROV, I.",
      decision: "true_match",
      reason: "confirmed_identity",
      state: "proposed",
    },
  ]);
  await insertSearch(alice.id, "=Formula Ltd", "2025-03-31T23:59:59Z", { entityType: "company" });
  await insertSearch(alice.id, "Too Early", "2025-02-28T23:59:59Z");
  await insertSearch(alice.id, "Too Late", "2025-04-01T00:00:00Z");
  await insertSearch(bob.id, "Bob Secret", "2025-03-15T12:00:00Z");
  await app.db.insert(schema.monitoredEntities).values([
    {
      userId: alice.id,
      organisationId: alice.organisationId,
      searchTerm: "Alice Watched",
      entityType: "company",
      frequency: "weekly",
      status: "active",
      nextCheck: new Date("2025-04-02T00:00:00Z"),
      createdAt: new Date("2025-01-01T00:00:00Z"),
    },
    {
      userId: bob.id,
      organisationId: bob.organisationId,
      searchTerm: "Bob Watched",
      entityType: "person",
      frequency: "daily",
      status: "paused",
      createdAt: new Date("2025-01-02T00:00:00Z"),
    },
  ]);
});
afterAll(() => app.stop());

/** The CSV's lines, byte-order mark left out. */
const lines = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

test("a user's history export: the days asked for, their own rows only, with decision reasons and list versions", async () => {
  const res = await clients.alice.get("/api/searches/export?from=2025-03-01&to=2025-03-31&format=csv");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/csv");
  expect(res.headers.get("content-disposition")).toBe('attachment; filename="duecheck-history-2025-03-01-2025-03-31.csv"');
  const [header, ...rows] = lines(res.text);
  expect(header).toBe(
    "Search date,Search term,Entity type,User,Risk level,Review status,Decision reasons,Datasets (version),Disabled lists (not checked),Search ID",
  );
  expect(rows).toHaveLength(2);
  expect(rows[0]).toStartWith(
    '2025-03-10T09:00:00.000Z,Ivan Petrov,Person,alice@example.com,High Risk,Cleared,"PETROV, Ivan: False positive (Different birth date)",OFAC SDN (2025-03-01); EU Consolidated (2025-02-28),',
  );
  // A term a spreadsheet would run as a formula is written as text.
  expect(rows[1]).toStartWith("2025-03-31T23:59:59.000Z,'=Formula Ltd,Company,alice@example.com,Low Risk,");
  expect(res.text).not.toContain("Bob Secret");
  expect(res.text).not.toContain("Too Early");
  expect(res.text).not.toContain("Too Late");
});

test("the headers are in the user's report language", async () => {
  await app.db.update(schema.users).set({ reportLanguage: "de" }).where(eq(schema.users.id, bob.id));
  const res = await clients.bob.get("/api/searches/export?from=2025-01-01&to=2025-12-31");
  const [header, row] = lines(res.text);
  expect(header).toStartWith("Suchdatum,Suchbegriff,");
  expect(header).toContain("Entscheidungsgründe");
  expect(row).toContain("Bob Secret");
  expect(res.text).not.toContain("Ivan Petrov");
});

test("the Excel export holds the same rows", async () => {
  const res = await fetch(`${app.url}/api/searches/export?from=2025-03-01&to=2025-03-31&format=xlsx`, {
    headers: { cookie: [...clients.alice.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.getWorksheet("Search history")!;
  expect(sheet.rowCount).toBe(3);
  expect(sheet.getRow(2).getCell(2).value).toBe("Ivan Petrov");
  expect(sheet.getRow(2).getCell(8).value).toBe("OFAC SDN (2025-03-01); EU Consolidated (2025-02-28)");
});

test("bad dates and formats are 400 and say what is wrong", async () => {
  for (const [query, message] of [
    ["from=2025-02-30&to=2025-03-01", "from must be a date such as 2025-01-31"],
    ["from=2025-03-01", "to must be a date such as 2025-01-31"],
    ["from=2025-03-02&to=2025-03-01", "to must not be before from"],
    ["from=2025-03-01&to=2025-03-31&format=pdf", "format must be csv or xlsx"],
  ]) {
    const res = await clients.alice.get(`/api/searches/export?${query}`);
    expect({ query, status: res.status, error: res.json?.error }).toEqual({ query, status: 400, error: message });
  }
});

test("admins and auditors export across users; a user may not", async () => {
  for (const who of ["admin", "auditor"] as const) {
    const all = await clients[who].get("/api/admin/searches/export?from=2025-03-01&to=2025-03-31&scope=all");
    expect(all.status).toBe(200);
    expect(
      lines(all.text)
        .slice(1)
        .map((line) => line.split(",")[1]),
    ).toEqual(["Ivan Petrov", "Bob Secret", "'=Formula Ltd"]);
    const one = await clients[who].get(`/api/admin/searches/export?from=2025-03-01&to=2025-03-31&userId=${bob.id}`);
    expect(
      lines(one.text)
        .slice(1)
        .map((line) => line.split(",")[1]),
    ).toEqual(["Bob Secret"]);
  }
  expect((await clients.admin.get("/api/admin/searches/export?from=2025-03-01&to=2025-03-31&userId=00000000-0000-4000-8000-000000000000")).status).toBe(404);
  expect((await clients.alice.get("/api/admin/searches/export?from=2025-03-01&to=2025-03-31&scope=all")).status).toBe(403);
});

test("the monitoring portfolio: a user's entities with their state; admins and auditors everyone's", async () => {
  const own = await clients.alice.get("/api/monitoring/export?format=csv");
  expect(own.status).toBe(200);
  const [header, ...rows] = lines(own.text);
  expect(header).toBe("Search term,Entity type,User,Monitoring,Frequency,Risk level,Review status,Last check,Last check state,Next check");
  expect(rows).toEqual(["Alice Watched,Company,alice@example.com,Active,Weekly,,,,Not checked yet,2025-04-02T00:00:00.000Z"]);
  const all = await clients.auditor.get("/api/admin/monitoring/export?scope=all");
  expect(
    lines(all.text)
      .slice(1)
      .map((line) => line.split(",")[0]),
  ).toEqual(["Alice Watched", "Bob Watched"]);
  expect((await clients.bob.get("/api/admin/monitoring/export?scope=all")).status).toBe(403);
});

test("each export is on the audit log: who took it, whose rows (scope), the range and the format", async () => {
  const [adminId, auditorId] = [await userIdOf(app.db, "admin@test.local"), await userIdOf(app.db, "auditor@example.com")];
  const entry = (action: string, actorKind: string, actorUserId: string, owner: string | null, details: Record<string, unknown>) => ({
    action,
    actorKind,
    actorUserId,
    ipAddress: "127.0.0.1",
    targetType: "user",
    targetId: owner,
    details: { ...details, scope: owner ?? "all" },
  });
  const history = (actorKind: string, actorUserId: string, owner: string | null, from: string, to: string, format = "csv") =>
    entry("searches.exported", actorKind, actorUserId, owner, { from, to, format });
  expect(await auditEntries(app.db, "searches.exported")).toEqual([
    history("user", alice.id, alice.id, "2025-03-01", "2025-03-31"),
    history("user", bob.id, bob.id, "2025-01-01", "2025-12-31"),
    history("user", alice.id, alice.id, "2025-03-01", "2025-03-31", "xlsx"),
    history("admin", adminId, null, "2025-03-01", "2025-03-31"),
    history("admin", adminId, bob.id, "2025-03-01", "2025-03-31"),
    history("user", auditorId, null, "2025-03-01", "2025-03-31"),
    history("user", auditorId, bob.id, "2025-03-01", "2025-03-31"),
  ]);
  expect(await auditEntries(app.db, "monitoring.exported")).toEqual([
    entry("monitoring.exported", "user", alice.id, alice.id, { format: "csv" }),
    entry("monitoring.exported", "user", auditorId, null, { format: "csv" }),
  ]);
});
