/**
 * GET /api/admin/audit and its CSV export over real HTTP: the filters (actor by id or email, action exact or by
 * prefix, target, date range), cursor paging without repeats, bad filters refused with 400, and the export holding
 * exactly the filtered entries.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { schema } from "../../data/db.ts";
import { recordAudit } from "../../lib/audit/record.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";

let app: TestApp;
let admin: HttpClient;
let ann: { id: string; organisationId: string };
beforeAll(async () => {
  app = await startApp();
  ann = await createUser(app.db, { email: "ann@example.com", password: "ann-password-1" });
  for (let i = 0; i < 7; i++) {
    await recordAudit(app.db, {
      action: "review.decided",
      actorKind: "user",
      actorUserId: ann.id,
      targetType: "search",
      targetId: `s-${i}`,
      details: { reason: 'common_name, "quoted"' },
    });
  }
  await recordAudit(app.db, { action: "review.note_added", actorKind: "user", actorUserId: ann.id, targetType: "search", targetId: "s-0" });
  await app.db.insert(schema.auditLog).values({ action: "review.decided", actorKind: "user", actorUserId: ann.id, at: new Date("2020-03-04T10:00:00Z") });
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
}, 60_000);
afterAll(() => app.stop());

const list = async (query: string) => {
  const res = await admin.get(`/api/admin/audit?${query}`);
  expect(res.status).toBe(200);
  return res.json as {
    items: { id: number; action: string; targetId: string | null; actorEmail: string | null; at: string }[];
    nextCursor: string | null;
    total: number;
  };
};

test("filters by actor (email or id), action (exact or prefix), target and dates", async () => {
  expect((await list("actor=ann@example.com")).total).toBe(9);
  expect((await list(`actor=${ann.id}&action=review.decided`)).total).toBe(8);
  expect((await list("actor=ann@example.com&action=review.*")).total).toBe(9);
  expect((await list("action=review")).total).toBe(0);
  expect((await list("actor=nobody@example.com")).total).toBe(0);
  const target = await list("targetType=search&targetId=s-0");
  expect(target.items.map((e) => e.action).sort()).toEqual(["review.decided", "review.note_added"]);
  const old = await list("actor=ann@example.com&from=2020-03-04&to=2020-03-04");
  expect(old.items).toHaveLength(1);
  expect(old.items[0].at).toBe("2020-03-04T10:00:00.000Z");
  expect((await list("actor=ann@example.com&from=2020-03-05")).total).toBe(8);
  expect(old.items[0].actorEmail).toBe("ann@example.com");
});

test("pages newest first with a cursor, no entry twice", async () => {
  const first = await list("actor=ann@example.com&limit=4");
  expect(first.items).toHaveLength(4);
  const second = await list(`actor=ann@example.com&limit=4&cursor=${first.nextCursor}`);
  const third = await list(`actor=ann@example.com&limit=4&cursor=${second.nextCursor}`);
  expect(third.nextCursor).toBeNull();
  const ids = [...first.items, ...second.items, ...third.items].map((e) => e.id);
  expect(ids).toHaveLength(9);
  expect([...ids].sort((x, y) => y - x)).toEqual(ids);
});

test("bad filters are 400 and name the field", async () => {
  for (const [query, message] of [
    ["from=yesterday", "from must be a date (YYYY-MM-DD)"],
    ["from=2026-02-01&to=2026-01-01", "from must not be after to"],
    ["cursor=abc", "Invalid cursor"],
    ["limit=500", "limit must be at most 100"],
  ]) {
    const res = await admin.get(`/api/admin/audit?${query}`);
    expect(res.status).toBe(400);
    expect(res.text).toContain(message);
  }
});

test("the CSV export holds exactly the filtered entries, details quoted", async () => {
  const res = await admin.get("/api/admin/audit/export?actor=ann@example.com&action=review.decided&from=2021-01-01");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/csv");
  expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="duecheck-audit-\d{4}-\d{2}-\d{2}\.csv"/);
  const lines = res.text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("id,at,actor_kind,actor_user_id,actor_email,action,target_type,target_id,target_email,ip_address,details,organisation_id");
  expect(lines).toHaveLength(8);
  expect(lines[1]).toContain(`,ann@example.com,review.decided,search,s-6,,,"{""reason"":""common_name, \\""quoted\\""""}"`);
  expect((await admin.get("/api/admin/audit/export?to=nope")).status).toBe(400);
});

test("a search's timeline is shown to its owner and to admins, and is 404 to anyone else", async () => {
  const [search] = await app.db
    .insert(schema.searches)
    .values({
      userId: ann.id,
      organisationId: ann.organisationId,
      searchTerm: "Timeline Subject",
      status: "completed",
      riskLevel: "low",
      creditsUsed: 10,
      results: { sanctionsList: [], adverseMedia: [] },
    })
    .returning();
  const owner = new HttpClient(app.url);
  await owner.signIn("ann@example.com", "ann-password-1");
  const other = new HttpClient(app.url);
  await createUser(app.db, { email: "olga@example.com", password: "olga-password-1" });
  await other.signIn("olga@example.com", "olga-password-1");
  const mine = await owner.get(`/api/searches/${search.id}/timeline`);
  expect(mine.status).toBe(200);
  const asAdmin = await admin.get(`/api/searches/${search.id}/timeline`);
  expect(asAdmin.status).toBe(200);
  expect(asAdmin.json.items.map((e: any) => e.kind)).toEqual(mine.json.items.map((e: any) => e.kind));
  expect(asAdmin.json.items[0]).toMatchObject({ kind: "created" });
  expect((await other.get(`/api/searches/${search.id}/timeline`)).status).toBe(404);
});
