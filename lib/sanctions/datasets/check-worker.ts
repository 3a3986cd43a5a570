/**
 * The worker thread that parses and checks a list's files: parsing takes about a second for the OFAC SDN list and
 * minutes for large OpenSanctions collections, which on the main thread would stall every request of the server
 * meanwhile. One list per worker; the entities go out in batches, each when the thread that stores them asks for the
 * next one, so that at most a batch or two are in flight and a million-entity list is never held whole.
 */
import type { SanctionsEntity } from "../entity.ts";
import type { DatasetFormat, ReadStats, SourceFile } from "../parsers/index.ts";
import { IntegrityError, readCheckedFiles } from "./integrity.ts";

export type CheckRequest = { type: "start"; format: DatasetFormat; datasetId: string; files: SourceFile[] } | { type: "next" };

export type CheckReply =
  | { type: "batch"; entities: SanctionsEntity[] }
  | { type: "done"; count: number; skippedLines: number }
  | { type: "failed"; integrity: boolean; message: string };

/** Entities a batch. */
const REPLY_BATCH = 1_000;

declare const self: Worker;

let entities: Generator<SanctionsEntity> | null = null;
const stats: ReadStats = { skippedLines: 0 };
let count = 0;

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  const request = event.data;
  if (request.type === "start") {
    entities = readCheckedFiles(request.format, request.datasetId, request.files, stats);
    return;
  }
  try {
    const batch: SanctionsEntity[] = [];
    while (batch.length < REPLY_BATCH) {
      const next = entities!.next();
      if (next.done) break;
      batch.push(next.value);
    }
    count += batch.length;
    if (batch.length > 0) self.postMessage({ type: "batch", entities: batch } satisfies CheckReply);
    else self.postMessage({ type: "done", count, skippedLines: stats.skippedLines } satisfies CheckReply);
  } catch (error) {
    const integrity = error instanceof IntegrityError;
    const message = integrity ? (error as Error).message : ((error as Error)?.stack ?? String(error));
    self.postMessage({ type: "failed", integrity, message } satisfies CheckReply);
  }
};
