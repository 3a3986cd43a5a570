/**
 * The workers that run search jobs. A job whose attempts are all used up lands in the dead-letter queue, whose worker
 * marks its search failed: no search stays pending or processing for good.
 */
import type { Db } from "../../data/db.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { languageModelFromEnv } from "../llm/language-model.ts";
import { createNewsProviders, loadNewsConfig } from "../media/news-config.ts";
import { markSearchFailed, runSearchPipeline, type PipelineDeps, type PipelineStage } from "./pipeline.ts";
import type { ListIndex } from "./lists.ts";
import { FAILED_SEARCH_QUEUE, SEARCH_QUEUE, type SearchJobData } from "./search-queue.ts";
import { announceSearchEnded } from "./search-wait.ts";

/** The pipeline's sources as the environment configures them (news providers, language model). */
export function pipelineDepsFromEnv(db: Db, lists: ListIndex, env: Record<string, string | undefined> = process.env): PipelineDeps {
  return { db, lists, newsProviders: createNewsProviders(loadNewsConfig(env)), model: languageModelFromEnv(env) };
}

export interface SearchWorkerOptions {
  concurrency?: number;
  /** Progress of the searches this process runs. */
  onProgress?: (searchId: string, stage: PipelineStage) => void;
  /** Called when this process finished (or skipped) a search's job. */
  onSettled?: (searchId: string) => void;
}

/** Runs search jobs, and the dead-letter jobs of searches that could not be finished, in this process. */
export function workSearches(queue: JobQueue, deps: PipelineDeps, options: SearchWorkerOptions = {}) {
  queue.work<SearchJobData>(
    SEARCH_QUEUE,
    async (job) => {
      const { searchId } = job.data;
      await runSearchPipeline(deps, searchId, {
        signal: job.signal,
        retryable: job.attempt < job.attempts,
        onProgress: (stage) => options.onProgress?.(searchId, stage),
      });
      announceSearchEnded(searchId);
      options.onSettled?.(searchId);
    },
    { concurrency: options.concurrency },
  );
  queue.work<SearchJobData>(
    FAILED_SEARCH_QUEUE,
    async (job) => {
      const output = job.output as { message?: unknown; value?: { message?: unknown } } | null;
      const last = output?.message ?? output?.value?.message;
      const reason = typeof last === "string" && last ? ` (last error: ${last})` : "";
      await markSearchFailed(deps.db, job.data.searchId, `The search could not be completed: every attempt failed${reason}. Please try again.`);
      announceSearchEnded(job.data.searchId);
      options.onSettled?.(job.data.searchId);
    },
    { concurrency: Math.min(1, options.concurrency ?? queue.settings.concurrency) },
  );
}
