/** Who a `duecheck review` command acts as, and the job queue its decisions' webhook events go to. */
import type { Database } from "../../data/db.ts";
import { JobQueue } from "../../lib/jobs/queue.ts";
import { memberOf, type ReviewActor, type ReviewMember } from "../../lib/review/access.ts";
import { defineWebhookQueue } from "../../lib/webhooks/delivery-queue.ts";

/** The user of --user (or the first administrator), with their role: the audit log names the CLI as the way they acted. */
export const cliReviewActor = (user: ReviewMember): ReviewActor => ({ ...memberOf(user), kind: "cli" });

/**
 * A job queue for the review.decided webhook event, which a decision queues in its own transaction. The deliveries
 * are sent by a server's workers (at once when one runs, otherwise when one starts).
 */
export async function withWebhookQueue<T>(database: Database, work: (queue: JobQueue) => Promise<T>): Promise<T> {
  const queue = await JobQueue.start(database);
  try {
    await defineWebhookQueue(queue);
    return await work(queue);
  } finally {
    await queue.stop();
  }
}
