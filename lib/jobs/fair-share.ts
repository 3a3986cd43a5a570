/**
 * Fair shares of a queue among owners (users), with pg-boss priorities as a virtual clock: the queue serves the
 * highest priority first, so a job's tag is its negated priority and the smallest open tag is "now". An owner's new
 * jobs are tagged after its own open jobs and no earlier than now, one tag a job. Owners' jobs therefore take turns
 * (one of each owner per tag), while one owner's sets of jobs run one after the other: a user's second batch waits
 * for the first, and a small batch of another user is not stuck behind a large one.
 */
import type { DbOrTx } from "../../data/db.ts";
import { transactionSql } from "./transaction-sql.ts";

/** The job data field that names the owner. */
export const OWNER_FIELD = "userId";

const OPEN_TAGS = `
  SELECT coalesce(-max(priority), 0) AS now,
         coalesce(-min(priority) FILTER (WHERE data->>'${OWNER_FIELD}' = $2), -1) AS owner_last
  FROM pgboss.job
  WHERE name = $1 AND state < 'completed'`;

/** The priorities of `count` new jobs of `owner` on `queue`, read in the caller's transaction. */
export async function fairPriorities(tx: DbOrTx, queue: string, owner: string, count: number): Promise<number[]> {
  const { rows } = await transactionSql(tx).executeSql(OPEN_TAGS, [queue, owner]);
  const first = Math.max(Number(rows[0]?.now ?? 0), Number(rows[0]?.owner_last ?? -1) + 1);
  return Array.from({ length: count }, (_, i) => -(first + i));
}
