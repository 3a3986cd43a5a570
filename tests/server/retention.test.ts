/**
 * Retention instead of deletion over real HTTP: a deleted search is hidden from its owner and kept for admins and its
 * batch; legal holds; the purge (holds on a search and on a user, a hold added mid-purge, dataset versions, the audit
 * entry, the once-a-day claim) and a purge process killed with SIGKILL that a second run finishes.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq, inArray } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { purgeExpiredRecords } from "../../lib/retention/purge.ts";
import { runScheduledPurge } from "../../lib/retention/scheduler.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { organisationOfUser } from "../helpers/credits.ts";

const YEAR = 365.25 * 24 * 60 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;
let app: TestApp;
let admin: HttpClient;
let analyst: HttpClient;
let analystId: string;

const yearsAgo = (years: number) => new Date(Date.now() - years * YEAR);
const exists = async (ids: string[]) =>
  (await app.db.select({ id: schema.searches.id }).from(schema.searches).where(inArray(schema.searches.id, ids))).map((r) => r.id);

async function insertSearch(userId: string, searchTerm: string, extra: Partial<typeof schema.searches.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(schema.searches)
    .values({ userId, organisationId: organisationOfUser(userId), searchTerm, status: "completed", riskLevel: "low", results: null, ...extra })
    .returning();
  return row;
}

beforeAll(async () => {
  app = await startApp();
  await createUser(app.db, { email: "analyst@example.com", password: "analyst-password-1" });
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  analyst = new HttpClient(app.url);
  analystId = (await analyst.signIn("analyst@example.com", "analyst-password-1")).id;
});
afterAll(() => app.stop());

describe("deleting a search hides it", () => {
  test("the owner gets 404 and loses it from the history and its total; admins still read it, marked hidden", async () => {
    const kept = await insertSearch(analystId, "Kept Person");
    const gone = await insertSearch(analystId, "Hidden Person");
    const before = (await analyst.get("/api/searches")).json.total;
    expect((await analyst.get(`/api/searches/${gone.id}`)).json.hidden).toBe(false);

    expect((await analyst.request("DELETE", `/api/searches/${gone.id}`)).status).toBe(200);
    expect((await analyst.get(`/api/searches/${gone.id}`)).status).toBe(404);
    expect((await analyst.get(`/api/searches/${gone.id}/export/pdf`)).status).toBe(404);
    expect((await analyst.get(`/api/reviews/${gone.id}`)).status).toBe(404);
    expect((await analyst.request("DELETE", `/api/searches/${gone.id}`)).status).toBe(404);
    const history = await analyst.get("/api/searches");
    expect(history.json.total).toBe(before - 1);
    expect(history.json.items.map((s: { id: string }) => s.id)).toContain(kept.id);
    expect(history.json.items.map((s: { id: string }) => s.id)).not.toContain(gone.id);

    const viewed = await admin.get(`/api/admin/searches/${gone.id}`);
    expect(viewed.status).toBe(200);
    expect(viewed.json).toMatchObject({ id: gone.id, hidden: true, searchTerm: "Hidden Person" });
    expect(typeof viewed.json.hiddenAt).toBe("string");
    const listed = (await admin.get("/api/admin/searches?q=Person")).json.items;
    expect(listed.find((s: { id: string }) => s.id === gone.id).hidden).toBe(true);
    expect(listed.find((s: { id: string }) => s.id === kept.id).hidden).toBe(false);

    const [audit] = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, gone.id)).orderBy(desc(schema.auditLog.id));
    expect(audit).toMatchObject({ action: "search.viewed_by_admin" });
    expect(await app.db.$count(schema.auditLog, and(eq(schema.auditLog.action, "search.deleted"), eq(schema.auditLog.targetId, gone.id)))).toBe(1);
  });

  test("GET /api/admin/settings carries retentionYears (5), which takes whole years from 1 to 100", async () => {
    const settings = (await admin.get("/api/admin/settings")).json;
    expect(settings.retentionYears).toBe(5);
    expect((await admin.post("/api/admin/settings", { ...settings, retentionYears: 0 })).json.error).toBe("retentionYears must be at least 1");
    expect((await admin.post("/api/admin/settings", { ...settings, retentionYears: 2.5 })).json.error).toBe("retentionYears must be a whole number");
    expect((await admin.post("/api/admin/settings", { ...settings, retentionYears: 7 })).json.retentionYears).toBe(7);
    expect((await admin.post("/api/admin/settings", settings)).json.retentionYears).toBe(5);
  });
});

describe("legal holds and the purge", () => {
  test("holds: admins only; one target; unknown 404; lifting needs a reason, once", async () => {
    const search = await insertSearch(analystId, "Hold Target");
    expect((await analyst.post("/api/admin/legal-holds", { searchId: search.id, reason: "x" })).status).toBe(403);
    expect((await analyst.get("/api/admin/legal-holds")).status).toBe(403);
    expect((await admin.post("/api/admin/legal-holds", { searchId: search.id, userId: analystId, reason: "x" })).json.error).toBe(
      "Give one of userId, userEmail or searchId",
    );
    expect((await admin.post("/api/admin/legal-holds", { userEmail: "nobody@example.com", reason: "x" })).json).toEqual({ error: "User not found" });
    expect((await admin.post("/api/admin/legal-holds", { userEmail: "not an email", reason: "x" })).status).toBe(400);
    expect((await admin.post("/api/admin/legal-holds", { searchId: search.id, reason: "" })).json.error).toBe("reason is required");
    expect((await admin.post("/api/admin/legal-holds", { searchId: "00000000-0000-0000-0000-000000000000", reason: "x" })).status).toBe(404);
    const set = await admin.post("/api/admin/legal-holds", { searchId: search.id, reason: "Subpoena 42" });
    expect(set.status).toBe(201);
    expect(set.json).toMatchObject({
      target: "search",
      searchId: search.id,
      searchTerm: "Hold Target",
      reason: "Subpoena 42",
      createdByEmail: "admin@test.local",
    });
    expect((await admin.post(`/api/admin/legal-holds/${set.json.id}/lift`, {})).json.error).toBe("reason is required");
    const lifted = await admin.post(`/api/admin/legal-holds/${set.json.id}/lift`, { reason: "Case closed" });
    expect(lifted.json).toMatchObject({ liftReason: "Case closed", liftedByEmail: "admin@test.local" });
    expect((await admin.post(`/api/admin/legal-holds/${set.json.id}/lift`, { reason: "again" })).status).toBe(409);
    expect((await admin.get("/api/admin/legal-holds?active=true")).json.items.map((h: { id: string }) => h.id)).not.toContain(set.json.id);
    expect(await app.db.$count(schema.auditLog, inArray(schema.auditLog.action, ["legal_hold.set", "legal_hold.lifted"]))).toBe(2);
  });

  test("a hold on a user can name them by email (any case), as the admin screen does", async () => {
    const byEmail = await admin.post("/api/admin/legal-holds", { userEmail: "ANALYST@example.com", reason: "Regulator inquiry" });
    expect(byEmail.status).toBe(201);
    expect(byEmail.json).toMatchObject({ target: "user", userId: analystId, userEmail: "analyst@example.com", searchId: null });
    expect((await admin.post(`/api/admin/legal-holds/${byEmail.json.id}/lift`, { reason: "Inquiry closed" })).status).toBe(200);
  });

  test("old searches go unless held (on the search or its owner, or held mid-purge); versions only they used go too", async () => {
    const heldOwner = await createUser(app.db, { email: "held@example.com", password: "held-password-1" });
    const free = await createUser(app.db, { email: "free@example.com", password: "free-password-1" });
    const [dataset] = await app.db
      .insert(schema.sanctionsDatasets)
      .values({ id: "test_retention", sourceName: "Retention list", datasetType: "sanctions", format: "csv", custom: true })
      .returning();
    const version = async (ageDays: number, isCurrent = false) =>
      (
        await app.db
          .insert(schema.sanctionsDatasetVersions)
          .values({
            datasetId: dataset.id,
            versionDate: new Date(Date.now() - ageDays * DAY),
            isCurrent,
            entityCount: 1,
            fileSize: 1,
            contentHash: `h${ageDays}`,
            origin: "import",
          })
          .returning()
      )[0];
    const current = await version(0, true);
    const previous = await version(1);
    const monthOld = await version(40);
    const usedByPurged = await version(2300);
    const usedByHeld = await version(2200);
    const used = (v: typeof current, byId: boolean) => ({
      datasetsUsed: [
        {
          id: dataset.id,
          name: "Retention list",
          type: "sanctions",
          versionDate: v.versionDate.toISOString(),
          entityCount: 1,
          ...(byId ? { versionId: v.id } : {}),
        },
      ],
    });

    const purged = await insertSearch(free.id, "Old Free", { createdAt: yearsAgo(6.5), results: used(usedByPurged, true) });
    const searchHeld = await insertSearch(free.id, "Old Held", { createdAt: yearsAgo(6.2), results: used(usedByHeld, false) });
    const ownerHeld = await insertSearch(heldOwner.id, "Old Owner Held", { createdAt: yearsAgo(6.1) });
    const purgedSecond = await insertSearch(free.id, "Old Free Second", { createdAt: yearsAgo(6) });
    const heldMidway = await insertSearch(free.id, "Old Held Midway", { createdAt: yearsAgo(5.9) });
    const recent = await insertSearch(free.id, "Recent", { createdAt: yearsAgo(4.9), results: used(previous, true) });
    await app.db.insert(schema.searchNotes).values({ searchId: purged.id, authorId: free.id, text: "goes with its search" });
    const ledger = await app.db
      .insert(schema.analysisResults)
      .values({ searchId: purged.id, category: "c", severity: "low", confidence: 1, finding: "f" })
      .returning();

    await admin.post("/api/admin/legal-holds", { searchId: searchHeld.id, reason: "Litigation" });
    await admin.post("/api/admin/legal-holds", { userId: heldOwner.id, reason: "Investigation" });

    const dry = await purgeExpiredRecords(app.db, { now: new Date(), dryRun: true });
    expect(dry).toMatchObject({ searchesPurged: 3, heldSkipped: 2, versionsPurged: 1, dryRun: true });
    expect(await exists([purged.id])).toEqual([purged.id]);

    // One search per batch; after the first, an admin holds a due search: the next batches keep it.
    const batches: number[] = [];
    const outcome = await purgeExpiredRecords(app.db, {
      now: new Date(),
      batchSize: 1,
      afterBatch: async (removed) => {
        batches.push(removed);
        if (batches.length === 1) expect((await admin.post("/api/admin/legal-holds", { searchId: heldMidway.id, reason: "Late request" })).status).toBe(201);
      },
    });
    expect(outcome).toMatchObject({ searchesPurged: 2, heldSkipped: 3, versionsPurged: 1, dryRun: false });
    expect((await exists([purged.id, searchHeld.id, ownerHeld.id, purgedSecond.id, heldMidway.id, recent.id])).sort()).toEqual(
      [searchHeld.id, ownerHeld.id, heldMidway.id, recent.id].sort(),
    );
    expect(await app.db.$count(schema.searchNotes, eq(schema.searchNotes.searchId, purged.id))).toBe(0);
    expect(await app.db.$count(schema.analysisResults, eq(schema.analysisResults.id, ledger[0].id))).toBe(0);
    const versions = (
      await app.db
        .select({ id: schema.sanctionsDatasetVersions.id })
        .from(schema.sanctionsDatasetVersions)
        .where(eq(schema.sanctionsDatasetVersions.datasetId, dataset.id))
    ).map((v) => v.id);
    expect(versions.sort()).toEqual([current.id, previous.id, monthOld.id, usedByHeld.id].sort());

    const [audit] = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "retention.purged")).orderBy(desc(schema.auditLog.id));
    expect(audit.details).toMatchObject({ searchesPurged: 2, versionsPurged: 1, heldSkipped: 3 });

    // Idempotent: nothing more to do.
    expect(await purgeExpiredRecords(app.db, { now: new Date() })).toMatchObject({ searchesPurged: 0, versionsPurged: 0, heldSkipped: 3 });
    // The scheduled run: one claim a day, whichever process asks first.
    const [first, second] = await Promise.all([
      runScheduledPurge(app.db, new Date("2031-01-02T03:00:00Z")),
      runScheduledPurge(app.db, new Date("2031-01-02T04:00:00Z")),
    ]);
    expect([first, second].filter((o) => o !== null)).toHaveLength(1);
    expect(await runScheduledPurge(app.db, new Date("2031-01-02T05:00:00Z"))).toBeNull();
  });

  test("a purge process killed mid-purge leaves whole batches only; a second run finishes it and keeps held records", async () => {
    const victim = await createUser(app.db, { email: "bulk@example.com", password: "bulk-password-1" });
    const rows = Array.from({ length: 400 }, (_, i) => ({
      userId: victim.id,
      organisationId: victim.organisationId,
      searchTerm: `Bulk ${i}`,
      status: "completed" as const,
      createdAt: yearsAgo(8),
    }));
    const ids = (await app.db.insert(schema.searches).values(rows).returning({ id: schema.searches.id })).map((r) => r.id);
    await app.db.insert(schema.searchNotes).values(ids.map((searchId) => ({ searchId, authorId: victim.id, text: "note" })));
    const held = ids[399];
    await admin.post("/api/admin/legal-holds", { searchId: held, reason: "Keep this one" });

    const proc = Bun.spawn([`${import.meta.dir}/../../bin/duecheck`, "admin", "purge"], {
      env: { ...process.env, DATABASE_URL: "", ...app.env, DUECHECK_PURGE_BATCH_SIZE: "1" },
      stdout: "pipe",
      stderr: "pipe",
    });
    // Killed as soon as a few batches are done (polled often: each batch is a few milliseconds).
    const deadline = Date.now() + 30_000;
    while ((await exists(ids)).length >= 395 && Date.now() < deadline) await Bun.sleep(10);
    proc.kill("SIGKILL");
    await proc.exited;
    // A batch whose commit the killed process had already sent may still land on PostgreSQL: the searches left and
    // their notes are read in one transaction (one snapshot), so a commit between two reads cannot tell them apart.
    const { left, notes } = await app.db.transaction(
      async (tx) => {
        const rows = await tx.select({ id: schema.searches.id }).from(schema.searches).where(inArray(schema.searches.id, ids));
        return { left: rows.map((r) => r.id), notes: await tx.$count(schema.searchNotes, inArray(schema.searchNotes.searchId, ids)) };
      },
      { isolationLevel: "repeatable read" },
    );
    expect(left.length).toBeGreaterThan(1);
    // Every search left still has its note: nothing half-deleted.
    expect(notes).toBe(left.length);

    const again = await runCli(["admin", "purge", "--json"], app.env);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ searchesPurged: left.length - 1, heldSkipped: 4 });
    expect(await exists(ids)).toEqual([held]);
  }, 60_000);
});
