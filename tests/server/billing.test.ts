import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { PAYMENT_NOT_CONFIGURED_MESSAGE } from "../../lib/billing/schemas.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { balanceOf } from "../helpers/credits.ts";
import { setEnv } from "../helpers/env.ts";
import { type StripeStandIn, signStripePayload, startStripeServer } from "../helpers/stripe-server.ts";

const WEBHOOK_SECRET = "whsec_server_test";
let app: TestApp;
let standIn: StripeStandIn;
let restoreEnv = () => {};
let alice: HttpClient;
let bob: HttpClient;
let aliceId: string;

const configure = () =>
  setEnv({
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_server",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
  });

beforeAll(async () => {
  standIn = startStripeServer();
  restoreEnv = setEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_API_URL: undefined });
  app = await startApp();
  aliceId = (await createUser(app.db, { email: "alice@example.com", password: "alice-password" })).id;
  await createUser(app.db, { email: "bob@example.com", password: "bob-password" });
  alice = new HttpClient(app.url);
  bob = new HttpClient(app.url);
  await alice.signIn("alice@example.com", "alice-password");
  await bob.signIn("bob@example.com", "bob-password");
});
afterAll(async () => {
  restoreEnv();
  standIn?.stop();
  await app?.stop();
});

const postWebhook = (payload: string, signature?: string) =>
  new HttpClient(app.url).request("POST", "/api/billing/webhook", payload, {
    "content-type": "application/json",
    ...(signature ? { "stripe-signature": signature } : {}),
  });

