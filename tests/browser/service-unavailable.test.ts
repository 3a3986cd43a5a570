/**
 * The web app while its server's database cannot be reached: the server runs on PostgreSQL behind a TCP proxy of the
 * test's own; with the path cut, a reload shows the "temporarily unavailable" banner (the app keeps asking /readyz),
 * and once the path is restored the banner goes by itself and the screen loads, with no reload by the user.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import postgres from "postgres";
import { loadConfig } from "../../lib/config.ts";
import { type RunningServer, startServer } from "../../server/start.ts";
import { startTcpProxy } from "../../support/tcp-proxy.ts";
import { expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, signIn } from "./support/browser.ts";

const ADMIN_URL = process.env.DUECHECK_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const admin = { email: "admin@outage.test", password: "Admin-password-1" };
const name = `duecheck_browser_outage_${Math.random().toString(36).slice(2, 10)}`;

let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const sql = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await sql.unsafe(`create database ${name}`);
  await sql.end();
  const direct = new URL(ADMIN_URL);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const throughProxy = new URL(ADMIN_URL);
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  throughProxy.pathname = `/${name}`;
  server = await startServer(
    loadConfig({
      DATABASE_URL: throughProxy.toString(),
      DUECHECK_DATA_DIR: `/tmp/${name}`,
      PORT: "0",
      DUECHECK_ADMIN_EMAIL: admin.email,
      DUECHECK_ADMIN_PASSWORD: admin.password,
      DUECHECK_DATASET_SCHEDULER: "0",
    }),
  );
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await signIn(page, server.url, admin.email, admin.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  proxy?.restore();
  await server?.stop();
  await proxy?.stop();
  const sql = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await sql.unsafe(`drop database if exists ${name} with (force)`);
  await sql.end();
});

test("with the database unreachable the app says so in a banner, retries, and carries on once it is back", async () => {
  const banner = page.getByRole("alert").filter({ hasText: "The service is temporarily unavailable." });
  await page.goto(`${server.url}/history`);
  await expectVisible(page.getByRole("heading", { name: "Search History" }));
  await expectHidden(banner);

  proxy.cut();
  await page.reload();
  await expectVisible(banner);
  expect(await banner.textContent()).toContain("this page retries by itself");

  proxy.restore();
  await expectHidden(banner, 20_000);
  await expectVisible(page.getByRole("heading", { name: "Search History" }), 20_000);
});
