/**
 * The Webhooks tab of /api-access against the real server, in English and in German: a URL and events are required,
 * the secret is shown once, a test event reaches a loopback receiver (signed with that secret) and is shown as
 * delivered, disabling and deleting after a confirmation.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { verifySignature } from "../../lib/webhooks/signature.ts";
import { de, en } from "../../web/src/i18n/words.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";
import { expectDialogOpen, expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, setLanguages, signIn } from "./support/browser.ts";
import { type Dictionary, tr } from "./support/translate.ts";

const DICTIONARIES: Record<"en" | "de", Dictionary> = { en, de };
const PASSWORD = "Webhooks-2024!";
const FLOW_TIMEOUT_MS = 90_000;

let app: TestApp;
let browser: Browser;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  // The receiver is on 127.0.0.1: private networks are allowed for this test's server.
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  receiver = startWebhookReceiver();
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  receiver?.stop();
  await browser?.close();
  await app?.stop();
}, HOOK_TIMEOUT_MS);

async function webhooksFlow(language: "en" | "de") {
  const dict = DICTIONARIES[language];
  const t = (key: string, params?: Record<string, string | number>) => tr(dict, key, params);
  const email = `hooks-${language}@example.com`;
  await createUser(app.db, { email, password: PASSWORD });
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, app.url, email, PASSWORD);
    if (language !== "en") await setLanguages(page, language);
    await page.goto(`${app.url}/api-access`);
    await page.getByRole("tab", { name: t("apiAccess.tabWebhooks") }).click();
    await expectVisible(page.getByText(t("webhooks.empty"), { exact: true }));
    await expectVisible(page.getByRole("heading", { name: t("webhooks.verifyTitle") }));

    // A URL that is not https and no event: refused in the interface language, nothing created.
    await page.getByRole("button", { name: t("webhooks.addFirst") }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(t("webhooks.urlLabel")).fill("http://example.com/hooks");
    await dialog.getByRole("button", { name: t("webhooks.create") }).click();
    await expectVisible(dialog.getByText(t("URL must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])")));
    const url = `${receiver.url}/${language}`;
    await dialog.getByLabel(t("webhooks.urlLabel")).fill(url);
    await dialog.getByRole("button", { name: t("webhooks.create") }).click();
    await expectVisible(dialog.getByText(t("Choose at least one event")));

    await dialog.getByRole("checkbox", { name: /search\.completed/ }).click();
    await dialog.getByRole("checkbox", { name: /batch\.completed/ }).click();
    // Decisions on hits can be subscribed to as well, described in the interface language.
    const review = dialog.getByRole("checkbox", { name: /review\.decided/ });
    await expectVisible(dialog.getByText(t("webhooks.event.review.decided"), { exact: true }));
    await review.click();
    // So can the team's cases: each event offered by its name, described in the interface language.
    for (const event of ["case.opened", "case.assigned", "case.escalated", "case.closed"]) {
      await expectVisible(dialog.getByRole("checkbox", { name: new RegExp(event.replace(".", "\\.")) }));
      await expectVisible(dialog.getByText(t(`webhooks.event.${event}`), { exact: true }));
    }
    await dialog.getByLabel(t("webhooks.descriptionLabel")).fill("Ticketing");
    await dialog.getByRole("button", { name: t("webhooks.create") }).click();

    // The secret, once.
    await expectVisible(dialog.getByRole("heading", { name: t("webhooks.secretTitle") }));
    await expectVisible(dialog.getByText(t("webhooks.shownOnce")));
    const secret = await dialog.getByTestId("new-webhook-secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole("button", { name: t("webhooks.done") }).click();
    await expectHidden(dialog);

    const row = page.getByTestId("webhook-row").filter({ hasText: url });
    await expectVisible(row);
    await expectVisible(row.getByText("Ticketing"));
    await expectVisible(row.getByText(`whsec_…${secret.slice(-4)}`));
    await expectVisible(row.getByText(t("webhooks.noDeliveryYet")));
    await expectVisible(row.getByText("review.decided", { exact: true }));
    expect(await page.content()).not.toContain(secret);

    // Send test event: the receiver gets it signed with the secret, and the row and the deliveries say delivered.
    const before = receiver.received.length;
    await row.getByRole("button", { name: t("webhooks.sendTestLabel", { url }) }).click();
    await expectVisible(page.getByText(t("webhooks.testQueued"), { exact: true }));
    const [request] = (await receiver.waitFor(before + 1)).slice(before);
    expect(request.path).toBe(`/hooks/${language}`);
    expect(request.headers["duecheck-event"]).toBe("webhook.test");
    expect(verifySignature(secret, request.body, request.headers["duecheck-signature"])).toBe(true);
    await expectVisible(row.getByTestId("webhook-last-delivery").getByText(t("webhooks.status.delivered")), 15_000);

    await row.getByRole("button", { name: t("webhooks.deliveriesLabel", { url }) }).click();
    const deliveries = page.getByRole("dialog");
    const delivery = deliveries.getByTestId("delivery-row").first();
    await expectVisible(delivery.getByText("webhook.test"));
    await expectVisible(delivery.getByText(t("webhooks.status.delivered")));
    expect((await delivery.locator("td").nth(4).textContent())?.trim()).toBe("200");
    await page.keyboard.press("Escape");
    await expectHidden(deliveries);

    // Disable, then delete after the confirmation.
    const toggle = row.getByRole("switch", { name: t("webhooks.enabledLabel", { url }) });
    await toggle.click();
    await expectVisible(page.getByText(t("webhooks.disabledToast"), { exact: true }));
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    expect(await row.getByRole("button", { name: t("webhooks.sendTestLabel", { url }) }).isDisabled()).toBe(true);

    await row.getByRole("button", { name: t("webhooks.deleteLabel", { url }) }).click();
    const confirm = page.getByRole("alertdialog");
    await expectDialogOpen(confirm);
    await expectVisible(confirm.getByText(t("webhooks.deleteDescription", { url })));
    await confirm.getByRole("button", { name: t("webhooks.delete") }).click();
    await expectVisible(page.getByText(t("webhooks.empty"), { exact: true }));
  } finally {
    await context.close();
  }
}

describe("webhooks tab", () => {
  test("English: create, secret once, test event delivered, disable, delete", () => webhooksFlow("en"), FLOW_TIMEOUT_MS);
  test("German: the same in the interface language", () => webhooksFlow("de"), FLOW_TIMEOUT_MS);
});
