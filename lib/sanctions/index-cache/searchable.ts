import type { SanctionsEntity } from "../entity.ts";
import { compareNames, type MatchOptions, type MatchResult, type NameComparison, SanctionsIndex, SanctionsIndexBuilder } from "../matcher/index.ts";
import { decodeIndex } from "../matcher/snapshot/decode.ts";
import { encodeIndex } from "../matcher/snapshot/encode.ts";
import type { WorkerReply, WorkerRequest } from "./worker.ts";

/** A built index, wherever it lives. */
export interface SearchableIndex {
  search(term: string, options: MatchOptions): Promise<MatchResult[]>;
  /** Two names scored against each other, their parts weighed by their rarity in this index's lists. */
  compare(query: string, candidate: string, options: PairOptions): Promise<NameComparison>;
  /** Its snapshot (matcher/snapshot): the bytes another process loads instead of building it again. */
  encode?(): Promise<Uint8Array>;
  /** Set when the index can no longer answer (its worker died); the cache then builds a new one. */
  readonly broken: boolean;
  /** Called once it is replaced; searches already started still get their answer. */
  dispose(): void;
}

export interface PairOptions {
  type?: "person" | "company";
}

export type IndexBuilder = (batches: AsyncIterable<SanctionsEntity[]>, threshold?: number) => Promise<SearchableIndex>;
/** An index from a snapshot's bytes (checked by the caller; the buffer is handed over). Throws when it cannot read them. */
export type IndexLoader = (bytes: Uint8Array, threshold?: number) => Promise<SearchableIndex>;

function inThisThread(index: SanctionsIndex, threshold: number | undefined): SearchableIndex {
  return {
    search: async (term, options) => index.search(term, options),
    compare: async (query, candidate, options) => compareNames(query, candidate, { type: options.type, threshold, weights: index }),
    encode: async () => encodeIndex(index),
    broken: false,
    dispose() {},
  };
}

/** In this thread: for the CLI, which builds once and exits. */
export const buildInProcess: IndexBuilder = async (batches, threshold) => {
  const builder = new SanctionsIndexBuilder();
  for await (const batch of batches) for (const entity of batch) builder.add(entity);
  return inThisThread(SanctionsIndex.fromBuilder(builder, { threshold }), threshold);
};

export const loadInProcess: IndexLoader = async (bytes, threshold) => inThisThread(decodeIndex(bytes, { threshold }), threshold);

/** In a worker thread of its own: for the server, whose requests must not wait while an index is built. */
export const buildInWorker: IndexBuilder = async (batches, threshold) => {
  const index = new WorkerIndex();
  try {
    // Batch by batch, so no single step holds this thread for long.
    for await (const batch of batches) await index.call({ type: "add", entities: JSON.stringify(batch) });
    await index.call({ type: "build", threshold });
  } catch (error) {
    index.dispose();
    throw error;
  }
  return index;
};

/** In a worker thread of its own, as buildInWorker: the bytes move to the worker, which decodes them. */
export const loadInWorker: IndexLoader = async (bytes, threshold) => {
  const index = new WorkerIndex();
  try {
    // Only a buffer of the bytes' own can be handed over without a copy.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    await index.call({ type: "load", bytes: own.buffer as ArrayBuffer, threshold }, [own.buffer as ArrayBuffer]);
  } catch (error) {
    index.dispose();
    throw error;
  }
  return index;
};

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, "id"> : never) : never;

class WorkerIndex implements SearchableIndex {
  private readonly worker = new Worker(new URL("./worker.ts", import.meta.url).href);
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private retired = false;
  broken = false;

  constructor() {
    // Bun's Worker can be unref'd (the DOM typing does not say so): it must not keep a finished CLI or test alive.
    (this.worker as unknown as { unref(): void }).unref();
    this.worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) pending?.resolve(reply.value);
      else pending?.reject(new Error(`Sanctions index worker: ${reply.message}`));
      if (this.retired && this.pending.size === 0) this.worker.terminate();
    };
    this.worker.onerror = (event) => {
      this.broken = true;
      for (const p of this.pending.values()) p.reject(new Error(`Sanctions index worker failed: ${event.message}`));
      this.pending.clear();
      this.worker.terminate();
    };
  }

  call(request: Request, transfer: Transferable[] = []): Promise<unknown> {
    if (this.broken) return Promise.reject(new Error("Sanctions index worker failed"));
    // A retired worker with nothing pending is gone: a message would never be answered.
    if (this.retired && this.pending.size === 0) return Promise.reject(new Error("Sanctions index worker retired"));
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  async encode(): Promise<Uint8Array> {
    return new Uint8Array((await this.call({ type: "encode" })) as ArrayBuffer);
  }

  search(term: string, options: MatchOptions) {
    return this.call({ type: "search", term, options }) as Promise<MatchResult[]>;
  }

  compare(query: string, candidate: string, options: PairOptions) {
    return this.call({ type: "compare", query, candidate, options }) as Promise<NameComparison>;
  }

  dispose() {
    this.retired = true;
    if (this.pending.size === 0) this.worker.terminate();
  }
}
