/** The events a webhook can subscribe to, and the one a user sends to try a webhook out. */
export const WEBHOOK_EVENTS = [
  "monitoring.changed",
  "search.completed",
  "batch.completed",
  "review.decided",
  // A case of the organisation (lib/webhooks/case-events.ts).
  "case.opened",
  "case.assigned",
  "case.escalated",
  "case.closed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent by "Send test event" to one webhook only, whatever it subscribes to. */
export const TEST_EVENT = "webhook.test";
export type DeliveredEvent = WebhookEvent | typeof TEST_EVENT;
