import type PgBoss from "pg-boss";
import type { DatabaseHealth } from "../../data/health.ts";
import type { SqlExecutor } from "./transaction-sql.ts";
import { WORKER_ID } from "./worker-id.ts";

/** One attempt at a job, as its handler sees it. */
export interface RunningJob<T> {
  id: string;
  data: T;
  /** 1 for the first attempt. */
  attempt: number;
  /** Attempts in all: 1 + the retry limit. */
  attempts: number;
  /** What the job carries from before: for a dead-letter job, the last attempt's error ({ message }). */
  output: unknown;
  /** Aborted when this process stops before the job ends, or when the job's lease was lost to another process. */
  signal: AbortSignal;
}

export type JobHandler<T> = (job: RunningJob<T>) => Promise<void>;

export interface WorkerOptions {
  concurrency: number;
  pollMs: number;
  /** How long stop() lets running jobs finish before handing them back to the queue. */
  stopMs: number;
}

/**
 * Moves the lease of this attempt of an active job forward: pg-boss expires a job whose started_on + expire_in has
 * passed. The retry count names the attempt, so the lease of a later attempt (in another process) is never touched.
 */
const RENEW_LEASE = `UPDATE pgboss.job SET started_on = now() WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3 RETURNING id`;

/**
 * Names this process as the one running the attempt (in the job's output beside what an earlier attempt left there;
 * pg-boss writes the output anew when the job ends), so that a restarted server can hand back at once the jobs of a process that died (see orphans.ts).
 */
const CLAIM = `UPDATE pgboss.job SET output = coalesce(output, '{}'::jsonb) || jsonb_build_object('worker', $4::text) WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3`;

interface Running {
  id: string;
  controller: AbortController;
  /** Set when the lease could not be renewed: another process may own the job now. */
  leaseLost: boolean;
  renewal: ReturnType<typeof setInterval>;
}

/**
 * Runs the jobs of one queue in this process, up to `concurrency` at once. One loop fetches as many jobs as there are
 * free slots (pg-boss hands each job to one process only) and starts each; a job runs while renewing its lease, then
 * is completed or failed, and its slot is free for the next fetch at once. When the queue is empty the loop looks
 * again every pollMs, or as soon as wake() says a job was queued here: one query per poll for the queue, however many
 * slots, since an idle process polls for as long as it runs.
 */
export class QueueWorker<T> {
  private stopping = false;
  private readonly waiters = new Set<() => void>();
  private readonly running = new Map<string, Running>();
  /** The jobs started and not yet ended. */
  private readonly started = new Set<Promise<void>>();
  private fetcher: Promise<void> = Promise.resolve();

  constructor(
    private readonly boss: PgBoss,
    private readonly executor: SqlExecutor,
    readonly queue: string,
    private readonly handler: JobHandler<T>,
    private readonly options: WorkerOptions,
    private readonly health: DatabaseHealth,
  ) {}

  start() {
    this.fetcher = this.loop();
  }

  wake() {
    for (const resolve of this.waiters) resolve();
    this.waiters.clear();
  }

