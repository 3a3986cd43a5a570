/**
 * A stand-in for the parts of Stripe's REST API the app calls, on 127.0.0.1 (the real one cannot be reached from the
 * tests): PaymentIntents (create with a form-encoded body and Idempotency-Key, retrieve with expand[]), charges and
 * refunds, with Stripe's error objects and status codes. Tests move an intent on (succeed, fail, cancel, refund) and
 * get the events Stripe would send, signed as Stripe signs them.
 */
import { createHmac, randomBytes } from "node:crypto";

type Json = Record<string, unknown>;

export interface StripeRequestLog {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Json;
}

export interface StripeStandIn {
  /** The STRIPE_API_URL to give the app. */
  url: string;
  secretKey: string;
  requests: StripeRequestLog[];
  intents: Map<string, Json>;
  /** Marks the intent paid: a charge with a receipt URL becomes its latest_charge. */
  succeed(intentId: string): Json;
  /** A declined card: the intent needs a new payment method. */
  fail(intentId: string): Json;
  cancel(intentId: string): Json;
  /** Refunds `amount` cents (default: what is left) of the intent's charge; returns the charge as charge.refunded carries it. */
  refund(intentId: string, amount?: number): { charge: Json; refund: Json };
  /** The event Stripe would send for the object. */
  event(type: string, object: Json): string;
  stop(): void;
}

/** The Stripe-Signature header of a payload: `t=<unix seconds>,v1=HMAC-SHA256(secret, t + "." + payload)` in hex. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** `metadata[userId]=x&expand[0]=y` into nested objects, as Stripe reads its form bodies. */
function parseForm(text: string): Json {
  const result: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let target = result;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) target[part] = value;
      else {
        target[part] ??= {};
        target = target[part] as Json;
      }
    });
  }
  return result;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

function stripeError(status: number, type: string, message: string, code?: string) {
  return Response.json({ error: { type, message, ...(code ? { code } : {}) } }, { status });
}

export function startStripeServer(options: { secretKey?: string } = {}): StripeStandIn {
  const secretKey = options.secretKey ?? "sk_test_standin";
  const requests: StripeRequestLog[] = [];
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const idempotent = new Map<string, { params: string; body: Json }>();

  const withExpand = (intent: Json, expand: unknown) => {
    const wanted = Object.values((expand ?? {}) as Json);
    const charge = intent.latest_charge as string | null;
    return wanted.includes("latest_charge") && charge ? { ...intent, latest_charge: charges.get(charge) } : intent;
  };

  function createIntent(params: Json): Response {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      return stripeError(400, "invalid_request_error", "Amount must be at least $0.50 usd", "amount_too_small");
    }
    if (params.currency !== "usd") return stripeError(400, "invalid_request_error", "Invalid currency", "parameter_invalid_string");
    const intentId = id("pi");
    const intent: Json = {
      id: intentId,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency: params.currency,
      status: "requires_payment_method",
      client_secret: `${intentId}_secret_${randomBytes(8).toString("hex")}`,
      automatic_payment_methods: params.automatic_payment_methods ? { enabled: (params.automatic_payment_methods as Json).enabled === "true" } : null,
      description: params.description ?? null,
      metadata: params.metadata ?? {},
      latest_charge: null,
      last_payment_error: null,
      created: now(),
      livemode: false,
    };
    intents.set(intentId, intent);
    return Response.json(intent);
  }

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const body = await request.text();
      const params = request.method === "GET" ? parseForm(url.search.slice(1)) : parseForm(body);
      const idempotencyKey = request.headers.get("idempotency-key");
      requests.push({ method: request.method, path: url.pathname, idempotencyKey, params });
      if (request.headers.get("authorization") !== `Bearer ${secretKey}`) {
        return stripeError(401, "invalid_request_error", "Invalid API Key provided");
      }
      if (request.method === "POST" && url.pathname === "/v1/payment_intents") {
        if (idempotencyKey) {
          const earlier = idempotent.get(idempotencyKey);
          if (earlier && earlier.params !== body) {
            return stripeError(400, "idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
          }
          if (earlier) return Response.json(earlier.body);
        }
        const answer = createIntent(params);
        if (idempotencyKey && answer.ok) idempotent.set(idempotencyKey, { params: body, body: await answer.clone().json() });
        return answer;
      }
      const intentMatch = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
      if (request.method === "GET" && intentMatch) {
        const intent = intents.get(intentMatch[1]);
        if (!intent) return stripeError(404, "invalid_request_error", `No such payment_intent: '${intentMatch[1]}'`, "resource_missing");
        return Response.json(withExpand(intent, params.expand));
      }
      const chargeMatch = url.pathname.match(/^\/v1\/charges\/([^/]+)$/);
      if (request.method === "GET" && chargeMatch) {
        const charge = charges.get(chargeMatch[1]);
        if (!charge) return stripeError(404, "invalid_request_error", `No such charge: '${chargeMatch[1]}'`, "resource_missing");
        return Response.json(charge);
      }
      if (request.method === "GET" && url.pathname === "/v1/refunds") {
        const data = [...refunds.values()].filter((r) => !params.charge || r.charge === params.charge).reverse();
        return Response.json({ object: "list", url: "/v1/refunds", has_more: false, data });
      }
      return stripeError(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${url.pathname})`);
    },
  });

  function intentOf(intentId: string): Json {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no payment intent ${intentId}`);
    return intent;
  }

  return {
    url: `http://127.0.0.1:${server.port}`,
    secretKey,
    requests,
    intents,
    succeed(intentId) {
      const intent = intentOf(intentId);
      const chargeId = id("ch");
      charges.set(chargeId, {
        id: chargeId,
        object: "charge",
        amount: intent.amount,
        amount_refunded: 0,
        currency: intent.currency,
        paid: true,
        refunded: false,
        status: "succeeded",
        payment_intent: intentId,
        receipt_url: `https://pay.stripe.com/receipts/payment/${chargeId}`,
        created: now(),
      });
      Object.assign(intent, { status: "succeeded", amount_received: intent.amount, latest_charge: chargeId, last_payment_error: null });
      return { ...intent };
    },
    fail(intentId) {
      const intent = intentOf(intentId);
      Object.assign(intent, {
        status: "requires_payment_method",
        last_payment_error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
      });
      return { ...intent };
    },
    cancel(intentId) {
      return { ...Object.assign(intentOf(intentId), { status: "canceled" }) };
    },
    refund(intentId, amount) {
      const charge = charges.get(intentOf(intentId).latest_charge as string);
      if (!charge) throw new Error(`payment intent ${intentId} has no charge`);
      const left = (charge.amount as number) - (charge.amount_refunded as number);
      const refunded = amount ?? left;
      const refund: Json = {
        id: id("re"),
        object: "refund",
        amount: refunded,
        charge: charge.id,
        payment_intent: intentId,
        currency: charge.currency,
        status: "succeeded",
        created: now(),
      };
      refunds.set(refund.id as string, refund);
      Object.assign(charge, {
        amount_refunded: (charge.amount_refunded as number) + refunded,
        refunded: (charge.amount_refunded as number) + refunded >= (charge.amount as number),
      });
      return { charge: { ...charge }, refund };
    },
    event(type, object) {
      return JSON.stringify({
        id: id("evt"),
        object: "event",
        api_version: "2026-10-28.endive",
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
    },
    stop() {
      server.stop(true);
    },
  };
}
