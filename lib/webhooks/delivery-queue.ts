/**
 * The queue of webhook deliveries: one job per attempt at one delivery. The job of the first attempt is queued with
 * the event; a later attempt's job is queued by the retry sweep (retry-sweep.ts) once its backoff has passed. A job's
 * id comes from the delivery and the attempt, so an attempt is queued once however many processes sweep.
 */
import { createHash } from "node:crypto";
import type { JobQueue } from "../jobs/queue.ts";

export const WEBHOOK_DELIVERY_QUEUE = "webhook-delivery";

export interface DeliveryJobData {
  deliveryId: string;
  /** 1 for the first attempt. */
  attempt: number;
}

/** The queues of this process that webhook jobs were defined on, the latest last. */
const definedOn: JobQueue[] = [];

export async function defineWebhookQueue(queue: JobQueue): Promise<void> {
  await queue.define(WEBHOOK_DELIVERY_QUEUE);
  if (!definedOn.includes(queue)) definedOn.push(queue);
}

/**
 * The job queue this process queues webhook jobs on, for an event announced with a transaction only (a case's change
 * deep in lib/cases): the latest defined and not stopped. A job is written with the event's transaction, so it lands in
 * that transaction's database whichever queue wrote it. Null in a process that defined none (a CLI command without a
 * queue): its deliveries are still written, and a worker's retry sweep queues their first attempt a minute later.
 */
export function processWebhookQueue(): JobQueue | null {
  for (let i = definedOn.length - 1; i >= 0; i--) {
    if (!definedOn[i].isStopped) return definedOn[i];
    definedOn.splice(i, 1);
  }
  return null;
}

/** A UUID made from the delivery and the attempt number. */
export function deliveryJobId(deliveryId: string, attempt: number): string {
  const hex = createHash("sha256").update(`${deliveryId}:${attempt}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
