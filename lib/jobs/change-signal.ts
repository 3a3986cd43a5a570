/**
 * Waiting for something a job changes (a search ending, a batch's progress) without polling it hard.
 * The job worker of this process signals the change at once; a change made by another process (another
 * server on the same PostgreSQL, a CLI run) is noticed by reading the row again every `checkMs`, so the wait
 * works across processes and on PGlite alike.
 */
import { EventEmitter } from "node:events";

const changes = new EventEmitter();
// One listener per waiting request: there may be many at once.
changes.setMaxListeners(0);

/** Wakes every waiter of `key` in this process: they read the row again at once. */
export function signalChange(key: string): void {
  changes.emit(key);
}

export interface WaitOptions {
  /** Ends the wait early (the client went away); the last row read is returned. */
  signal?: AbortSignal;
  /** How often the row is read again when no signal came (a change made by another process). */
  checkMs?: number;
}

export const DEFAULT_CHECK_MS = 250;

/**
 * Reads the row, and again whenever `key` is signalled or `checkMs` passes, until `done` holds or `ms` have
 * passed; returns the last row read. Errors of `read` (a row that is not there) are thrown at once.
 */
export async function waitForChange<T>(key: string, read: () => Promise<T>, done: (row: T) => boolean, ms: number, options: WaitOptions = {}): Promise<T> {
  const deadline = Date.now() + ms;
  const checkMs = options.checkMs ?? DEFAULT_CHECK_MS;
  let row = await read();
  while (!done(row) && !options.signal?.aborted) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    await nextWakeUp(key, Math.min(checkMs, left), options.signal);
    row = await read();
  }
  return row;
}

function nextWakeUp(key: string, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      changes.off(key, wake);
      signal?.removeEventListener("abort", wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    changes.on(key, wake);
    signal?.addEventListener("abort", wake, { once: true });
  });
}
