import { reviewQueueFilterSchema } from "../../../lib/review/contract.ts";
import type { QueueFilter } from "./review-queries";

/** The queue's filters as /reviews keeps them in its address (?status=&risk=&source=&olderThanDays=&assignee=). */
export type QueueSearch = QueueFilter;

const shape = reviewQueueFilterSchema.shape;

/** Each filter checked with the server's rule; a value it refuses is dropped (the whole queue rather than an error). */
export function validateQueueSearch(search: Record<string, unknown>): QueueSearch {
  const result: QueueSearch = {};
  const status = shape.status.safeParse(search.status);
  if (search.status !== undefined && status.success && status.data !== "open") result.status = status.data;
  const risk = shape.risk.safeParse(search.risk);
  if (risk.success && risk.data) result.risk = risk.data;
  const source = shape.source.safeParse(search.source);
  if (source.success && source.data) result.source = source.data;
  const age = shape.olderThanDays.safeParse(search.olderThanDays);
  if (age.success && age.data !== undefined) result.olderThanDays = age.data;
  const assignee = shape.assignee.safeParse(search.assignee);
  if (assignee.success && assignee.data) result.assignee = assignee.data;
  return result;
}
