import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { recordAudit } from "../../lib/audit/record.ts";
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
});
