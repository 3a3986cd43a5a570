/**
 * Jobs whose process died while running them (killed, crashed, its machine restarted) would wait for their lease to
 * run out before the queue hands them to another process. A starting server hands back at once those it can prove
 * dead: jobs claimed by a process of this same host that no longer exists, or by an earlier start under this very
 * process id. Jobs of other hosts, or of a process that still exists, keep their lease: only it can tell.
 */
import { hostname } from "node:os";
import type PgBoss from "pg-boss";
import type { SqlExecutor } from "./transaction-sql.ts";
import { parseWorkerId, WORKER_ID } from "./worker-id.ts";

const CLAIMED = `SELECT name, id, output->>'worker' AS worker FROM pgboss.job WHERE state = 'active' AND output ? 'worker'`;

export async function handBackOrphans(boss: PgBoss, executor: SqlExecutor): Promise<number> {
  const { rows } = await executor.executeSql(CLAIMED);
  const byQueue = new Map<string, string[]>();
  for (const row of rows as { name: string; id: string; worker: string }[]) {
    if (!isDead(row.worker)) continue;
    byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
  }
  let handedBack = 0;
  for (const [queue, ids] of byQueue) {
    for (const id of ids) await boss.fail(queue, id, { message: "The process running the job stopped; handed back when a server started" });
    handedBack += ids.length;
  }
  if (handedBack > 0) console.error(`[duecheck] handed back ${handedBack} job(s) of a process that stopped while running them`);
  return handedBack;
}

function isDead(worker: string): boolean {
  const owner = parseWorkerId(worker);
  const self = parseWorkerId(WORKER_ID);
  if (!owner || !self || owner.host !== hostname()) return false;
  if (owner.pid === self.pid) return owner.token !== self.token;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
