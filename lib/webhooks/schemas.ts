/**
 * The contract of webhooks: the requests, validated at the edge (server, CLI) and by the web's form, and the views
 * the server answers with (lib/webhooks/webhooks.ts builds them). Zod and pure modules only: the web bundle includes
 * this file.
 */
import { z } from "zod";
import type { MadeBy } from "../organisations/contract.ts";
import { text } from "../validation/text.ts";
import { WEBHOOK_EVENTS, type WebhookEvent } from "./event-names.ts";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** https anywhere; http only to this machine (development). Addresses are checked by the outgoing guard (lib/outgoing/guard.ts) when the webhook is created and at every delivery. */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "URL must be a valid address such as https://example.com/hooks";
  }
  if (url.username || url.password) return "URL must not contain a user name or password";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return "URL must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])";
}

const url = text({ field: "URL", max: 2048 }).superRefine((value, ctx) => {
  const problem = webhookUrlProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `events must be among ${WEBHOOK_EVENTS.join(", ")}` }), { error: "events must be a list" })
  .min(1, "Choose at least one event")
  .transform((list) => [...new Set(list)]);

const description = text({ field: "Description", max: 500 });

export const createWebhookSchema = z.object({ url, events, description: description.optional() });
export type CreateWebhookRequest = z.infer<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .object({ enabled: z.boolean({ error: "enabled must be true or false" }).optional(), events: events.optional(), description: description.optional() })
  .refine((v) => v.enabled !== undefined || v.events !== undefined || v.description !== undefined, "Send enabled, events or description");
export type UpdateWebhookRequest = z.infer<typeof updateWebhookSchema>;

// The views the server answers with: a webhook (the secret masked), its creation (the secret whole, once), its deliveries.

export type DeliveryStatus = "pending" | "delivered" | "failed";

export interface WebhookView {
  id: string;
  /** The member whose events it receives (the caller, or for the organisation's owners and admins any member); null for the instance's own. */
  createdBy: MadeBy | null;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  description: string | null;
  /** Masked: the last four characters only. */
  secret: string;
  createdAt: string;
  /** The newest delivery's status and time, null before the first. */
  lastDelivery: { status: DeliveryStatus; createdAt: string } | null;
}

/** The answer of a creation: the only time the whole secret is shown. */
export interface CreatedWebhook extends WebhookView {
  secret: string;
}

export interface DeliveryView {
  id: string;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}
