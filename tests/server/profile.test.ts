import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, signedIn, startApp, type TestApp } from "../helpers/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.stop());

const profile = (overrides: Record<string, unknown> = {}) => ({
  fullName: "Petra Lang",
  email: "petra@example.com",
  phoneNumber: "+43 1 234 5678",
  company: "Lang Audit",
  position: "MLRO",
  ...overrides,
});

describe("profile", () => {
  test("update-profile saves every field and answers the new user (a new email with the current password)", async () => {
    const http = await signedIn(app, { email: "petra.old@example.com", password: "password-1" });
    const res = await http.post("/api/auth/update-profile", { ...profile(), currentPassword: "password-1" });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject(profile());
    expect((await http.get("/api/auth/me")).json).toMatchObject(profile());
  });

  test.each([
    [{ fullName: "P" }, "Name must be at least 2 characters"],
    [{ email: "petra-at-example" }, "Invalid email address"],
    [{ phoneNumber: "123" }, "Phone number must be at least 10 characters"],
    [{ company: "L" }, "Company name must be at least 2 characters"],
    [{ position: "M" }, "Position must be at least 2 characters"],
  ])("update-profile refuses %p", async (override, message) => {
    const http = await signedIn(app, { email: `v${Math.random().toString(36).slice(2, 7)}@example.com`, password: "password-1" });
    const before = (await http.get("/api/auth/me")).json;
    const res = await http.post("/api/auth/update-profile", profile({ email: before.email, ...override }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: message });
    expect((await http.get("/api/auth/me")).json).toEqual(before);
  });

  test("without mail, an email of another account is a 409 once the password is given", async () => {
    await createUser(app.db, { email: "taken@example.com", password: "password-1" });
    const http = await signedIn(app, { email: "mover@example.com", password: "password-1" });
    const res = await http.post("/api/auth/update-profile", { ...profile({ email: "taken@example.com" }), currentPassword: "password-1" });
    expect(res.status).toBe(409);
    expect((await http.get("/api/auth/me")).json.email).toBe("mover@example.com");
  });

  test("languages take only en, de, es, fr", async () => {
    const http = await signedIn(app, { email: "lang@example.com", password: "password-1" });
    const ok = await http.post("/api/auth/update-languages", { profileLanguage: "es", reportLanguage: "de" });
    expect(ok.json.user).toMatchObject({ profileLanguage: "es", reportLanguage: "de" });
    const bad = await http.post("/api/auth/update-languages", { profileLanguage: "it", reportLanguage: "de" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("Language must be one of en, de, es, fr");
    expect((await http.get("/api/auth/me")).json.profileLanguage).toBe("es");
  });
});

describe("change password", () => {
  test("needs the current password", async () => {
    const http = await signedIn(app, { email: "pw1@example.com", password: "password-1" });
    const res = await http.post("/api/auth/change-password", { currentPassword: "password-x", newPassword: "N3w-password!" });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("Current password is incorrect");
    const missing = await http.post("/api/auth/change-password", { currentPassword: "", newPassword: "N3w-password!" });
    expect(missing.json.error).toBe("Current password is required");
  });

  test.each([
    ["Sh0rt!", "Password must be at least 8 characters"],
    ["n0-uppercase!", "Password must contain at least one uppercase letter"],
    ["N0-LOWERCASE!", "Password must contain at least one lowercase letter"],
    ["No-number-here!", "Password must contain at least one number"],
    ["NoSpecial123", "Password must contain at least one special character"],
  ])("refuses the weak password %s", async (newPassword, message) => {
    const http = await signedIn(app, { email: `weak${Math.random().toString(36).slice(2, 7)}@example.com`, password: "password-1" });
    const res = await http.post("/api/auth/change-password", { currentPassword: "password-1", newPassword });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  test("a change keeps this session, ends the others, and only the new password signs in", async () => {
    const http = await signedIn(app, { email: "pw2@example.com", password: "password-1" });
    const elsewhere = new HttpClient(app.url);
    await elsewhere.signIn("pw2@example.com", "password-1");
    const res = await http.post("/api/auth/change-password", { currentPassword: "password-1", newPassword: "N3w-password!" });
    expect(res.status).toBe(200);
    expect((await http.get("/api/auth/me")).status).toBe(200);
    expect((await elsewhere.get("/api/auth/me")).status).toBe(401);
    expect((await new HttpClient(app.url).post("/api/auth/login", { email: "pw2@example.com", password: "password-1" })).status).toBe(401);
    await new HttpClient(app.url).signIn("pw2@example.com", "N3w-password!");
  });
});
