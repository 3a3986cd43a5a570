/**
 * /buy-credits in Chromium: 'Payment Configuration Required… Please contact support.' without Stripe; with Stripe, the packages (500
 * selected and marked popular, prices per credit), a declined card, a paid package raising the balance, the purchase
 * with its receipt on /credit-history, and French. Stripe's REST API is the stand-in of tests/helpers/stripe-server.ts;
 * Stripe.js (js.stripe.com) is the stand-in of support/stripe-js.ts, served in place of the real script.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { type StripeStandIn, startStripeServer } from "../helpers/stripe-server.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, setLanguages, signIn, waitForPath } from "./support/browser.ts";
import { DECLINED_CARD, TEST_CARD, useStripeJsStandIn } from "./support/stripe-js.ts";

const NOT_CONFIGURED = "Payment Configuration Required: Stripe payment integration needs to be configured. Please contact support.";
const user = { email: "buyer@example.com", password: "Engine-1843!", fullName: "Bea Buyer" };

let browser: Browser;
let stripe: StripeStandIn;
let unconfigured: TestApp;
let app: TestApp;
let page: Page;
let welcomeCredits: number;
let stripeEnv: Record<string, string>;

/**
 * The server reads Stripe's settings from the process environment on each call (lib/billing/config.ts), so each
 * part sets them as its app is started with.
 */
const STRIPE_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const;
const outerEnv = Object.fromEntries(STRIPE_KEYS.map((key) => [key, process.env[key]]));

function useStripeEnv(env: Record<string, string | undefined> | null) {
  for (const key of STRIPE_KEYS) {
    if (env?.[key]) process.env[key] = env[key];
    else delete process.env[key];
  }
}

