import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { JobQueue } from "../../lib/jobs/queue.ts";
import { WORKER_ID } from "../../lib/jobs/worker-id.ts";
import { openScreeningDb, type ScreeningDb, TEST_JOB_SETTINGS } from "../fixtures/screening.ts";

/**
 * A starting process hands back at once the jobs of a process of this host that died while running them, instead of
 * waiting for their lease to run out; jobs of a process that is alive, or of another host, keep their lease.
 */
const QUEUE = "orphan-test";
let s: ScreeningDb;

beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
  await s.queue.define(QUEUE);
});
afterAll(async () => {
  await s.close();
});

/** A job as a process left it: active, claimed by `worker`, its lease (an hour) far from over. */
async function activeJob(worker: string) {
  const id = randomUUID();
  await s.queue.send(QUEUE, { n: 1 }, { id });
  await s.database.executeSql(
    `UPDATE pgboss.job SET state = 'active', started_on = now(), expire_in = interval '1 hour', output = jsonb_build_object('worker', $2::text) WHERE id = $1`,
    [id, worker],
  );
  return id;
}

const stateOf = async (id: string) => (await s.database.executeSql(`SELECT state FROM pgboss.job WHERE id = $1`, [id])).rows[0]?.state;

test("jobs of a dead process of this host are handed back when a queue starts; the others keep their lease", async () => {
  // A process id that cannot exist (above Linux's pid_max).
  const dead = await activeJob(`${hostname()}:4194400:${randomUUID()}`);
  const earlierStartOfThisPid = await activeJob(`${hostname()}:${process.pid}:${randomUUID()}`);
  const alive = await activeJob(WORKER_ID);
  const otherHost = await activeJob(`elsewhere.example:4194400:${randomUUID()}`);

  const restarted = await JobQueue.start(s.database, { ...TEST_JOB_SETTINGS, concurrency: 0, retryDelaySeconds: 60 });
  try {
    expect(await stateOf(dead)).toBe("retry");
    expect(await stateOf(earlierStartOfThisPid)).toBe("retry");
    expect(await stateOf(alive)).toBe("active");
    expect(await stateOf(otherHost)).toBe("active");
  } finally {
    await restarted.stop();
  }
});
