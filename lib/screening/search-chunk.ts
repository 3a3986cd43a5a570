/**
 * Many searches run as one job (a batch's rows, SEARCHES_PER_CHUNK at a time): the searches are started with one
 * statement, the lists are opened once, the rows are screened several at a time by the same pipeline as a search
 * made by itself, and their outcomes are written as they come, many rows a statement. Each row stays its own search
 * with its own result. A retried chunk runs only the rows still open, so no row is written twice.
 */
import type { Db } from "../../data/db.ts";
import { openLists } from "./lists.ts";
import { finishSearches, markSearchesFailed, type PipelineDeps, type SearchOutcome, screenSearch, startSearches } from "./pipeline.ts";

export interface SearchChunkOptions {
  /** Aborted when the job must stop (the process is stopping, or another process took the job over). */
  signal?: AbortSignal;
  /** Another attempt follows if this one throws: rows that could not be screened are left open for it. */
  retryable?: boolean;
  /** Rows screened at once. */
  rowsAtOnce: number;
  /** Searches this run finished (written completed or failed), as they are written. */
  onFinished?: (searchIds: string[]) => void;
}

export interface SearchChunkOutcome {
  completed: number;
  failed: number;
}

export async function runSearchChunk(deps: PipelineDeps, searchIds: readonly string[], options: SearchChunkOptions): Promise<SearchChunkOutcome> {
  const started = await startSearches(deps.db, searchIds);
  if (started.length === 0) return { completed: 0, failed: 0 };
  const lists = await openLists(deps.db, deps.lists, { retryable: options.retryable });

  const writer = new OutcomeWriter(deps.db, options.onFinished);
  const errors: { searchId: string; error: unknown }[] = [];
  await eachAtOnce(started, options.rowsAtOnce, async (row) => {
    if (options.signal?.aborted) return;
    try {
      writer.add(await screenSearch(deps, lists, row, { signal: options.signal, retryable: options.retryable }));
    } catch (error) {
      errors.push({ searchId: row.search.id, error });
    }
  });
  // What was screened is kept even when the job must stop: the writes are conditional, never twice.
  await writer.flush();
  options.signal?.throwIfAborted();

  if (errors.length > 0 && options.retryable) {
    throw new Error(`${errors.length} of ${started.length} searches could not be screened (${message(errors[0].error)}); they are tried again`);
  }
  // The last attempt: a row that could not be screened fails alone, the chunk does not.
  let markedFailed = 0;
  for (const { searchId, error } of errors) {
    const marked = await markSearchesFailed(deps.db, [searchId], `The search could not be completed: ${message(error)}. Please try again.`);
    if (marked.has(searchId)) {
      markedFailed++;
      options.onFinished?.([searchId]);
    }
  }
  return { completed: writer.completed, failed: writer.failed + markedFailed };
}

/**
 * Writes outcomes as they come, one statement at a time: while a write runs the next outcomes gather, and the
 * following write takes them all, so a busy chunk writes many rows a statement and a quiet one each row at once.
 */
class OutcomeWriter {
  completed = 0;
  failed = 0;
  private waiting: SearchOutcome[] = [];
  private writing: Promise<void> | null = null;
  private error: unknown = null;

  constructor(
    private readonly db: Db,
    private readonly onFinished?: (searchIds: string[]) => void,
  ) {}

  add(outcome: SearchOutcome) {
    this.waiting.push(outcome);
    this.writing ??= this.drain();
  }

  async flush() {
    await this.writing;
    if (this.error) throw this.error;
  }

  private async drain() {
    try {
      while (this.waiting.length > 0) {
        const outcomes = this.waiting.splice(0);
        const written = await finishSearches(this.db, outcomes);
        const finished = outcomes.filter((o) => written.has(o.searchId));
        this.completed += finished.filter((o) => o.status === "completed").length;
        this.failed += finished.filter((o) => o.status === "failed").length;
        if (finished.length > 0) this.onFinished?.(finished.map((o) => o.searchId));
      }
    } catch (error) {
      this.error ??= error;
      this.waiting = [];
    } finally {
      this.writing = null;
    }
  }
}

/** Runs `work` on every item, at most `limit` at once. */
async function eachAtOnce<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
