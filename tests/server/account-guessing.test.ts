/**
 * Guessing passwords and codes: a signed-in session that guesses is throttled like the sign-in form and then signed
 * out; a stranger's failures never lock the owner out of their own address; the limits are settings.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { DEFAULT_SETTINGS } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { validRegistration } from "../helpers/registration.ts";
import { totpCode } from "../helpers/totp.ts";

const LIMIT = DEFAULT_SETTINGS.loginFailuresPerAccount;
let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  // Proxy headers are trusted, so each client below can speak from its own address.
  app = await startApp({ env: { DUECHECK_TRUST_PROXY: "1" } });
  admin = new HttpClient(app.url, { "x-forwarded-for": "192.0.2.250" });
  await admin.signIn("admin@test.local", "Admin-password-1");
});
afterAll(async () => {
  await app.stop();
});

let addressCounter = 0;
const nextAddress = () => `198.18.0.${++addressCounter}`;
const from = (address: string) => new HttpClient(app.url, { "x-forwarded-for": address });

async function member(email: string, address = nextAddress()) {
  await createUser(app.db, { email, password: "Password-1!" });
  const http = from(address);
  await http.signIn(email, "Password-1!");
  return { http, address };
}

async function withTwoFactor(email: string) {
  const { http, address } = await member(email);
  const setup = (await http.post("/api/auth/setup-2fa")).json;
  expect((await http.post("/api/auth/verify-2fa", { code: totpCode(setup.secret) })).status).toBe(200);
  return { http, address, secret: setup.secret as string };
}

/** Sends `attempt` until it answers 429; answers how many answered otherwise first. */
async function attemptsBefore429(attempt: () => Promise<{ status: number }>, max = 40) {
  for (let i = 0; i < max; i++) if ((await attempt()).status === 429) return i;
  return max;
}

describe("a signed-in session guessing", () => {
  test(`change-password: ${LIMIT} wrong current passwords, then 429 and the session ends`, async () => {
    const { http, address } = await member("guess-password@example.com");
    const tries = await attemptsBefore429(() => http.post("/api/auth/change-password", { currentPassword: "wrong-guess", newPassword: "New-password-1!" }));
    expect(tries).toBe(LIMIT - 1);
    expect((await http.get("/api/auth/me")).status).toBe(401);
    // The same throttle as the sign-in form: this address cannot sign in to the account either for now.
    expect((await from(address).post("/api/auth/login", { email: "guess-password@example.com", password: "Password-1!" })).status).toBe(429);
    // The owner elsewhere is not locked out.
    expect((await from(nextAddress()).post("/api/auth/login", { email: "guess-password@example.com", password: "Password-1!" })).status).toBe(200);
  });

  test("recovery-codes and disable-2fa: wrong codes and passwords end the session after the limit", async () => {
    const codes = await withTwoFactor("guess-codes@example.com");
    expect(await attemptsBefore429(() => codes.http.post("/api/auth/recovery-codes", { code: "000000" }))).toBe(LIMIT - 1);
    expect((await codes.http.get("/api/auth/me")).status).toBe(401);

    const disable = await withTwoFactor("guess-disable@example.com");
    expect(await attemptsBefore429(() => disable.http.post("/api/auth/disable-2fa", { password: "wrong-guess", code: "000000" }))).toBe(LIMIT - 1);
    expect((await disable.http.get("/api/auth/me")).status).toBe(401);
    const [user] = await app.db.select().from(schema.users).where(eq(schema.users.email, "guess-disable@example.com"));
    expect(user.twoFactorEnabled).toBe(true);
  });

  test("colleagues failing to sign in from the same office address do not end the session", async () => {
    const { http, address } = await member("office@example.com");
    for (let i = 0; i < DEFAULT_SETTINGS.loginFailuresPerAddress; i++) {
      await from(address).post("/api/auth/login", { email: `colleague${i}@example.com`, password: "wrong-guess" });
    }
    const res = await http.post("/api/auth/change-password", { currentPassword: "Password-1!", newPassword: "New-password-1!" });
    expect(res.status).toBe(200);
  });
});

