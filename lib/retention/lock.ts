import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../data/db.ts";

/**
 * Taken, until the transaction ends, by each purge batch and by each new legal hold: a hold committed before a batch
 * takes the lock is seen by that batch's re-check, and a hold waits for a batch under way, so a hold added while the
 * purge runs keeps everything it names that still exists.
 */
export async function lockRetention(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('duecheck.retention'))`);
}
