/**
 * Emitting an event: one delivery row per enabled webhook of the user that subscribes to the event, and one job per
 * delivery. Pass the caller's transaction (as `db` or `tx`) so the deliveries exist exactly when its writes commit.
 */
import { and, eq, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { appLink } from "../app-links.ts";
import { publicBaseUrl } from "../config.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { type DeliveryJobData, deliveryJobId, WEBHOOK_DELIVERY_QUEUE } from "./delivery-queue.ts";
import type { DeliveredEvent } from "./event-names.ts";

export interface WebhookEventInput {
  userId: string;
  event: DeliveredEvent;
  payload: Record<string, unknown>;
  /**
   * The app's screen of what the event is about (lib/app-links.ts): the payload's `url`, absolute with
   * DUECHECK_PUBLIC_URL, else the path alone (the receiver has no request to take an origin from).
   */
  link?: string;
  /** Only this webhook (the test event); otherwise every subscribed, enabled webhook of the user. */
  webhookId?: string;
  tx?: DbOrTx;
}

/**
 * Queues the event's deliveries; answers their ids (none when no webhook wants it). Without a queue (a process that
 * runs none) the deliveries are written alone, and the retry sweep queues their first attempt (retry-sweep.ts).
 */
export async function queueWebhookEvent(db: DbOrTx, queue: JobQueue | null, input: WebhookEventInput): Promise<string[]> {
  const tx = input.tx ?? db;
  const w = schema.webhooks;
  const conditions = [eq(w.userId, input.userId), eq(w.enabled, true)];
  if (input.webhookId) conditions.push(eq(w.id, input.webhookId));
  else conditions.push(sql`${w.events} @> ${JSON.stringify([input.event])}::jsonb`);
  const hooks = await tx
    .select({ id: w.id })
    .from(w)
    .where(and(...conditions));
  return queueDeliveries(
    tx,
    queue,
    hooks.map((h) => ({ webhookId: h.id, event: input.event, payload: input.payload, link: input.link })),
  );
}

/** One delivery of an event to one webhook the caller found enabled and subscribed to it. */
export interface QueuedDelivery {
  webhookId: string;
  event: DeliveredEvent;
  payload: Record<string, unknown>;
  /** As WebhookEventInput's. */
  link?: string;
}

/** Rows a statement writes: 3 parameters each, well under the 65,534 a statement may carry. */
const ROWS_PER_STATEMENT = 5000;

/**
 * Writes deliveries and queues their first attempts, a statement for many (a batch's new cases announce thousands of
 * events at once); answers their ids, in the order given.
 */
export async function queueDeliveries(tx: DbOrTx, queue: JobQueue | null, deliveries: readonly QueuedDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const ids: string[] = [];
  for (let i = 0; i < deliveries.length; i += ROWS_PER_STATEMENT) {
    const rows = await tx
      .insert(schema.webhookDeliveries)
      .values(
        deliveries.slice(i, i + ROWS_PER_STATEMENT).map((d) => ({
          webhookId: d.webhookId,
          event: d.event,
          payload: d.link === undefined ? d.payload : { ...d.payload, url: appLink(publicBaseUrl(), d.link) },
        })),
      )
      .returning({ id: schema.webhookDeliveries.id });
    ids.push(...rows.map((r) => r.id));
  }
  if (!queue) return ids;
  await queue.sendMany<DeliveryJobData>(
    WEBHOOK_DELIVERY_QUEUE,
    ids.map((id) => ({ id: deliveryJobId(id, 1), data: { deliveryId: id, attempt: 1 } })),
    { tx },
  );
  queue.wake(WEBHOOK_DELIVERY_QUEUE);
  return ids;
}
