/**
 * The same-origin (CSRF) check compares the whole origin, scheme, host and port, as the browser does: with the
 * public URL set, against its origin; without it, against the origin the request was addressed to.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";

let withPublicUrl: TestApp;
let withoutPublicUrl: TestApp;
beforeAll(async () => {
  [withPublicUrl, withoutPublicUrl] = await Promise.all([startApp({ env: { DUECHECK_PUBLIC_URL: "https://duecheck.example.com/compliance" } }), startApp()]);
  await Promise.all([withPublicUrl, withoutPublicUrl].map((app) => createUser(app.db, { email: "origin@example.com", password: "password-1" })));
});
afterAll(async () => {
  await Promise.all([withPublicUrl?.stop(), withoutPublicUrl?.stop()]);
});

const signInFrom = (app: TestApp, origin: string) =>
  new HttpClient(app.url).post("/api/auth/login", { email: "origin@example.com", password: "password-1" }, { origin });

describe("with DUECHECK_PUBLIC_URL (https)", () => {
  test.each([
    ["http:// on the same host", "http://duecheck.example.com"],
    ["another port", "https://duecheck.example.com:8443"],
    ["another host", "https://evil.example"],
    ["the address the request was sent to", "http://127.0.0.1"],
  ])("an Origin of %s is refused", async (_, origin) => {
    const res = await signInFrom(withPublicUrl, origin);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: "Cross-origin request refused" });
  });

  test("the public URL's exact origin passes, its default port written out or not", async () => {
    expect((await signInFrom(withPublicUrl, "https://duecheck.example.com")).status).toBe(200);
    expect((await signInFrom(withPublicUrl, "https://duecheck.example.com:443")).status).toBe(200);
  });

  test("the request's own address is refused too, since the public URL names the app's origin", async () => {
    expect((await signInFrom(withPublicUrl, withPublicUrl.url)).status).toBe(403);
  });
});

describe("without DUECHECK_PUBLIC_URL", () => {
  test("an https:// Origin on an http request, or another port, is refused", async () => {
    const port = new URL(withoutPublicUrl.url).port;
    expect((await signInFrom(withoutPublicUrl, `https://127.0.0.1:${port}`)).status).toBe(403);
    expect((await signInFrom(withoutPublicUrl, `http://127.0.0.1:${Number(port) + 1}`)).status).toBe(403);
    expect((await signInFrom(withoutPublicUrl, "http://127.0.0.1")).status).toBe(403);
  });

  test("the request's own origin passes", async () => {
    expect((await signInFrom(withoutPublicUrl, withoutPublicUrl.url)).status).toBe(200);
  });

  test("X-Forwarded-Host is not read without a trusted proxy", async () => {
    const res = await new HttpClient(withoutPublicUrl.url).post(
      "/api/auth/login",
      { email: "origin@example.com", password: "password-1" },
      { origin: "http://evil.example", "x-forwarded-host": "evil.example" },
    );
    expect(res.status).toBe(403);
  });
});