  /** Lets running jobs finish for up to stopMs, then aborts the rest and hands them back to the queue for a retry. */
  async stop() {
    this.stopping = true;
    this.wake();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finished = await Promise.race([
      this.fetcher.then(() => Promise.all(this.started)).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.options.stopMs))),
    ]);
    clearTimeout(timer);
    if (finished) return;
    for (const job of this.running.values()) {
      clearInterval(job.renewal);
      job.controller.abort(new Error("The process is stopping"));
      if (!job.leaseLost) {
        await this.boss.fail(this.queue, job.id, { message: "The process stopped while the job ran" }).catch(() => {});
      }
    }
  }

  private async loop() {
    while (!this.stopping) {
      const free = this.options.concurrency - this.started.size;
      if (free <= 0) {
        // Every slot is busy: the next fetch waits until a job ends (its end wakes this loop).
        await this.idle(false);
        continue;
      }
      let jobs: PgBoss.JobWithMetadata<T>[] = [];
      try {
        jobs = await this.boss.fetch<T>(this.queue, { batchSize: free, includeMetadata: true });
      } catch (error) {
        // While the database is lost, wait for it rather than log a failed fetch every poll.
        if (this.health.report(error)) await this.health.whenAvailable();
        else console.error(`[duecheck] fetching a ${this.queue} job failed:`, error);
        continue;
      }
      for (const job of jobs) {
        const ended: Promise<void> = this.run(job)
          .catch((error) => console.error(`[duecheck] ${this.queue} job ${job.id} could not be settled:`, error))
          .finally(() => {
            this.started.delete(ended);
            this.wake();
          });
        this.started.add(ended);
      }
      // Fewer jobs than free slots: the queue is empty for now.
      if (jobs.length < free) await this.idle(true);
    }
  }

  /** Waits for wake(), and with `poll` at most pollMs. */
  private idle(poll: boolean) {
    if (this.stopping) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = poll ? setTimeout(done, this.options.pollMs) : undefined;
      this.waiters.add(done);
    });
  }

  private async run(job: PgBoss.JobWithMetadata<T>) {
    const controller = new AbortController();
    const expireMs = Math.max(1, Number((job as { expireInSeconds?: unknown }).expireInSeconds ?? 30)) * 1000;
    const entry: Running = { id: job.id, controller, leaseLost: false, renewal: setInterval(() => renew(), Math.max(500, Math.floor(expireMs / 3))) };
    const renew = async () => {
      try {
        const { rows } = await this.executor.executeSql(RENEW_LEASE, [this.queue, job.id, job.retryCount]);
        if (rows.length === 0 && !entry.leaseLost) {
          entry.leaseLost = true;
          clearInterval(entry.renewal);
          controller.abort(new Error("The job's lease was lost"));
        }
      } catch (error) {
        if (!this.stopping && !this.health.report(error)) console.error(`[duecheck] renewing the lease of ${this.queue} job ${job.id} failed:`, error);
      }
    };
    this.running.set(job.id, entry);
    await this.executor.executeSql(CLAIM, [this.queue, job.id, job.retryCount, WORKER_ID]).catch((error) => this.health.report(error));
    const attempt = {
      id: job.id,
      data: job.data,
      attempt: job.retryCount + 1,
      attempts: job.retryLimit + 1,
      output: job.output ?? null,
      signal: controller.signal,
    };
    try {
      await this.runUntilDatabaseAnswers(attempt, entry, renew);
      // A job whose lease was lost may already run elsewhere under the same id: that attempt settles it.
      if (!entry.leaseLost && !controller.signal.aborted) await this.boss.complete(this.queue, job.id);
    } catch (error) {
      if (!entry.leaseLost && !controller.signal.aborted) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`[duecheck] ${this.queue} job ${job.id} failed (attempt ${attempt.attempt} of ${attempt.attempts}):`, error);
        await this.boss.fail(this.queue, job.id, { message }).catch((e) => console.error(`[duecheck] failing ${this.queue} job ${job.id}:`, e));
      }
    } finally {
      clearInterval(entry.renewal);
      this.running.delete(job.id);
    }
  }

  /**
   * Runs the handler. When it failed because the database connection was lost, it waits for the database and runs
   * the handler again in the same attempt: handlers carry on from what is already written (as a retry would), and an
   * outage that outlasts the retries must not fail accepted work. The lease still decides: once it ran out during the
   * outage, the job belongs to whichever process the queue hands it to next, and this process lets go of it.
   */
  private async runUntilDatabaseAnswers(attempt: RunningJob<T>, entry: Running, renew: () => Promise<void>) {
    for (;;) {
      try {
        return await this.handler(attempt);
      } catch (error) {
        if (this.stopping || entry.leaseLost || attempt.signal.aborted || !this.health.report(error)) throw error;
        console.error(`[duecheck] ${this.queue} job ${attempt.id} lost the database; it runs again once the database answers`);
        await this.health.whenAvailable();
        await renew();
        if (this.stopping || entry.leaseLost || attempt.signal.aborted) throw error;
      }
    }
  }
}
