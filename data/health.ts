/**
 * Whether the database answers, as this process last saw it.
 *
 * A query that fails because the connection was lost (not because of what it asked) marks the database unavailable;
 * from then on a probe of its own connection asks `select 1` every PROBE_INTERVAL_MS until it answers, and the
 * database is available again. Everything that would otherwise fail or hang on a lost database reads this state: the
 * HTTP gate answers 503 at once instead of waiting, job workers hold a failed job until the database is back and run
 * it again instead of spending a retry, and /readyz reports it to supervisors and load balancers.
 */

/** How often an unavailable database is asked again. */
const PROBE_INTERVAL_MS = 1000;
/** A probe that takes longer than this counts as no answer: a cut network may swallow packets rather than refuse. */
export const PROBE_TIMEOUT_MS = 2000;

export type Probe = () => Promise<unknown>;

export class DatabaseHealth {
  private unavailableSince: number | null = null;
  private lastError: string | null = null;
  private probing: Promise<void> | null = null;
  private waiters: (() => void)[] = [];
  private downWaiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly probe: Probe) {}

  get available(): boolean {
    return this.unavailableSince === null;
  }

  /** For /readyz and logs: since when (epoch ms) and why the database is unavailable, or null. */
  get outage(): { since: number; error: string } | null {
    return this.unavailableSince === null ? null : { since: this.unavailableSince, error: this.lastError ?? "" };
  }

  /**
   * Called with any error a database call threw: a lost connection marks the database unavailable (and answers true);
   * any other error (a constraint, a bad statement) says nothing about availability and answers false.
   */
  report(error: unknown): boolean {
    if (!isConnectionError(error)) return false;
    this.markUnavailable(error);
    return true;
  }

  /** Asks the database now; a slow or failed answer marks it unavailable. True when it answered. */
  async check(): Promise<boolean> {
    try {
      await withTimeout(this.probe(), PROBE_TIMEOUT_MS);
      this.markAvailable();
      return true;
    } catch (error) {
      this.markUnavailable(error);
      return false;
    }
  }

  /** Resolves once the database answers again (at once when it is available). */
  whenAvailable(): Promise<void> {
    if (this.available || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Resolves when the database is next marked unavailable; for racing a request that may hang on a lost connection. */
  whenUnavailable(): { promise: Promise<void>; cancel(): void } {
    let done: () => void = () => {};
    const promise = new Promise<void>((resolve) => {
      done = resolve;
      this.downWaiters.push(resolve);
    });
    return { promise, cancel: () => (this.downWaiters = this.downWaiters.filter((w) => w !== done)) };
  }

  /** Stops probing; anyone waiting for the database is released (the process is stopping). */
  close() {
    this.closed = true;
    this.release();
  }

  private markUnavailable(error: unknown) {
    this.lastError = error instanceof Error ? error.message : String(error);
    if (this.closed) return;
    if (this.unavailableSince === null) {
      this.unavailableSince = Date.now();
      console.error(`[duecheck] the database cannot be reached (${this.lastError}); answering 503 until it is back`);
      const down = this.downWaiters;
      this.downWaiters = [];
      for (const resolve of down) resolve();
    }
    this.probing ??= this.probeUntilAvailable().finally(() => {
      this.probing = null;
    });
  }

  private markAvailable() {
    if (this.unavailableSince === null) return;
    const seconds = ((Date.now() - this.unavailableSince) / 1000).toFixed(1);
    this.unavailableSince = null;
    this.lastError = null;
    console.error(`[duecheck] the database answers again after ${seconds} s`);
    this.release();
  }

  private release() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private async probeUntilAvailable() {
    while (!this.closed && !this.available) {
      await Bun.sleep(PROBE_INTERVAL_MS);
      if (this.closed) return;
      try {
        await withTimeout(this.probe(), PROBE_TIMEOUT_MS);
        this.markAvailable();
      } catch (error) {
        this.lastError = error instanceof Error ? error.message : String(error);
      }
    }
  }
}

/** postgres.js's own codes for a connection that closed, ended, was destroyed or could not be made in time. */
const DRIVER_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]);
/** The operating system's codes for a network path that is gone. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ConnectionRefused",
  "ConnectionClosed",
]);
/**
 * SQLSTATEs that mean the server, not the statement, is the problem: class 08 (connection exception), and the server
 * shutting down or starting up (57P01-57P03).
 */
const SERVER_STATES = /^(08...|57P0[123])$/;

/** True when the error (or one it wraps, as drizzle wraps the driver's) says the connection was lost. */
export function isConnectionError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (DRIVER_CODES.has(code) || SOCKET_CODES.has(code) || SERVER_STATES.test(code))) return true;
    const errno = (e as { errno?: unknown }).errno;
    if (typeof errno === "string" && SOCKET_CODES.has(errno)) return true;
  }
  return false;
}

/** How often a probe's clock ticks, and the most one tick may count: see withTimeout. */
const TICK_MS = 100;
const MOST_PER_TICK_MS = 2 * TICK_MS;

/**
 * Rejects when the promise has not settled within `ms` of this process's own running time. A tick that comes late
 * counts at most MOST_PER_TICK_MS: while the process itself is stalled (a long synchronous task, a machine short of
 * CPU), an answer that has arrived cannot be read yet, and its lateness says nothing about the database. With the
 * event loop free, the timeout falls after `ms` as a plain timer would.
 */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setInterval> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    let counted = 0;
    let last = performance.now();
    timer = setInterval(() => {
      const now = performance.now();
      counted += Math.min(now - last, MOST_PER_TICK_MS);
      last = now;
      if (counted >= ms) reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: "CONNECT_TIMEOUT" }));
    }, TICK_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearInterval(timer));
}
