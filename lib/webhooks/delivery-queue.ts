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

export async function defineWebhookQueue(queue: JobQueue): Promise<void> {
  await queue.define(WEBHOOK_DELIVERY_QUEUE);
}

/** A UUID made from the delivery and the attempt number. */
export function deliveryJobId(deliveryId: string, attempt: number): string {
  const hex = createHash("sha256").update(`${deliveryId}:${attempt}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
