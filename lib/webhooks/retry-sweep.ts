/**
 * Queues the next attempt of every pending delivery whose backoff has passed (and the first attempt of a delivery
 * whose job never ran a minute after the event). Every worker process sweeps now and then; the job ids come from the
 * delivery and the attempt, so simultaneous sweeps queue an attempt once.
 */
import { sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { type DeliveryJobData, deliveryJobId, WEBHOOK_DELIVERY_QUEUE } from "./delivery-queue.ts";
import type { RetryPolicy } from "./retry-policy.ts";

const SWEEP_LIMIT = 1000;
const LOST_FIRST_JOB_SECONDS = 60;

export async function queueDueRetries(db: Db, queue: JobQueue, policy: RetryPolicy): Promise<number> {
  const d = schema.webhookDeliveries;
  const now = policy.clock.now().toISOString();
  const delay = sql`least(${policy.firstDelaySeconds}::float8 * power(2, ${d.attempts} - 1), ${policy.maxDelaySeconds}::float8) * interval '1 second'`;
  const due = await db
    .select({ id: d.id, attempts: d.attempts })
    .from(d)
    .where(
      sql`${d.status} = 'pending' and (
        (${d.attempts} = 0 and ${d.createdAt} <= ${now}::timestamptz - ${LOST_FIRST_JOB_SECONDS} * interval '1 second')
        or (${d.attempts} > 0 and ${d.lastAttemptAt} + ${delay} <= ${now}::timestamptz))`,
    )
    .limit(SWEEP_LIMIT);
  if (due.length === 0) return 0;
  await queue.sendMany<DeliveryJobData>(
    WEBHOOK_DELIVERY_QUEUE,
    due.map((row) => ({ id: deliveryJobId(row.id, row.attempts + 1), data: { deliveryId: row.id, attempt: row.attempts + 1 } })),
  );
  queue.wake(WEBHOOK_DELIVERY_QUEUE);
  return due.length;
}
