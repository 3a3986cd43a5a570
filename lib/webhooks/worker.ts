/** Runs webhook deliveries in this process: the delivery jobs, and a sweep that queues the retries when they are due. */
import type { Db } from "../../data/db.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { type AttemptOptions, attemptDelivery } from "./deliver.ts";
import { type DeliveryJobData, defineWebhookQueue, WEBHOOK_DELIVERY_QUEUE } from "./delivery-queue.ts";
import { DEFAULT_RETRY_POLICY } from "./retry-policy.ts";
import { queueDueRetries } from "./retry-sweep.ts";

export interface WebhookWorkerOptions extends Partial<Omit<AttemptOptions, "instanceKey">> {
  /** Opens the sealed signing secrets. */
  instanceKey: Uint8Array;
  /** How often this process looks for retries that are due (default 15 s; 0: never, tests sweep themselves). */
  sweepSeconds?: number;
}

export interface WebhookWorker {
  stop(): void;
}

/** Defines the queue (always: events are queued on it) and, unless the process runs no jobs, works it. */
export async function startWebhookDeliveries(db: Db, queue: JobQueue, options: WebhookWorkerOptions): Promise<WebhookWorker> {
  await defineWebhookQueue(queue);
  // A short-lived process (one CLI search) may already have stopped its queue while the queue was being defined.
  if (queue.settings.concurrency <= 0 || queue.isStopped) return { stop() {} };
  const attempt: AttemptOptions = { ...DEFAULT_RETRY_POLICY, ...options };
  queue.work<DeliveryJobData>(WEBHOOK_DELIVERY_QUEUE, (job) => attemptDelivery(db, job.data, attempt));
  const sweepSeconds = options.sweepSeconds ?? 15;
  if (sweepSeconds <= 0) return { stop() {} };
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    queueDueRetries(db, queue, attempt)
      .catch((error) => console.error("[duecheck] webhook retry sweep failed:", error))
      .finally(() => (sweeping = false));
  }, sweepSeconds * 1000);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
