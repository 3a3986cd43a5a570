import type { SanctionsEntity } from "../entity.ts";
import type { DatasetFormat, SourceFile } from "../parsers/index.ts";
import type { CheckReply, CheckRequest } from "./check-worker.ts";
import { IntegrityError } from "./integrity.ts";

/**
 * A list's entities read in a worker thread of its own (./check-worker.ts), in batches, while this thread stores
 * them and keeps serving requests. The next batch is asked for as one arrives, so parsing and storing overlap and
 * at most two batches are held. A file that cannot be read throws the same IntegrityError the reading would; once
 * every batch is read, `skippedLines` says how many FollowTheMoney lines were skipped as not JSON.
 */
export class EntityStream implements AsyncIterable<SanctionsEntity[]> {
  skippedLines = 0;
  /** Entities read (before any duplicate id is dropped by storing). */
  count = 0;

  constructor(
    private readonly format: DatasetFormat,
    private readonly datasetId: string,
    private readonly files: SourceFile[],
  ) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<SanctionsEntity[]> {
    const worker = new Worker(new URL("./check-worker.ts", import.meta.url).href);
    // Bun's Worker can be unref'd (the DOM typing does not say so): a finished CLI must not wait for it.
    (worker as unknown as { unref(): void }).unref();
    const replies: CheckReply[] = [];
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    worker.onmessage = (event: MessageEvent<CheckReply>) => {
      replies.push(event.data);
      wake?.();
    };
    worker.onerror = (event) => {
      failure = new Error(`Dataset check worker failed: ${event.message}`);
      wake?.();
    };
    const ask = (request: CheckRequest) => worker.postMessage(request);
    try {
      ask({ type: "start", format: this.format, datasetId: this.datasetId, files: this.files });
      ask({ type: "next" });
      for (;;) {
        while (replies.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        if (failure) throw failure;
        const reply = replies.shift()!;
        if (reply.type === "failed") throw reply.integrity ? new IntegrityError(reply.message) : new Error(`Dataset check worker: ${reply.message}`);
        if (reply.type === "done") {
          if (reply.count !== this.count) throw new Error(`The dataset check sent ${this.count} of ${reply.count} entities`);
          this.skippedLines = reply.skippedLines;
          return;
        }
        ask({ type: "next" });
        this.count += reply.entities.length;
        yield reply.entities;
      }
    } finally {
      worker.terminate();
    }
  }
}

/** Every entity of the files at once, read off this thread (tests; an import stores the batches as they come). */
export async function readFilesOffThread(format: DatasetFormat, datasetId: string, files: SourceFile[]): Promise<SanctionsEntity[]> {
  const entities: SanctionsEntity[] = [];
  for await (const batch of new EntityStream(format, datasetId, files)) for (const entity of batch) entities.push(entity);
  return entities;
}

/** The FollowTheMoney lines a streamed read skipped as not JSON, for the result and the audit (none: nothing said). */
export const skipped = (entities: SanctionsEntity[] | EntityStream) =>
  entities instanceof EntityStream && entities.skippedLines > 0 ? { skipped_lines: entities.skippedLines } : {};
