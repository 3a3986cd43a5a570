import type { Database } from "../../data/db.ts";
import type { JobQueue } from "../../lib/jobs/queue.ts";
import { pipelineDepsFromEnv, workSearches } from "../../lib/screening/search-jobs.ts";
import { openSearchQueue } from "../../lib/screening/search-queue.ts";
import { startWebhookDeliveries } from "../../lib/webhooks/worker.ts";
import type { SanctionsService } from "../sanctions/service.ts";

/** What a server process keeps for screening: the job queue, on which it also runs search jobs. */
export interface ScreeningService {
  queue: JobQueue;
  stop(): Promise<void>;
}

const services = new WeakMap<Database, ScreeningService>();

/**
 * Opens the job queue and, unless DUECHECK_JOB_CONCURRENCY=0, runs search jobs in this process with the
 * sanctions index of the process and the news providers and language model of the environment.
 */
export async function startScreeningService(database: Database, sanctions: SanctionsService, instanceKey: Uint8Array): Promise<ScreeningService> {
  const deps = pipelineDepsFromEnv(database.db, sanctions.index);
  const queue = await openSearchQueue(database);
  workSearches(queue, deps);
  const webhooks = await startWebhookDeliveries(database.db, queue, { instanceKey });
  const service: ScreeningService = {
    queue,
    async stop() {
      webhooks.stop();
      await queue.stop();
      services.delete(database);
    },
  };
  services.set(database, service);
  return service;
}

export function screeningService(database: Database): ScreeningService {
  const service = services.get(database);
  if (!service) throw new Error("The screening service was not started for this database");
  return service;
}
