/**
 * The workers that run search jobs. A job whose attempts are all used up lands in the dead-letter queue, whose worker
 * marks its search failed: no search stays pending or processing for good.
 */
import type { Db } from "../../data/db.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { languageModelFromEnv } from "../llm/language-model.ts";
import { createNewsProviders, loadNewsConfig } from "../media/news-config.ts";
import { searchesEnded } from "./events.ts";
import type { ListIndex } from "./lists.ts";
import { markSearchesFailed, type PipelineDeps, type PipelineStage, runSearchPipeline } from "./pipeline.ts";
import { runSearchChunk } from "./search-chunk.ts";
import {
  FAILED_SEARCH_CHUNK_QUEUE,
  FAILED_SEARCH_QUEUE,
  SEARCH_CHUNK_QUEUE,
  SEARCH_QUEUE,
  type SearchChunkJobData,
  type SearchJobData,
} from "./search-queue.ts";
import { announceSearchEnded } from "./search-wait.ts";

/** The pipeline's sources as the environment configures them (news providers, language model). */
export function pipelineDepsFromEnv(db: Db, lists: ListIndex, env: Record<string, string | undefined> = process.env): PipelineDeps {
  return { db, lists, newsProviders: createNewsProviders(loadNewsConfig(env)), model: languageModelFromEnv(env) };
}

export interface SearchWorkerOptions {
  /** Searches this process screens at once on each queue (default: the job settings' concurrency). */
  concurrency?: number;
  /** Progress of the searches this process runs. */
  onProgress?: (searchId: string, stage: PipelineStage) => void;
  /** Called when this process finished (or skipped) a search's job. */
  onSettled?: (searchId: string) => void;
}

/**
 * Runs in this process the jobs of searches made by themselves, the chunks of batch rows, and the dead-letter jobs
 * of both (their searches are marked failed).
 */
export function workSearches(queue: JobQueue, deps: PipelineDeps, options: SearchWorkerOptions = {}) {
  const concurrency = options.concurrency ?? queue.settings.concurrency;
  const settled = (searchIds: readonly string[]) => {
    for (const searchId of searchIds) {
      announceSearchEnded(searchId);
      options.onSettled?.(searchId);
    }
    // What reacts (webhook events, monitoring's checks) starts its own work: the job is never held up, and an error
    // of theirs is logged, not the job's.
    searchesEnded.publish({ db: deps.db, queue, searchIds }).catch((error) => console.error("[duecheck] reacting to ended searches:", error));
  };

  queue.work<SearchJobData>(
    SEARCH_QUEUE,
    async (job) => {
      const { searchId } = job.data;
      await runSearchPipeline(deps, searchId, {
        signal: job.signal,
        retryable: job.attempt < job.attempts,
        onProgress: (stage) => options.onProgress?.(searchId, stage),
      });
      settled([searchId]);
    },
    { concurrency },
  );

  // A chunk screens `concurrency` rows at once; a second chunk runs beside it, so the rows left at the end of one
  // chunk do not keep the process idle.
  const chunksAtOnce = Math.min(2, concurrency);
  queue.work<SearchChunkJobData>(
    SEARCH_CHUNK_QUEUE,
    async (job) => {
      await runSearchChunk(deps, job.data.searchIds, {
        signal: job.signal,
        retryable: job.attempt < job.attempts,
        rowsAtOnce: concurrency,
        onFinished: settled,
      });
    },
    { concurrency: chunksAtOnce },
  );

  const failedConcurrency = Math.min(1, concurrency);
  queue.work<SearchJobData>(
    FAILED_SEARCH_QUEUE,
    async (job) => settled([...(await markSearchesFailed(deps.db, [job.data.searchId], everyAttemptFailed(job.output)))]),
    { concurrency: failedConcurrency },
  );
  queue.work<SearchChunkJobData>(
    FAILED_SEARCH_CHUNK_QUEUE,
    async (job) => settled([...(await markSearchesFailed(deps.db, job.data.searchIds, everyAttemptFailed(job.output)))]),
    { concurrency: failedConcurrency },
  );
}

/** The error of searches whose job used up its attempts, with the last attempt's error. */
function everyAttemptFailed(output: unknown): string {
  const out = output as { message?: unknown; value?: { message?: unknown } } | null;
  const last = out?.message ?? out?.value?.message;
  const reason = typeof last === "string" && last ? ` (last error: ${last})` : "";
  return `The search could not be completed: every attempt failed${reason}. Please try again.`;
}
