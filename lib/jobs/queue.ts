/**
 * The job queue: pg-boss (a PostgreSQL job queue) over the app's own database connection, on PostgreSQL and on
 * embedded PGlite alike (pg-boss only needs `executeSql`). Jobs are rows in the database, so they survive a restart
 * and every process on the database shares them; a job can be queued inside the caller's transaction.
 */
import PgBoss from "pg-boss";
import type { Database, DbOrTx } from "../../data/db.ts";
import type { DatabaseHealth } from "../../data/health.ts";
import { databaseSql } from "./database-sql.ts";
import { handBackOrphans } from "./orphans.ts";
import { type JobSettings, loadJobSettings } from "./settings.ts";
import { type SqlExecutor, transactionSql } from "./transaction-sql.ts";
import { type JobHandler, QueueWorker } from "./worker.ts";

export type { JobHandler, RunningJob } from "./worker.ts";

const JOBS_PER_INSERT = 1000;

export type JobState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

export interface QueueOptions {
  /** Where a job goes once its last attempt failed, to be handled there. */
  deadLetter?: string;
}

export class JobQueue {
  // biome-ignore lint/suspicious/noExplicitAny: workers of every job type share one list
  private readonly workers: QueueWorker<any>[] = [];
  private readonly deadLetters = new Map<string, string>();
  private stopped = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly executor: SqlExecutor,
    readonly settings: JobSettings,
    private readonly health: DatabaseHealth,
  ) {}

  /** Connects pg-boss to the database, creating or migrating its schema (pgboss) when needed. */
  static async start(database: Pick<Database, "db" | "executeSql" | "health">, settings: JobSettings = loadJobSettings()): Promise<JobQueue> {
    const executor = await databaseSql(database);
    const boss = new PgBoss({
      db: executor as PgBoss.Db,
      schema: "pgboss",
      migrate: true,
      // Maintenance expires jobs whose lease ran out (their process died) and archives finished ones.
      supervise: true,
      maintenanceIntervalSeconds: settings.maintenanceSeconds,
      schedule: false,
    });
    boss.on("error", (error) => console.error("[duecheck] job queue:", error));
    await boss.start();
    await handBackOrphans(boss, executor);
    return new JobQueue(boss, executor, settings, database.health);
  }

  /** Creates the queue (and its dead-letter queue) unless it exists. */
  async define(name: string, options: QueueOptions = {}) {
    if (options.deadLetter) {
      await this.boss.createQueue(options.deadLetter);
      this.deadLetters.set(name, options.deadLetter);
    }
    await this.boss.createQueue(name, options.deadLetter ? { name, deadLetter: options.deadLetter } : { name });
  }

  /**
   * Queues a job. With `tx` it is written in the caller's transaction, so it exists exactly when the caller's writes
   * commit. With an `id` the job is queued once: a second send with the same id is ignored (and answers null).
   */
  async send<T extends object>(name: string, data: T, options: { id?: string; tx?: DbOrTx } = {}): Promise<string | null> {
    const deadLetter = this.deadLetters.get(name);
    // pg-boss checks the options that are present, so absent ones are left out rather than undefined.
    return this.boss.send(name, data, {
      expireInSeconds: this.settings.expireSeconds,
      retryLimit: this.settings.retryLimit,
      retryDelay: this.settings.retryDelaySeconds,
      ...(options.id ? { id: options.id } : {}),
      ...(options.tx ? { db: transactionSql(options.tx) as PgBoss.Db } : {}),
      ...(deadLetter ? { deadLetter } : {}),
    });
  }

  /**
   * Queues many jobs with one statement per thousand (pg-boss's insert), in the caller's transaction when `tx` is
   * given. Each job has its own id; a job whose id is already queued is left as it is (as send with an id). Jobs of
   * higher priority are fetched first (default 0).
   */
  async sendMany<T extends object>(name: string, jobs: { id: string; data: T; priority?: number }[], options: { tx?: DbOrTx } = {}): Promise<void> {
    const deadLetter = this.deadLetters.get(name);
    const db = options.tx ? { db: transactionSql(options.tx) as PgBoss.Db } : {};
    for (let i = 0; i < jobs.length; i += JOBS_PER_INSERT) {
      const chunk = jobs.slice(i, i + JOBS_PER_INSERT).map((job) => ({
        id: job.id,
        name,
        data: job.data,
        ...(job.priority ? { priority: job.priority } : {}),
        expireInSeconds: this.settings.expireSeconds,
        retryLimit: this.settings.retryLimit,
        retryDelay: this.settings.retryDelaySeconds,
        ...(deadLetter ? { deadLetter } : {}),
      }));
      await this.boss.insert(chunk, db);
    }
  }

  /** Whether stop() was called: nothing more is worked here. */
  get isStopped() {
    return this.stopped;
  }

  /** Runs the queue's jobs in this process (DUECHECK_JOB_CONCURRENCY at once unless given). */
  work<T>(name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}) {
    if (this.stopped) throw new Error("The job queue is stopped");
    const concurrency = options.concurrency ?? this.settings.concurrency;
    if (concurrency <= 0) return;
    const worker = new QueueWorker<T>(
      this.boss,
      this.executor,
      name,
      handler,
      {
        concurrency,
        pollMs: this.settings.pollSeconds * 1000,
        stopMs: this.settings.stopSeconds * 1000,
      },
      this.health,
    );
    this.workers.push(worker);
    worker.start();
  }

  /** Tells this process's idle workers of the queue that a job is waiting, so it starts without waiting for a poll. */
  wake(name: string) {
    for (const worker of this.workers) if (worker.queue === name) worker.wake();
  }

  /** Whether this process runs jobs of the queue. */
  isWorking(name: string): boolean {
    return this.workers.some((w) => w.queue === name);
  }

  async jobState(name: string, id: string): Promise<JobState | null> {
    const job = await this.boss.getJobById(name, id);
    return (job?.state as JobState | undefined) ?? null;
  }

  /** Stops the workers (letting running jobs finish for DUECHECK_JOB_STOP_SECONDS) and pg-boss's maintenance. */
  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    await Promise.all(this.workers.map((w) => w.stop()));
    await this.boss.stop({ graceful: false, close: false, wait: true });
  }
}
