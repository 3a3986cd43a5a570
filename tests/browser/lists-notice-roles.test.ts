/**
 * The New Search page while a list cannot be downloaded, per reader: an instance admin is shown how to fix it (the
 * CLI import command, the Sanctions page, the next try); an analyst reads one line naming the lists and to ask their
 * administrator, with no command. In English and in German.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { schema } from "../../data/db.ts";
import { de, en } from "../../web/src/i18n/words.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, signedInPage } from "./support/browser.ts";
import { tr } from "./support/translate.ts";

const UN = "UN Security Council Consolidated List";
const PASSWORD = "Lists-notice-1!";
const ADMIN = { email: "admin@test.local", password: "Admin-password-1" };
let app: TestApp;
let browser: Browser;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_DATASET_SCHEDULER: "0" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, { email: "analyst.en@example.com", password: PASSWORD });
  await createUser(app.db, { email: "analyst.de@example.com", password: PASSWORD });
  await createUser(app.db, { email: "admin.de@example.com", password: PASSWORD, role: "admin" });
  await app.db
    .update(schema.sanctionsDatasets)
    .set({
      lastDownloadStatus: "failed",
      lastFailureKind: "network",
      lastDownloadError: "could not be fetched: ECONNREFUSED",
      networkFailures: 1,
      nextDownloadAt: new Date(Date.now() + 10 * 60_000),
    })
    .where(eq(schema.sanctionsDatasets.id, "un_sc_sanctions"));
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

const CASES = [
  ["en", en, "admin", ADMIN.email, ADMIN.password],
  ["en", en, "analyst", "analyst.en@example.com", PASSWORD],
  ["de", de, "admin", "admin.de@example.com", PASSWORD],
  ["de", de, "analyst", "analyst.de@example.com", PASSWORD],
] as const;

describe("the lists notice on New Search", () => {
  for (const [code, words, role, email, password] of CASES) {
    test(`in ${code}, ${role === "admin" ? "an admin is shown how to fix it" : "an analyst reads one line: which lists, and to ask the administrator"}`, async () => {
      const { context, page } = await signedInPage(browser, app.url, email, password, { code, words });
      try {
        const notice = page.getByTestId("downloads-offline");
        await expectVisible(notice);
        await expectVisible(notice.getByText(tr(words, "sanctions.offline.title")));
        const text = (await notice.textContent()) ?? "";
        if (role === "admin") {
          expect(text).toContain("duecheck datasets import");
          await expectVisible(notice.getByText(tr(words, "sanctions.offline.waysForward")));
          await expectVisible(notice.getByText(tr(words, "sanctions.offline.description", { names: UN })));
        } else {
          expect(text).not.toContain("duecheck");
          const lines = notice.locator("p");
          expect(await lines.count()).toBe(1);
          expect(await lines.first().textContent()).toBe(tr(words, "sanctions.offline.askAdmin", { names: UN }));
          expect(text).toContain(UN);
        }
      } finally {
        await context.close();
      }
    });
  }
});
