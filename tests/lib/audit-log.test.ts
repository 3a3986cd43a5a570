import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { verifyAuditChain } from "../../lib/audit/chain.ts";
import { recordAudit, recordAudits } from "../../lib/audit/record.ts";
import { startApp, type TestApp } from "../helpers/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.stop());

describe("audit log", () => {
  test("records are appended and cannot be changed or deleted", async () => {
    await recordAudit(app.db, { action: "test.decision", actorKind: "system", details: { verdict: "no match" } });
    const [row] = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "test.decision"));
    expect(row.details).toEqual({ verdict: "no match" });
    const rewrite = async () => {
      await app.db.update(schema.auditLog).set({ action: "test.rewritten" }).where(eq(schema.auditLog.id, row.id));
    };
    const erase = async () => {
      await app.db.delete(schema.auditLog).where(eq(schema.auditLog.id, row.id));
    };
    await expect(rewrite()).rejects.toThrow();
    await expect(erase()).rejects.toThrow();
    const [still] = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.id, row.id));
    expect(still.action).toBe("test.decision");
  });

  test("sign-ins and failed sign-ins are on record", async () => {
    const res = await fetch(`${app.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@test.local", password: "wrong-password" }),
    });
    expect(res.status).toBe(401);
    const failures = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "auth.login_failed"));
    expect(failures.length).toBeGreaterThan(0);
    expect(JSON.stringify(failures)).not.toContain("wrong-password");
  });

  test("records appended together are chained in the order given, across statements, beside writers one at a time", async () => {
    // 2,500 records: more than one statement holds, so the chain crosses a statement's edge.
    const many = Array.from({ length: 2500 }, (_, i) => ({ action: "test.bulk", actorKind: "system" as const, details: { n: i } }));
    const ones = Array.from({ length: 5 }, (_, i) =>
      app.db.transaction((tx) => recordAudit(tx, { action: "test.single", actorKind: "system", details: { n: i } })),
    );
    await Promise.all([app.db.transaction((tx) => recordAudits(tx, many)), ...ones]);
    const bulk = await app.db
      .select({ seq: schema.auditLog.chainSeq, details: schema.auditLog.details })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "test.bulk"))
      .orderBy(asc(schema.auditLog.chainSeq));
    expect(bulk.map((r) => (r.details as { n: number }).n)).toEqual(many.map((_, i) => i));
    // One transaction's records are one unbroken run of the chain.
    expect(bulk.at(-1)!.seq! - bulk[0].seq!).toBe(many.length - 1);
    expect(await verifyAuditChain(app.db, { pageSize: 700 })).toMatchObject({ intact: true });
  });
});
