import type { DatasetFile, SanctionsEntity } from "../entity.ts";
import type { DatasetFormat } from "../parsers/index.ts";
import type { CheckReply, CheckRequest } from "./check-worker.ts";
import { IntegrityError } from "./integrity.ts";

/**
 * checkDatasetFiles in a worker thread of its own (./check-worker.ts): the same entities or the same IntegrityError,
 * while this thread keeps serving requests.
 */
export function checkDatasetFilesOffThread(
  format: DatasetFormat,
  datasetId: string,
  files: DatasetFile[],
  currentEntityCount: number | null,
): Promise<SanctionsEntity[]> {
  const worker = new Worker(new URL("./check-worker.ts", import.meta.url).href);
  // Bun's Worker can be unref'd (the DOM typing does not say so): a finished CLI must not wait for it.
  (worker as unknown as { unref(): void }).unref();
  const entities: SanctionsEntity[] = [];
  return new Promise<SanctionsEntity[]>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<CheckReply>) => {
      const reply = event.data;
      if (reply.type === "batch") {
        for (const entity of reply.entities) entities.push(entity);
        return;
      }
      if (reply.type === "done") {
        if (entities.length === reply.count) resolve(entities);
        else reject(new Error(`The dataset check sent ${entities.length} of ${reply.count} entities`));
      } else {
        reject(reply.integrity ? new IntegrityError(reply.message) : new Error(`Dataset check worker: ${reply.message}`));
      }
    };
    worker.onerror = (event) => reject(new Error(`Dataset check worker failed: ${event.message}`));
    worker.postMessage({ format, datasetId, files, currentEntityCount } satisfies CheckRequest);
  }).finally(() => worker.terminate());
}
