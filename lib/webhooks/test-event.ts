import type { DbOrTx } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { TEST_EVENT } from "./event-names.ts";
import { queueWebhookEvent } from "./events.ts";
import { findOwnWebhook } from "./webhooks.ts";

/** Queues a `webhook.test` event to this one webhook ("Send test event"); a disabled webhook is 409. */
export async function sendTestEvent(db: DbOrTx, queue: JobQueue, userId: string, webhookId: string, now = new Date()): Promise<{ deliveryId: string }> {
  const hook = await findOwnWebhook(db, userId, webhookId);
  if (!hook.enabled) throw new AppError(409, "The webhook is disabled: enable it to send a test event");
  const [deliveryId] = await queueWebhookEvent(db, queue, {
    userId,
    event: TEST_EVENT,
    webhookId,
    payload: { webhookId, message: "A test event from duecheck", sentAt: now.toISOString() },
  });
  return { deliveryId };
}
