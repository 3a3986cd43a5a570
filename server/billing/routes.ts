import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { type BillingConfig, loadBillingConfig, missingBillingSettings, stripeClient } from "../../lib/billing/config.ts";
import { listCreditPackages } from "../../lib/billing/packages.ts";
import { confirmPayment, createPaymentIntent, handleStripeWebhook, PaymentProviderError, WebhookSignatureError } from "../../lib/billing/payments.ts";
import { listPurchases } from "../../lib/billing/purchases.ts";
import {
  type BillingConfigView,
  confirmPaymentRequestSchema,
  createPaymentIntentRequestSchema,
  PAYMENT_NOT_CONFIGURED_MESSAGE,
} from "../../lib/billing/schemas.ts";
import { AppError } from "../../lib/errors.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { jsonBody, queryOf } from "../validate.ts";

const MAX_WEBHOOK_BYTES = 512 * 1024;

/** Read per request, so a key set (or removed) in the environment applies without a restart of the routes. */
const billingConfig = (): BillingConfig | null => loadBillingConfig(process.env);

/**
 * Billing not configured: 503 'Payment Configuration Required…', checked before anything else the call does (its body
 * is read after). The configuration read is handed to the handler, so both see the same one.
 */
const billingConfigured = createMiddleware<{ Variables: { billingConfig: BillingConfig } }>(async (c, next) => {
  const config = billingConfig();
  if (!config) throw new HTTPException(503, { message: PAYMENT_NOT_CONFIGURED_MESSAGE });
  c.set("billingConfig", config);
  await next();
});

/**
 * Stripe unreachable or refusing: 502 with its message. Thrown (answered { error } by server/middleware/errors.ts) rather
 * than returned, so a route's answer type stays its success's: the web reads a refusal as a thrown error anyway.
 */
async function providerFailures<R>(handler: () => Promise<R>): Promise<R> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new HTTPException(502, { message: error.message });
    throw error;
  }
}

/** POST /api/credits/create-payment-intent: mounted beside the credit calls, signed-in users only. */
export const paymentIntentRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/create-payment-intent", billingConfigured, jsonBody(createPaymentIntentRequestSchema), (c) =>
    providerFailures(async () => {
      const config = c.get("billingConfig");
      const request = c.req.valid("json");
      const db = c.get("ctx").database.db;
      return c.json(await createPaymentIntent(db, stripeClient(config), config, currentUser(c).id, request));
    }),
  );

/** /api/billing: configuration, packages, the user's purchases and the browser's confirmation. */
export const billingRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/config", (c) => {
    const config = billingConfig();
    const view: BillingConfigView = config ? { configured: true, publishableKey: config.publishableKey } : { configured: false };
    // Only an administrator can act on the server's settings: only they are told which are missing.
    const missing = currentUser(c).role === "admin" ? missingBillingSettings(process.env) : [];
    return c.json(missing.length ? { ...view, missingSettings: missing } : view);
  })
  .get("/packages", async (c) => c.json({ packages: await listCreditPackages(c.get("ctx").database.db) }))
  .get("/purchases", queryOf(pageQuerySchema), async (c) => {
    const request = c.req.valid("query");
    return c.json(await listPurchases(c.get("ctx").database.db, { ...request, organisationId: currentUser(c).organisationId }));
  })
  .post("/confirm", billingConfigured, jsonBody(confirmPaymentRequestSchema), (c) =>
    providerFailures(async () => {
      const config = c.get("billingConfig");
      const { paymentIntentId } = c.req.valid("json");
      const db = c.get("ctx").database.db;
      return c.json(await confirmPayment(db, stripeClient(config), currentUser(c).id, paymentIntentId));
    }),
  );

/**
 * POST /api/billing/webhook, called by Stripe: no session and no same-origin check (mounted before them); the raw
 * body's Stripe-Signature is the only authority. A bad or old signature answers 400 and changes nothing.
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post("/", billingConfigured, (c) =>
  providerFailures(async () => {
    const config = c.get("billingConfig");
    if (Number(c.req.header("content-length") ?? 0) > MAX_WEBHOOK_BYTES) throw new AppError(413, "Request body is too large");
    const payload = await c.req.text();
    try {
      const outcome = await handleStripeWebhook(c.get("ctx").database.db, stripeClient(config), config, payload, c.req.header("stripe-signature"));
      return c.json({ received: true, handled: outcome.handled });
    } catch (error) {
      if (error instanceof WebhookSignatureError) return c.json({ error: `Webhook refused: ${error.message}` }, 400);
      throw error;
    }
  }),
);
