import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { auditEntries } from "../helpers/audit.ts";
import { validRegistration } from "../helpers/registration.ts";

let app: TestApp;
let http: HttpClient;
beforeAll(async () => {
  app = await startApp();
  http = new HttpClient(app.url);
});
afterAll(() => app.stop());

const userByEmail = async (email: string) => (await app.db.select().from(schema.users).where(eq(schema.users.email, email)))[0];

describe("POST /api/auth/register", () => {
  test("creates the account with 25 welcome credits recorded as a credit_bonus, and signs it in (no email confirmation)", async () => {
    const body = validRegistration({ email: "New.User@Example.com" });
    const fresh = new HttpClient(app.url);
    const res = await fresh.post("/api/auth/register", body);
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ email: "new.user@example.com", fullName: "Dana Fischer", role: "user", credits: 25 });
    expect(res.json.user.password).toBeUndefined();
    expect(res.json).toMatchObject({ emailConfirmationSent: false, signedIn: true });
    expect(fresh.cookies.has("duecheck_session")).toBe(true);
    const me = await fresh.get("/api/auth/me");
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email: "new.user@example.com", fullName: "Dana Fischer" });

    const stored = await userByEmail("new.user@example.com");
    expect(stored.password).not.toContain(body.password);
    expect(stored.password.startsWith("$argon2id$")).toBe(true);
    const ledger = await app.db.select().from(schema.creditTransactions).where(eq(schema.creditTransactions.userId, stored.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ type: "credit_bonus", amount: 25, balance: 25 });
    expect(await auditEntries(app.db, "user.registered")).toEqual([
      {
        action: "user.registered",
        actorKind: "user",
        actorUserId: stored.id,
        ipAddress: "127.0.0.1",
        targetType: "user",
        targetId: stored.id,
        details: null,
      },
    ]);
    const signIns = (await auditEntries(app.db, "auth.login")).filter((entry) => entry.actorUserId === stored.id);
    expect(signIns).toEqual([expect.objectContaining({ actorKind: "user", ipAddress: "127.0.0.1", details: { registration: true } })]);
  });

  test("the welcome credits follow the system setting", async () => {
    await updateSystemSettings(app.db, { initialCredits: 40 });
    const res = await http.post("/api/auth/register", validRegistration({ email: "forty@example.com" }));
    expect(res.json.user.credits).toBe(40);
    await updateSystemSettings(app.db, { initialCredits: 25 });
  });

  test.each([
    ["role", "admin"],
    ["isActive", false],
    ["emailVerified", true],
    ["twoFactorEnabled", true],
    ["twoFactorSecret", "AAAA"],
    ["id", "00000000-0000-0000-0000-000000000000"],
    ["createdAt", "2020-01-01T00:00:00Z"],
    ["updatedAt", "2020-01-01T00:00:00Z"],
    ["lastLogin", "2020-01-01T00:00:00Z"],
    ["credits", 1000000],
  ])("refuses the field %s and creates nothing", async (field, value) => {
    const body = validRegistration({ [field]: value });
    const res = await http.post("/api/auth/register", body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(`The field '${field}' cannot be set at registration`);
    expect(await userByEmail(body.email as string)).toBeUndefined();
  });

  test.each([
    [{ password: "short" }, "Password must be at least 8 characters"],
    [{ email: "not-an-email" }, "Invalid email address"],
    [{ phoneNumber: "12345" }, "Phone number must be at least 10 characters"],
    [{ fullName: "  " }, "Full name is required"],
    [{ company: undefined }, "Company is required"],
    [{ position: "" }, "Position is required"],
    [{ password: 12345678 }, "Password must be a string"],
  ])("validates %p", async (override, message) => {
    const res = await http.post("/api/auth/register", validRegistration(override));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: message });
  });

  test("a second account with the same email (any case) is a 409", async () => {
    await http.post("/api/auth/register", validRegistration({ email: "twice@example.com" }));
    const res = await http.post("/api/auth/register", validRegistration({ email: "TWICE@example.com" }));
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("An account with this email already exists");
  });

  test("malformed JSON and non-object bodies are 400 with a clear error", async () => {
    const bad = await http.request("POST", "/api/auth/register", "{not json", { "content-type": "application/json" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("Request body must be valid JSON");
    const list = await http.request("POST", "/api/auth/register", "[1,2]", { "content-type": "application/json" });
    expect(list.status).toBe(400);
    expect(list.json.error).toBe("Request body must be a JSON object");
  });

  test("an oversized body is refused", async () => {
    const res = await http.post("/api/auth/register", validRegistration({ fullName: "x".repeat(70_000) }));
    expect(res.status).toBe(413);
    expect(res.json.error).toBe("Request body is too large");
  });
});
