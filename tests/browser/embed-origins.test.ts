/**
 * The Embedding tab of /api-access against the real server, in English and French: a bad origin is refused in the
 * interface language and adds nothing, a good one is normalised and listed, a second add is refused with the server's
 * reason, removing asks first (Cancel keeps it). Then the point of the list, in Chromium itself: a host page on another
 * origin calls the public API with an embed token, refused by the browser (no CORS grant) until its origin is listed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { createEmbedToken } from "../../lib/embed/tokens.ts";
import { en, fr } from "../../web/src/i18n/words.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { expectDialogOpen, expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, setLanguages, signIn } from "./support/browser.ts";
import { type Dictionary, tr } from "./support/translate.ts";

const DICTIONARIES: Record<"en" | "fr", Dictionary> = { en, fr };
const PASSWORD = "Embedding-2024!";
const FLOW_TIMEOUT_MS = 90_000;

let app: TestApp;
let browser: Browser;
/** A host application's page on another origin (another port of this machine). */
let host: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ env: { DUECHECK_JOB_CONCURRENCY: "0", DUECHECK_NEWS_PROVIDERS: "none" } }), launchBrowser()]);
  host = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () => new Response("<!doctype html><title>Host application</title><h1>Onboarding</h1>", { headers: { "content-type": "text/html" } }),
  });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  host?.stop(true);
  await browser?.close();
  await app?.stop();
}, HOOK_TIMEOUT_MS);

const storedOrigins = async (userId: string) =>
  (await app.db.select().from(schema.embedOrigins).where(eq(schema.embedOrigins.userId, userId))).map((r) => r.origin);

async function openEmbeddingTab(page: Page, t: (key: string, params?: Record<string, string | number>) => string) {
  await page.goto(`${app.url}/api-access`);
  await page.getByRole("tab", { name: t("apiAccess.tabEmbed") }).click();
  await expectVisible(page.getByRole("heading", { name: t("embed.flowTitle") }));
}

async function originsFlow(language: "en" | "fr") {
  const dict = DICTIONARIES[language];
  const t = (key: string, params?: Record<string, string | number>) => tr(dict, key, params);
  const email = `embed-${language}@example.com`;
  const user = await createUser(app.db, { email, password: PASSWORD });
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, app.url, email, PASSWORD);
    if (language !== "en") await setLanguages(page, language);
    await openEmbeddingTab(page, t);
    await expectVisible(page.getByText(t("embed.empty"), { exact: true }));
    // The request a backend copies names this server.
    expect(await page.getByTestId("embed-token-request").textContent()).toContain(`curl -X POST ${app.url}/api/v1/embed-tokens`);

    const field = page.getByLabel(t("embed.originLabel"), { exact: true });
    // Refused before it is sent (plain http to another host; a path), in the interface language; nothing stored.
    await field.fill("http://portal.example.com");
    await field.press("Enter");
    const error = page.getByTestId("embed-origin-error");
    await expectVisible(error);
    expect(await error.textContent()).toBe(t("Origin must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])"));
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await field.fill("https://portal.example.com/embed");
    await page.getByRole("button", { name: t("embed.add") }).click();
    expect(await error.textContent()).toBe(t("Origin must be only scheme://host[:port], without a path, query or fragment"));
    expect(await storedOrigins(user.id)).toEqual([]);

    // Normalised and listed.
    await field.fill("HTTPS://Portal.Example.com:443/");
    await field.press("Enter");
    const row = page.getByTestId("embed-origin-row").filter({ hasText: "https://portal.example.com" });
    await expectVisible(row);
    await expectHidden(error);
    expect(await field.inputValue()).toBe("");
    expect(await storedOrigins(user.id)).toEqual(["https://portal.example.com"]);

    // A second time: the server's refusal, in the interface language.
    await field.fill("https://portal.example.com");
    await field.press("Enter");
    await expectVisible(error);
    expect(await error.textContent()).toBe(t("This origin is already allowed"));
    expect(await page.getByTestId("embed-origin-row").count()).toBe(1);

    // Removing asks first; Cancel keeps it, Escape too; the confirmation removes it.
    const removeButton = row.getByRole("button", { name: t("embed.removeLabel", { origin: "https://portal.example.com" }) });
    await removeButton.click();
    const dialog = page.getByRole("alertdialog");
    await expectDialogOpen(dialog);
    await expectVisible(dialog.getByText(t("embed.removeDescription", { origin: "https://portal.example.com" })));
    await dialog.getByRole("button", { name: t("common.cancel") }).click();
    await expectHidden(dialog);
    expect(await storedOrigins(user.id)).toEqual(["https://portal.example.com"]);
    await removeButton.focus();
    await page.keyboard.press("Enter");
    await expectVisible(dialog);
    await dialog.getByRole("button", { name: t("embed.remove") }).click();
    await expectHidden(row);
    await expectVisible(page.getByText(t("embed.empty"), { exact: true }));
    expect(await storedOrigins(user.id)).toEqual([]);
  } finally {
    await context.close();
  }
}

describe("Embedding tab", () => {
  test("origins in English: validation, normalising, a refused duplicate, remove after asking", () => originsFlow("en"), FLOW_TIMEOUT_MS);
  test("origins in French", () => originsFlow("fr"), FLOW_TIMEOUT_MS);

  test(
    "a host page on another origin can call with an embed token only once its origin is listed on this tab",
    async () => {
      const email = "embed-host@example.com";
      const user = await createUser(app.db, { email, password: PASSWORD, credits: 100 });
      const key = await createApiKey(app.db, user.id, "Host backend");
      const { token } = await createEmbedToken(app.db, { userId: user.id, apiKeyId: key.id });
      const { context, page } = await newPage(browser);
      const { page: hostPage } = { page: await context.newPage() };
      try {
        await hostPage.goto(host.url.href);
        const hostOrigin = new URL(host.url.href).origin;
        expect(hostOrigin).not.toBe(new URL(app.url).origin);
        const screen = () =>
          hostPage.evaluate(
            async ({ base, token }) => {
              try {
                const res = await fetch(`${base}/api/v1/search?wait=0`, {
                  method: "POST",
                  headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
                  body: JSON.stringify({ searchTerm: "Host Page Person", entityType: "person" }),
                });
                return { status: res.status, body: await res.json() };
              } catch (error) {
                return { blocked: String(error) };
              }
            },
            { base: app.url, token },
          );
        const before = await screen();
        expect(before).toMatchObject({ blocked: expect.stringContaining("Failed to fetch") });
        expect(await app.db.$count(schema.searches, eq(schema.searches.userId, user.id))).toBe(0);

        await signIn(page, app.url, email, PASSWORD);
        await openEmbeddingTab(page, (key, params) => tr(en, key, params));
        await page.getByLabel(tr(en, "embed.originLabel"), { exact: true }).fill(hostOrigin);
        await page.getByRole("button", { name: tr(en, "embed.add") }).click();
        await expectVisible(page.getByTestId("embed-origin-row").filter({ hasText: hostOrigin }));

        const after = await screen();
        expect(after).toMatchObject({ status: 200, body: { searchTerm: "Host Page Person", creditsUsed: 10 } });
        expect(await app.db.$count(schema.searches, eq(schema.searches.userId, user.id))).toBe(1);
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
