import type { DbOrTx } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { TeamMember } from "../screening/visibility.ts";
import { TEST_EVENT } from "./event-names.ts";
import { queueWebhookEvent } from "./events.ts";
import { findTeamWebhook } from "./webhooks.ts";

/**
 * Queues a `webhook.test` event to one webhook the member lists ("Send test event": the team's owners and admins test
 * a colleague's too); a disabled webhook is 409.
 */
export async function sendTestEvent(db: DbOrTx, queue: JobQueue, member: TeamMember, webhookId: string, now = new Date()): Promise<{ deliveryId: string }> {
  const hook = await findTeamWebhook(db, member, webhookId);
  if (!hook.enabled) throw new AppError(409, "The webhook is disabled: enable it to send a test event");
  if (!hook.userId) throw new AppError(404, "Webhook not found");
  const [deliveryId] = await queueWebhookEvent(db, queue, {
    userId: hook.userId,
    event: TEST_EVENT,
    webhookId,
    payload: { webhookId, message: "A test event from duecheck", sentAt: now.toISOString() },
  });
  return { deliveryId };
}
