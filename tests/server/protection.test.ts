import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
  await createUser(app.db, { email: "csrf@example.com", password: "password-1", fullName: "Carla Surf" });
});
afterAll(() => app.stop());

describe("cross-origin requests (CSRF)", () => {
  test("a state-changing call with a foreign Origin is refused and changes nothing", async () => {
    const http = new HttpClient(app.url);
    await http.signIn("csrf@example.com", "password-1");
    const res = await http.post(
      "/api/auth/update-profile",
      { fullName: "Mallory", email: "csrf@example.com", phoneNumber: "0123456789", company: "Evil", position: "Boss" },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: "Cross-origin request refused" });
    expect((await http.get("/api/auth/me")).json.fullName).toBe("Carla Surf");
  });

  test("a cross-site browser request without Origin (Sec-Fetch-Site) and an opaque 'null' origin are refused", async () => {
    const http = new HttpClient(app.url);
    await http.signIn("csrf@example.com", "password-1");
    expect((await http.post("/api/auth/logout", {}, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await http.post("/api/auth/logout", {}, { origin: "null" })).status).toBe(403);
    expect((await http.get("/api/auth/me")).status).toBe(200);
  });

  test("a login form posted from another site is refused", async () => {
    const res = await new HttpClient(app.url).post(
      "/api/auth/login",
      { email: "csrf@example.com", password: "password-1" },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
  });

  test("same-origin calls and reads pass", async () => {
    const http = new HttpClient(app.url, { origin: app.url, "sec-fetch-site": "same-origin" });
    await http.signIn("csrf@example.com", "password-1");
    expect((await http.get("/api/auth/me", { origin: "https://evil.example" })).status).toBe(200);
    expect((await http.post("/api/auth/update-languages", { profileLanguage: "de", reportLanguage: "fr" })).status).toBe(200);
  });
});

describe("errors and authorization", () => {
  const protectedCalls: [string, string][] = [
    ["GET", "/api/auth/me"],
    ["POST", "/api/auth/setup-2fa"],
    ["POST", "/api/auth/verify-2fa"],
    ["POST", "/api/auth/disable-2fa"],
    ["POST", "/api/auth/update-profile"],
    ["POST", "/api/auth/update-languages"],
    ["PUT", "/api/auth/profile"],
    ["POST", "/api/auth/change-password"],
    ["GET", "/api/credits/balance"],
  ];
  test.each(protectedCalls)("%s %s without a session is 401 JSON", async (method, path) => {
    const res = await new HttpClient(app.url).request(method, path, method === "GET" ? undefined : {});
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: "Not signed in" });
  });

  test("a forged session cookie is 401 and is cleared", async () => {
    const res = await new HttpClient(app.url, { cookie: "duecheck_session=forged" }).get("/api/auth/me");
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().join()).toContain("duecheck_session=;");
  });

  test("an unknown API path is a JSON 404; other paths get the web app", async () => {
    const api = await new HttpClient(app.url).get("/api/does-not-exist");
    expect(api.status).toBe(404);
    expect(api.json).toEqual({ error: "Not found" });
    const page = await fetch(`${app.url}/some/unknown/page`);
    expect(page.headers.get("content-type")).toContain("text/html");
  });

  test("security headers are set", async () => {
    const res = await fetch(`${app.url}/api/auth/me`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("credit balance", () => {
  test("shows the balance, the costs and the newest transactions first", async () => {
    const http = new HttpClient(app.url);
    await http.signIn("csrf@example.com", "password-1");
    const res = await http.get("/api/credits/balance");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ balance: 25, unlimited: false, manualSearchCost: 10, automatedSearchCost: 1 });
    expect(res.json.transactions[0]).toMatchObject({ type: "credit_bonus", amount: 25, balance: 25 });
    expect((await http.get("/api/credits/balance?limit=abc")).status).toBe(400);
  });

  test("an admin's balance reads unlimited", async () => {
    const http = new HttpClient(app.url);
    await http.signIn("admin@test.local", "Admin-password-1");
    expect((await http.get("/api/credits/balance")).json.unlimited).toBe(true);
  });
});
