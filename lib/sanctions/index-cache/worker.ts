/**
 * The worker thread that holds a server's sanctions index: building one takes seconds of CPU for the real lists,
 * which would otherwise stall every request of the process. Messages: add (a batch of entities as JSON), build, load
 * (a snapshot's bytes, handed over), encode (answers the index's snapshot, handed back), search, compare (two names,
 * weighed by the index's lists).
 */
import type { SanctionsEntity } from "../entity.ts";
import { compareNames, type MatchOptions, SanctionsIndex, SanctionsIndexBuilder } from "../matcher/index.ts";
import { decodeIndex } from "../matcher/snapshot/decode.ts";
import { encodeIndex } from "../matcher/snapshot/encode.ts";
import type { PairOptions } from "./searchable.ts";

export type WorkerRequest =
  | { id: number; type: "add"; entities: string }
  | { id: number; type: "build"; threshold?: number }
  | { id: number; type: "load"; bytes: ArrayBuffer; threshold?: number }
  | { id: number; type: "encode" }
  | { id: number; type: "search"; term: string; options: MatchOptions }
  | { id: number; type: "compare"; query: string; candidate: string; options: PairOptions };

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

declare const self: Worker;
let index: SanctionsIndex | null = null;
/** The snapshot the index was decoded from. */
let snapshot: Uint8Array | null = null;
let threshold: number | undefined;
// Each batch is added as it comes and dropped: only what the index keeps of an entity stays.
let builder = new SanctionsIndexBuilder();

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  try {
    if (request.type === "add") {
      for (const entity of JSON.parse(request.entities) as SanctionsEntity[]) builder.add(entity);
      self.postMessage({ id: request.id, ok: true, value: builder.size } satisfies WorkerReply);
    } else if (request.type === "build") {
      threshold = request.threshold;
      // The built index is kept as its snapshot's decoding, which answers alike: its listings stay bytes until a
      // search shows them, where the built one held a million of them as objects (hundreds of megabytes), and the
      // builder's garbage goes with it. The bytes are what "encode" answers.
      snapshot = encodeIndex(SanctionsIndex.fromBuilder(builder, { threshold }));
      builder = new SanctionsIndexBuilder();
      index = decodeIndex(snapshot, { threshold });
      self.postMessage({ id: request.id, ok: true, value: index.size } satisfies WorkerReply);
    } else if (request.type === "load") {
      threshold = request.threshold;
      snapshot = new Uint8Array(request.bytes);
      index = decodeIndex(snapshot, { threshold });
      self.postMessage({ id: request.id, ok: true, value: index.size } satisfies WorkerReply);
    } else if (request.type === "encode") {
      if (!snapshot) throw new Error("The index is not built yet");
      // A copy: the index reads its arrays in place in these bytes.
      const bytes = snapshot.slice();
      self.postMessage({ id: request.id, ok: true, value: bytes.buffer } satisfies WorkerReply, [bytes.buffer]);
    } else if (request.type === "compare") {
      if (!index) throw new Error("The index is not built yet");
      const value = compareNames(request.query, request.candidate, { type: request.options.type, threshold, weights: index });
      self.postMessage({ id: request.id, ok: true, value } satisfies WorkerReply);
    } else {
      if (!index) throw new Error("The index is not built yet");
      self.postMessage({ id: request.id, ok: true, value: index.search(request.term, request.options) } satisfies WorkerReply);
    }
  } catch (error) {
    self.postMessage({ id: request.id, ok: false, message: (error as Error)?.stack ?? String(error) } satisfies WorkerReply);
  }
};
