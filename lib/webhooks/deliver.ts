/**
 * One attempt at a delivery (a webhook-delivery job). The attempt is claimed with a conditional update on the
 * attempt count, so a job run twice (a lost lease, two sweeps) sends once. The outcome is recorded on the delivery:
 * delivered on a 2xx answer; otherwise the status code or error, and the delivery stays pending for the retry sweep
 * until the next attempt would fall outside the retry window, when it is failed.
 */
import { and, eq } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { privateNetworksAllowed } from "../outgoing/policy.ts";
import type { DeliveryJobData } from "./delivery-queue.ts";
import { type RetryPolicy, retryDelaySeconds } from "./retry-policy.ts";
import { openWebhookSecret } from "./secret-seal.ts";
import { type SendOutcome, sendDelivery } from "./send.ts";
import { SIGNATURE_HEADER, signatureHeader } from "./signature.ts";

export const USER_AGENT = "duecheck-webhooks/1";
const MAX_ERROR_CHARS = 500;

export interface AttemptOptions extends RetryPolicy {
  timeoutMs?: number;
  /** Opens the sealed signing secrets. */
  instanceKey: Uint8Array;
}

/** The JSON body a receiver gets. */
export function deliveryBody(delivery: { id: string; event: string; createdAt: Date; payload: unknown }): string {
  return JSON.stringify({ id: delivery.id, event: delivery.event, createdAt: delivery.createdAt.toISOString(), data: delivery.payload });
}

export async function attemptDelivery(db: Db, job: DeliveryJobData, options: AttemptOptions): Promise<void> {
  const d = schema.webhookDeliveries;
  const startedAt = options.clock.now();
  const [delivery] = await db
    .update(d)
    .set({ attempts: job.attempt, lastAttemptAt: startedAt })
    .where(and(eq(d.id, job.deliveryId), eq(d.status, "pending"), eq(d.attempts, job.attempt - 1)))
    .returning();
  if (!delivery) return;

  const [hook] = await db.select().from(schema.webhooks).where(eq(schema.webhooks.id, delivery.webhookId));
  let outcome: SendOutcome;
  if (!hook?.enabled || !hook.secret) {
    outcome = { ok: false, statusCode: null, error: "The webhook was disabled before the delivery" };
  } else {
    const body = deliveryBody(delivery);
    outcome = await sendDelivery({
      url: hook.url,
      body,
      headers: {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "duecheck-event": delivery.event,
        "duecheck-delivery": delivery.id,
        [SIGNATURE_HEADER]: signatureHeader(openWebhookSecret(options.instanceKey, hook.secret), body, Math.floor(startedAt.getTime() / 1000)),
      },
      allowPrivateNetworks: await privateNetworksAllowed(db),
      timeoutMs: options.timeoutMs,
    });
  }

  if (outcome.ok) {
    await db
      .update(d)
      .set({ status: "delivered", deliveredAt: options.clock.now(), lastStatusCode: outcome.statusCode, lastError: null })
      .where(eq(d.id, delivery.id));
    return;
  }
  const nextAttemptAt = startedAt.getTime() + retryDelaySeconds(options, job.attempt) * 1000;
  const windowEnd = delivery.createdAt.getTime() + options.windowSeconds * 1000;
  const giveUp = !hook?.enabled || nextAttemptAt > windowEnd;
  await db
    .update(d)
    .set({ status: giveUp ? "failed" : "pending", lastStatusCode: outcome.statusCode, lastError: outcome.error.slice(0, MAX_ERROR_CHARS) })
    .where(eq(d.id, delivery.id));
}