beforeAll(async () => {
  stripe = startStripeServer();
  stripeEnv = {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
    STRIPE_WEBHOOK_SECRET: "whsec_standin",
    STRIPE_API_URL: stripe.url,
  };
  [browser, unconfigured, app] = await Promise.all([launchBrowser(), startApp({ env: { STRIPE_SECRET_KEY: "" } }), startApp({ env: stripeEnv })]);
  welcomeCredits = (await createUser(app.db, user)).credits;
  await createUser(unconfigured.db, user);
  ({ page } = await newPage(browser));
  await useStripeJsStandIn(page, stripe);
  await signIn(page, app.url, user.email, user.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  useStripeEnv(outerEnv);
  await browser?.close();
  await Promise.all([app?.stop(), unconfigured?.stop()]);
  stripe?.stop();
}, HOOK_TIMEOUT_MS);

const packages = () => page.getByRole("radiogroup", { name: "Credit package" });
const packageRadio = (p: Page, name: RegExp) => p.getByRole("radio", { name });
const cardNumber = () => page.getByTestId("payment-element").getByLabel("Card number");
const outcome = () => page.getByTestId("payment-outcome");
const intentsCreated = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");

describe("without Stripe", () => {
  beforeAll(() => useStripeEnv(null));

  test("the sidebar's Buy Credits shows only the contact-support message: no packages, no form", async () => {
    const other = await newPage(browser);
    try {
      await signIn(other.page, unconfigured.url, user.email, user.password);
      await other.page.getByTestId("sidebar-user").getByRole("link", { name: "Buy Credits" }).click();
      await waitForPath(other.page, "/buy-credits");
      const message = other.page.getByTestId("payment-not-configured");
      await expectVisible(message);
      expect(await message.textContent()).toBe(NOT_CONFIGURED);
      expect(await other.page.getByRole("radio").count()).toBe(0);
      expect(await other.page.locator("form").count()).toBe(0);
      expect(await other.page.getByRole("button", { name: /^Pay/ }).count()).toBe(0);
    } finally {
      await other.context.close();
    }
  });

  test("an administrator is told which settings to set; the user's plain message stays", async () => {
    const admin = await newPage(browser);
    try {
      await signIn(admin.page, unconfigured.url, "admin@test.local", "Admin-password-1");
      await admin.page.goto(`${unconfigured.url}/buy-credits`);
      const message = admin.page.getByTestId("payment-not-configured");
      await expectVisible(message.getByText("Card payments are off: Stripe is not configured"));
      expect(await message.getByRole("list", { name: "Missing settings" }).locator("code").allTextContents()).toEqual([
        "STRIPE_SECRET_KEY",
        "STRIPE_PUBLISHABLE_KEY",
        "STRIPE_WEBHOOK_SECRET",
      ]);
      expect(await message.textContent()).not.toContain("contact support");
    } finally {
      await admin.context.close();
    }
  });
});

describe("with Stripe", () => {
  beforeAll(() => useStripeEnv(stripeEnv));

  test("the profile's Buy Credits opens the packages: 500 selected and popular, price and price per credit, its Payment Element", async () => {
    await page.goto(`${app.url}/profile`);
    await page.locator("[data-slot=card]").filter({ hasText: "Credit Balance" }).getByRole("link", { name: "Buy Credits" }).click();
    await waitForPath(page, "/buy-credits");
    await expectVisible(packages());

    const options = packages().getByTestId("credit-package");
    expect(await options.count()).toBe(6);
    const texts = await options.allTextContents();
    expect(texts[0]).toBe("100 credits$29.00$0.29 per credit");
    expect(texts[1]).toBe("500 creditsPopular$109.00$0.218 per credit");
    expect(texts[5]).toBe("100,000 credits$9,999.00$0.10 per credit");
    expect(texts.filter((text) => text.includes("Popular"))).toHaveLength(1);
    expect(await packageRadio(page, /^500 credits/).getAttribute("aria-checked")).toBe("true");
    expect(await packageRadio(page, /^100 credits/).getAttribute("aria-checked")).toBe("false");

    expect(await page.getByTestId("order-summary").textContent()).toBe("Package500 creditsTotal$109.00");
    await expectVisible(cardNumber());
    await expectVisible(page.getByRole("button", { name: "Pay $109.00" }));
    // The intent Stripe was asked for is the shown package at the settings' price.
    expect(intentsCreated().at(-1)?.params).toMatchObject({ amount: "10900", currency: "usd" });
  });

  test("a declined card ends in the failure state with Stripe's reason; nothing is credited", async () => {
    await packageRadio(page, /^1,000 credits/).click();
    await expectVisible(page.getByRole("button", { name: "Pay $199.00" }));
    expect(intentsCreated().at(-1)?.params).toMatchObject({ amount: "19900" });

    await cardNumber().fill(DECLINED_CARD);
    await page.getByRole("button", { name: "Pay $199.00" }).click();
    await expectVisible(outcome().getByText("Payment failed"));
    expect(await outcome().getAttribute("data-outcome")).toBe("failed");
    await expectVisible(outcome().getByText("Your card was declined."));
    expect(await page.getByTestId("sidebar-credits").textContent()).toContain(String(welcomeCredits));
    // The decline was reported to the server before the failure showed: the purchase is recorded as failed.
    const [purchase] = await app.db
      .select({ status: schema.purchases.status })
      .from(schema.purchases)
      .where(eq(schema.purchases.credits, 1000))
      .orderBy(desc(schema.purchases.createdAt))
      .limit(1);
    expect(purchase?.status).toBe("failed");
  });

  test("paying 1,000 credits shows the success state with the new balance, and the sidebar shows it too", async () => {
    await outcome().getByRole("button", { name: "Try again" }).click();
    await packageRadio(page, /^1,000 credits/).click();
    const pay = page.getByRole("button", { name: "Pay $199.00" });
    await expectVisible(pay);

    // An empty card number stays in the form with Stripe's message.
    await pay.click();
    await expectVisible(page.getByRole("alert").filter({ hasText: "Your card number is incomplete." }));

    await cardNumber().fill(TEST_CARD);
    await pay.click();
    await expectVisible(outcome().getByText("Payment successful"));
    const balance = welcomeCredits + 1000;
    expect(await outcome().textContent()).toContain(
      `1,000 credits were added to your account. Your new balance is ${balance.toLocaleString("en-US")} credits.`,
    );
    await page.waitForFunction(
      (expected) => document.querySelector("[data-testid=sidebar-credits]")?.textContent?.includes(expected),
      balance.toLocaleString("en-US"),
    );
  });

  test("/credit-history lists the purchase with its amount, status and Stripe's receipt", async () => {
    await outcome().getByRole("link", { name: "View credit history" }).click();
    await waitForPath(page, "/credit-history");
    const rows = page.getByTestId("purchases-table").locator("tbody tr");
    await expectVisible(rows.first());
    const paid = rows.filter({ hasText: "Paid" });
    await expectVisible(paid.first());
    expect(await paid.count()).toBe(1);
    expect((await paid.locator("td").allTextContents()).slice(1, 4)).toEqual(["1,000", "$199.00", "Paid"]);
    const receipt = paid.getByRole("link", { name: /^Receipt/ });
    expect(await receipt.getAttribute("href")).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\/payment\/ch_/);
    // The declined attempt is listed as failed, without a receipt.
    const declined = rows.filter({ hasText: "Failed" });
    await expectVisible(declined.first());
    expect((await declined.locator("td").allTextContents()).slice(1, 4)).toEqual(["1,000", "$199.00", "Failed"]);
    expect(await declined.getByRole("link").count()).toBe(0);
    await expectVisible(page.getByTestId("credit-history-table").getByText("Credit purchase"));
  });

  test("when Stripe refuses the server's call, the payment form says 'Failed to initialize payment' and offers a retry", async () => {
    useStripeEnv({ ...stripeEnv, STRIPE_SECRET_KEY: "sk_test_revoked" });
    try {
      await page.goto(`${app.url}/buy-credits`);
      const panel = page.getByRole("alert").filter({ hasText: "Failed to initialize payment" });
      await expectVisible(panel);
      expect(await cardNumber().count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Pay/ }).count()).toBe(0);
    } finally {
      useStripeEnv(stripeEnv);
    }
    await page.getByRole("button", { name: "Try again" }).click();
    await expectVisible(cardNumber());
    await expectVisible(page.getByRole("button", { name: "Pay $109.00" }));
  });

  test("back from a payment method's redirect, the page confirms the PaymentIntent Stripe names and shows the outcome", async () => {
    await page.goto(`${app.url}/buy-credits`);
    await packageRadio(page, /^100 credits/).click();
    await expectVisible(page.getByRole("button", { name: "Pay $29.00" }));
    const intent = [...stripe.intents.values()].at(-1) as { id: string; client_secret: string; amount: number };
    expect(intent.amount).toBe(2900);
    // What Stripe does while the browser is at the bank's page, then its return URL.
    stripe.succeed(intent.id);
    await page.goto(`${app.url}/buy-credits?payment_intent=${intent.id}&payment_intent_client_secret=${intent.client_secret}&redirect_status=succeeded`);
    await expectVisible(outcome().getByText("Payment successful"));
    expect(await outcome().textContent()).toContain("100 credits were added to your account.");
    // The return parameters are spent: a reload shows the packages again.
    await page.waitForURL((url) => url.pathname === "/buy-credits" && url.search === "");
  });

  test("in French: the packages, prices with a decimal comma, and a paid package", async () => {
    await setLanguages(page, "fr");
    await page.goto(`${app.url}/buy-credits`);
    await expectVisible(page.getByRole("radiogroup", { name: "Pack de crédits" }));
    const popular = packageRadio(page, /^500 crédits/);
    expect(await popular.getAttribute("aria-checked")).toBe("true");
    const texts = await page.getByTestId("credit-package").allTextContents();
    expect(texts[1]).toMatch(/^500 crédits\s?Populaire109,00\s\$US\s?0,218\s\$US par crédit$/);

    await packageRadio(page, /^100 crédits/).click();
    await cardNumber().fill(TEST_CARD);
    await page.getByRole("button", { name: /^Payer 29,00/ }).click();
    await expectVisible(outcome().getByText("Paiement réussi"));
    expect(await outcome().textContent()).toContain("100 crédits ont été ajoutés à votre compte.");
  });
});
