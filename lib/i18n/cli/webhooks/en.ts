import type { WebhookCliText } from "./types.ts";

export const en: WebhookCliText = {
  created: (id, url) => `Webhook ${id} created for ${url}`,
  secret: (secret) => `Signing secret: ${secret}`,
  secretOnce: "Store the secret now: it is not shown again. Receivers verify the duecheck-signature header with it.",
  removed: (id) => `Webhook ${id} deleted`,
  notFound: (id) => `No webhook ${id} of this user`,
  eventsInvalid: (value, events) => `--events must be a comma-separated list of ${events}, got '${value}'`,
  columns: { url: "URL", events: "EVENTS", enabled: "ENABLED", lastDelivery: "LAST DELIVERY", created: "CREATED", id: "ID", event: "EVENT", status: "STATUS", attempts: "ATTEMPTS", code: "CODE", time: "TIME", error: "ERROR" },
  yes: "yes",
  no: "no",
  statuses: { pending: "pending", delivered: "delivered", failed: "failed" },
  empty: "No webhooks yet. Add one with: duecheck webhooks add URL --events search.completed",
  noDeliveries: "No deliveries yet.",
  deliveriesTitle: (url, total) => `Deliveries to ${url} (${total})`,
};