describe("locking out by account", () => {
  test("a stranger's failures lock the stranger's address, not the owner's", async () => {
    await createUser(app.db, { email: "target@example.com", password: "Password-1!" });
    const stranger = from(nextAddress());
    for (let i = 0; i < LIMIT; i++) expect((await stranger.post("/api/auth/login", { email: "target@example.com", password: "wrong-guess" })).status).toBe(401);
    expect((await stranger.post("/api/auth/login", { email: "target@example.com", password: "Password-1!" })).status).toBe(429);
    expect((await from(nextAddress()).post("/api/auth/login", { email: "target@example.com", password: "Password-1!" })).status).toBe(200);
  });

  test("failures from many addresses lock the account, except for the owner's known address and a correct 2FA code", async () => {
    expect((await admin.post("/api/admin/settings", { loginFailuresPerAccountAllAddresses: 6 })).status).toBe(200);
    try {
      const owner = await member("many@example.com");
      const twoFactor = await withTwoFactor("many-2fa@example.com");
      for (const email of ["many@example.com", "many-2fa@example.com"]) {
        for (let i = 0; i < 6; i++) await from(nextAddress()).post("/api/auth/login", { email, password: "wrong-guess" });
      }
      // A new address: the right password alone no longer gets in, and reads as the locked wrong one does.
      const fresh = await from(nextAddress()).post("/api/auth/login", { email: "many@example.com", password: "Password-1!" });
      const wrong = await from(nextAddress()).post("/api/auth/login", { email: "many@example.com", password: "wrong-guess" });
      expect(fresh.status).toBe(429);
      expect(wrong.status).toBe(429);
      expect(fresh.json).toEqual(wrong.json);
      // The owner's own address still gets in.
      expect((await from(owner.address).post("/api/auth/login", { email: "many@example.com", password: "Password-1!" })).status).toBe(200);
      // With 2FA on, a new address gets in with the password and a correct code.
      const other = from(nextAddress());
      expect((await other.post("/api/auth/login", { email: "many-2fa@example.com", password: "Password-1!" })).json).toEqual({ requiresTwoFactor: true });
      const code = totpCode(twoFactor.secret, Date.now() + 30_000);
      expect((await other.post("/api/auth/login", { email: "many-2fa@example.com", password: "Password-1!", twoFactorCode: code })).status).toBe(200);
    } finally {
      await admin.post("/api/admin/settings", { loginFailuresPerAccountAllAddresses: DEFAULT_SETTINGS.loginFailuresPerAccountAllAddresses });
    }
  });
});

describe("the limits are settings", () => {
  test("an admin raises the registrations an address may make in an hour", async () => {
    const address = nextAddress();
    const register = () => from(address).post("/api/auth/register", validRegistration());
    for (let i = 0; i < DEFAULT_SETTINGS.registrationsPerAddressPerHour; i++) expect((await register()).status).toBe(201);
    expect((await register()).status).toBe(429);
    expect((await admin.post("/api/admin/settings", { registrationsPerAddressPerHour: 10 })).status).toBe(200);
    expect((await register()).status).toBe(201);
    expect((await admin.get("/api/admin/settings")).json.registrationsPerAddressPerHour).toBe(10);
  });

  test("an admin lowers the failed sign-ins allowed per address; a limit below 1 is refused", async () => {
    expect((await admin.post("/api/admin/settings", { loginFailuresPerAccount: 2 })).status).toBe(200);
    try {
      await createUser(app.db, { email: "strict@example.com", password: "Password-1!" });
      const http = from(nextAddress());
      for (let i = 0; i < 2; i++) expect((await http.post("/api/auth/login", { email: "strict@example.com", password: "wrong-guess" })).status).toBe(401);
      expect((await http.post("/api/auth/login", { email: "strict@example.com", password: "Password-1!" })).status).toBe(429);
    } finally {
      await admin.post("/api/admin/settings", { loginFailuresPerAccount: LIMIT });
    }
    const refused = await admin.post("/api/admin/settings", { loginFailuresPerAddress: 0 });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toContain("loginFailuresPerAddress must be at least 1");
    expect((await admin.get("/api/admin/settings")).json.loginFailuresPerAddress).toBe(DEFAULT_SETTINGS.loginFailuresPerAddress);
  });
});
