/**
 * The worker thread that parses and checks a downloaded dataset: parsing takes about a second for the OFAC SDN list
 * and much longer for large OpenSanctions collections, which on the main thread would stall every request of the
 * server meanwhile. One request per worker; the entities come back in batches, so that receiving them is no long
 * step for the main thread either.
 */
import type { DatasetFile, SanctionsEntity } from "../entity.ts";
import type { DatasetFormat } from "../parsers/index.ts";
import { checkDatasetFiles, IntegrityError } from "./integrity.ts";

export interface CheckRequest {
  format: DatasetFormat;
  datasetId: string;
  files: DatasetFile[];
  currentEntityCount: number | null;
}

export type CheckReply =
  | { type: "batch"; entities: SanctionsEntity[] }
  | { type: "done"; count: number }
  | { type: "failed"; integrity: boolean; message: string };

const REPLY_BATCH = 1_000;

declare const self: Worker;

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  const { format, datasetId, files, currentEntityCount } = event.data;
  try {
    const entities = checkDatasetFiles(format, datasetId, files, currentEntityCount);
    for (let i = 0; i < entities.length; i += REPLY_BATCH) {
      self.postMessage({ type: "batch", entities: entities.slice(i, i + REPLY_BATCH) } satisfies CheckReply);
    }
    self.postMessage({ type: "done", count: entities.length } satisfies CheckReply);
  } catch (error) {
    const integrity = error instanceof IntegrityError;
    const message = integrity ? (error as Error).message : ((error as Error)?.stack ?? String(error));
    self.postMessage({ type: "failed", integrity, message } satisfies CheckReply);
  }
};
