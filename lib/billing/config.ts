import Stripe from "stripe";
import { STRIPE_SETTINGS, type StripeSetting } from "./schemas.ts";

export const DEFAULT_STRIPE_API_URL = "https://api.stripe.com";

export interface BillingConfig {
  secretKey: string;
  publishableKey: string;
  /** Without it webhooks are refused (400): nothing unverified changes a balance. */
  webhookSecret: string | null;
  /** Where the Stripe REST API is (tests and air-gapped installs point it elsewhere). */
  apiUrl: string;
}

/** Billing's settings from the environment, or null when no secret key is set ("not configured"). */
export function loadBillingConfig(env: Record<string, string | undefined> = process.env): BillingConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return null;
  const apiUrl = env.STRIPE_API_URL?.trim() || DEFAULT_STRIPE_API_URL;
  const parsed = URL.parse(apiUrl);
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) {
    throw new Error("Configuration error: STRIPE_API_URL must be an http(s) URL");
  }
  return {
    secretKey,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() ?? "",
    webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null,
    apiUrl,
  };
}

/** The Stripe settings that are unset (empty counts as unset). */
export function missingBillingSettings(env: Record<string, string | undefined> = process.env): StripeSetting[] {
  return STRIPE_SETTINGS.filter((name) => !env[name]?.trim());
}

/** The SDK's host/port/protocol options for an API URL. */
export function stripeConnection(apiUrl: string): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
}

const clients = new Map<string, Stripe>();

/** One SDK client per key and API URL. */
export function stripeClient(config: BillingConfig): Stripe {
  const cacheKey = `${config.secretKey}\n${config.apiUrl}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = new Stripe(config.secretKey, { ...stripeConnection(config.apiUrl), maxNetworkRetries: 2, timeout: 30_000 });
    clients.set(cacheKey, client);
  }
  return client;
}