describe("billing over HTTP", () => {
  test("without a secret key: config says not configured, create-payment-intent answers 503 saying to contact support, packages still list", async () => {
    expect((await alice.get("/api/billing/config")).json).toEqual({ configured: false });
    const res = await alice.post("/api/credits/create-payment-intent", { credits: 500 });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: PAYMENT_NOT_CONFIGURED_MESSAGE });
    expect(res.json.error).toBe("Payment Configuration Required: Stripe payment integration needs to be configured. Please contact support.");
    const packages = await alice.get("/api/billing/packages");
    expect(packages.status).toBe(200);
    expect(packages.json.packages.map((p: { credits: number }) => p.credits)).toEqual([100, 500, 1000, 2500, 10000, 100000]);
    expect(packages.json.packages[1]).toMatchObject({ credits: 500, price: 109, amount: 10900, popular: true, defaultSelected: true });
    expect(packages.json.packages[1].pricePerCredit).toBeCloseTo(0.218);
  });

  test("not configured: an administrator is told which Stripe settings are missing, a user never", async () => {
    const admin = new HttpClient(app.url);
    await admin.signIn("admin@test.local", "Admin-password-1");
    expect((await admin.get("/api/billing/config")).json).toEqual({
      configured: false,
      missingSettings: ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"],
    });
    const partly = setEnv({ STRIPE_SECRET_KEY: standIn.secretKey, STRIPE_API_URL: standIn.url });
    try {
      expect((await admin.get("/api/billing/config")).json).toEqual({
        configured: true,
        publishableKey: "",
        missingSettings: ["STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"],
      });
      expect((await alice.get("/api/billing/config")).json).toEqual({ configured: true, publishableKey: "" });
    } finally {
      partly();
    }
    const restore = configure();
    try {
      expect((await admin.get("/api/billing/config")).json).toEqual({ configured: true, publishableKey: "pk_test_server" });
    } finally {
      restore();
    }
  });

  test("configured: signed-in only, the server's price, a mismatched amount 400", async () => {
    const restore = configure();
    try {
      expect((await alice.get("/api/billing/config")).json).toEqual({ configured: true, publishableKey: "pk_test_server" });
      expect((await new HttpClient(app.url).post("/api/credits/create-payment-intent", { credits: 500 })).status).toBe(401);
      const mismatch = await alice.post("/api/credits/create-payment-intent", { credits: 500, amount: 1 });
      expect(mismatch.status).toBe(400);
      expect(mismatch.json.error).toContain("amount does not match");
      expect((await alice.post("/api/credits/create-payment-intent", { credits: 7 })).status).toBe(400);
      const res = await alice.post("/api/credits/create-payment-intent", { credits: 500, amount: 10900 });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ credits: 500, amount: 10900, currency: "usd", publishableKey: "pk_test_server" });
      expect(res.json.clientSecret).toStartWith(res.json.paymentIntentId);
    } finally {
      restore();
    }
  });

  test("a webhook with a bad, old or missing signature is refused with 400 and changes nothing; a signed one credits once", async () => {
    const restore = configure();
    try {
      const { json: created } = await alice.post("/api/credits/create-payment-intent", { credits: 1000 });
      const before = await balanceOf(app.db, aliceId);
      const payload = standIn.event("payment_intent.succeeded", standIn.succeed(created.paymentIntentId));
      const refused = [
        await postWebhook(payload),
        await postWebhook(payload, signStripePayload(payload, "whsec_wrong")),
        await postWebhook(payload, signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)),
        await postWebhook(payload.replace('"amount":19900', '"amount":1'), signStripePayload(payload, WEBHOOK_SECRET)),
      ];
      expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400]);
      expect(await balanceOf(app.db, aliceId)).toBe(before);

      const signed = signStripePayload(payload, WEBHOOK_SECRET);
      // A browser-like Origin from elsewhere does not matter: the signature is the webhook's only authority.
      const accepted = await new HttpClient(app.url).request("POST", "/api/billing/webhook", payload, {
        "content-type": "application/json",
        "stripe-signature": signed,
        origin: "https://hooks.stripe.com",
      });
      expect(accepted.status).toBe(200);
      expect((await postWebhook(payload, signed)).status).toBe(200);
      expect(await balanceOf(app.db, aliceId)).toBe(before + 1000);

      const confirmed = await alice.post("/api/billing/confirm", { paymentIntentId: created.paymentIntentId });
      expect(confirmed.status).toBe(200);
      expect(confirmed.json).toMatchObject({ purchase: { status: "succeeded", credits: 1000 }, balance: before + 1000 });
      expect((await bob.post("/api/billing/confirm", { paymentIntentId: created.paymentIntentId })).status).toBe(404);
      const ignored = standIn.event("invoice.paid", { id: "in_1", object: "invoice" });
      expect((await postWebhook(ignored, signStripePayload(ignored, WEBHOOK_SECRET))).json).toEqual({ received: true, handled: false });
    } finally {
      restore();
    }
  });

  test("purchases: own only, newest first, paged, with receipts; a payment only started is not listed", async () => {
    // Showing a package makes a PaymentIntent (a pending purchase): not a purchase until it is paid or fails.
    const restore = configure();
    try {
      expect((await alice.post("/api/credits/create-payment-intent", { credits: 100 })).status).toBe(200);
    } finally {
      restore();
    }
    // The first payment of 500 was declined (as payment_intent.payment_failed records it): a purchase, listed.
    await app.db
      .update(schema.purchases)
      .set({ status: "failed" })
      .where(and(eq(schema.purchases.userId, aliceId), eq(schema.purchases.credits, 500)));
    const purchases = await alice.get("/api/billing/purchases?limit=1");
    expect(purchases.status).toBe(200);
    expect(purchases.json.total).toBe(2);
    expect(purchases.json.items[0]).toMatchObject({ credits: 1000, amount: 19900, status: "succeeded" });
    expect(purchases.json.items[0].receiptUrl).toStartWith("https://pay.stripe.com/receipts/");
    const next = await alice.get(`/api/billing/purchases?limit=1&cursor=${purchases.json.nextCursor}`);
    expect(next.json.items.map((p: { credits: number; status: string }) => [p.credits, p.status])).toEqual([[500, "failed"]]);
    expect(next.json.nextCursor).toBeNull();
    expect((await bob.get("/api/billing/purchases")).json).toEqual({ items: [], nextCursor: null, total: 0 });
    expect((await new HttpClient(app.url).get("/api/billing/purchases")).status).toBe(401);
    expect((await alice.get("/api/billing/purchases?cursor=nope")).status).toBe(400);
  });
});
