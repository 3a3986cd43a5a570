/** Requests about webhooks, validated at the edge (server, CLI); the web's form uses them too (zod only). */
import { z } from "zod";
import { text } from "../validation/text.ts";
import { WEBHOOK_EVENTS } from "./event-names.ts";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** https anywhere; http only to this machine (development). Private addresses are checked at delivery (ssrf.ts). */
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
