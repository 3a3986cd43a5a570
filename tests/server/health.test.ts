import { afterAll, beforeAll, expect, test } from "bun:test";
import { loadConfig } from "../../lib/config.ts";
import { startServer } from "../../server/start.ts";
import { startTcpProxy } from "../../support/tcp-proxy.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { createTestDatabase, TEST_DB } from "../helpers/database.ts";

/** The supervisors' calls: no session needed, never cached, and /readyz asks the database itself. */
let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.stop();
});

test("GET /healthz answers 200 while the process serves", async () => {
  const res = await fetch(`${app.url}/healthz`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(await res.json()).toEqual({ status: "ok" });
});

test("GET /readyz answers 200 when the database answers", async () => {
  const res = await fetch(`${app.url}/readyz`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: "ready", database: "available" });
});

test.skipIf(TEST_DB !== "postgres")("once the database path is cut: /readyz and the API answer 503 with Retry-After at once, /healthz 200", async () => {
  const testDatabase = await createTestDatabase();
  const direct = new URL(testDatabase.databaseUrl!);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  direct.host = `127.0.0.1:${proxy.port}`;
  const server = await startServer(
    loadConfig({
      ...testDatabase.env,
      DATABASE_URL: direct.toString(),
      PORT: "0",
      DUECHECK_ADMIN_EMAIL: "admin@test.local",
      DUECHECK_ADMIN_PASSWORD: "Admin-password-1",
    }),
  );
  try {
    proxy.cut();
    const started = Date.now();
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toBe("5");
    expect((await ready.json()).status).toBe("unavailable");
    const api = await fetch(`${server.url}/api/auth/me`);
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("5");
    expect((await api.json()).error).toContain("temporarily unavailable");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);

    proxy.restore();
    const deadline = Date.now() + 10_000;
    while ((await fetch(`${server.url}/readyz`)).status !== 200 && Date.now() < deadline) await Bun.sleep(200);
    expect((await fetch(`${server.url}/api/auth/me`)).status).toBe(401);
  } finally {
    proxy.restore();
    await server.stop();
    await proxy.stop();
    await testDatabase.drop();
  }
});
