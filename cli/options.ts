/** Options and values shared by the CLI's commands. */
import { MAX_PAGE_SIZE } from "../lib/paging-contract.ts";
import { failWith } from "./fail.ts";
import type { Words } from "./language.ts";

/** --since: a date or a time. */
export function parseSince(value: string | undefined, { t }: Pick<Words, "t">): Date | undefined {
  if (value === undefined) return undefined;
  const moment = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(moment.getTime())) failWith(t.admin.sinceInvalid(value));
  return moment;
}

/** --limit: 1 to 100 (the lists' page size). Checked here without the paging queries: a remote run loads no database code. */
export function parseLimit(value: string, { t }: Pick<Words, "t">): number {
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_PAGE_SIZE) failWith(t.batch.limitInvalid(value));
  return limit;
}

/** A stored time to the minute, as tables print it (UTC); "-" when there is none. */
export const minute = (iso: string | null) => (iso ? iso.slice(0, 16).replace("T", " ") : "-");
