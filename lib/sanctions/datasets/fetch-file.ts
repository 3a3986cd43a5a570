import { closeSync, openSync, writeSync } from "node:fs";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { guardedRequest, OutgoingRefusedError } from "../../outgoing/guard.ts";

/**
 * Why a download failed: `network` when the publisher could not be reached at all (no DNS answer, connection refused
 * or unreachable, no answer in time), which is what a machine without internet sees; `publisher` when it answered
 * but not with the file (an HTTP error, a file too large or cut off).
 */
export type FailureKind = "network" | "publisher";

/** Why one file could not be fetched; the message names the URL and the cause. */
export class FetchFileError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind = "publisher",
  ) {
    super(message);
  }
}

/** The error codes of a request that never reached a server (Node's and Bun's names). */
const NETWORK_CODES = new Set([
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_FAIL",
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTDOWN",
  "ETIMEDOUT",
  "ECONNRESET",
  "ConnectionRefused",
  "ConnectionClosed",
  "FailedToOpenSocket",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Whether a fetch that threw before any answer failed for lack of a network path (not a publisher's fault). */
export function isNetworkError(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && NETWORK_CODES.has(e.code)) return true;
  }
  return false;
}

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type FetchedFile =
  | { status: "not_modified" }
  | { status: "ok"; content: Uint8Array; etag: string | null; lastModified: string | null }
  | { status: "ok"; path: string; etag: string | null; lastModified: string | null };

export interface FetchFileOptions {
  timeoutMs: number;
  /** The most bytes this file may have. */
  maxBytes: number;
  /** Sent as If-None-Match / If-Modified-Since; a 304 answer means the stored copy is current. */
  validators?: Validators | null;
  onBytes?: (received: number, total: number | null) => void;
  /** Written to this file as it arrives, not held in memory (a list of gigabytes); the answer then gives its path. */
  toFile?: string;
  /** The admin's private-network allowance (off: only public addresses, checked at every redirect). */
  allowPrivateNetworks: boolean;
}

const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${n} bytes`);

/**
 * GET one file over HTTP(S), whole or not at all: a timeout, a size cap and a length check guard it, and the
 * outgoing-request guard checks the address of every hop.
 */
export async function fetchFile(url: string, options: FetchFileOptions): Promise<FetchedFile> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const headers: Record<string, string> = { "user-agent": "duecheck dataset downloader" };
  if (options.validators?.etag) headers["if-none-match"] = options.validators.etag;
  if (options.validators?.lastModified) headers["if-modified-since"] = options.validators.lastModified;
  let received = 0;
  let expected: number | null = null;
  let answered = false;
  try {
    const { response } = await guardedRequest(url, { headers, signal: controller.signal, allowPrivateNetworks: options.allowPrivateNetworks });
    answered = true;
    const status = response.statusCode ?? 0;
    const header = (name: string) => {
      const value = response.headers[name];
      return typeof value === "string" ? value : null;
    };
    if (status === 304 && options.validators) {
      response.resume();
      return { status: "not_modified" };
    }
    if (status < 200 || status >= 300) {
      response.resume();
      const redirect = status >= 300 && status < 400 ? " (a redirect without a Location)" : "";
      throw new FetchFileError(`${url} answered HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ""}${redirect}`);
    }
    const declared = header("content-length") !== null ? Number(header("content-length")) : null;
    // A compressed body is decoded on the fly, so its declared length is not the length we count.
    const encoding = header("content-encoding")?.toLowerCase() ?? null;
    const encoded = !!encoding && encoding !== "identity";
    if (declared !== null && !encoded && declared > options.maxBytes) {
      response.destroy();
      throw new FetchFileError(`${url} is ${formatBytes(declared)}, more than the limit of ${formatBytes(options.maxBytes)}`);
    }
    const decoder = encoded ? DECODERS[encoding] : undefined;
    if (encoded && !decoder) {
      response.destroy();
      throw new FetchFileError(`${url} answered in an unknown content encoding ${encoding}`);
    }
    const body = (decoder ? response.pipe(decoder()) : response) as AsyncIterable<Uint8Array>;
    const chunks: Uint8Array[] = [];
    expected = encoded ? null : declared;
    const fd = options.toFile ? openSync(options.toFile, "w") : null;
    try {
      for await (const chunk of body) {
        received += chunk.byteLength;
        if (received > options.maxBytes) {
          controller.abort();
          throw new FetchFileError(`${url} is more than the limit of ${formatBytes(options.maxBytes)}`);
        }
        if (fd === null) chunks.push(chunk);
        else writeSync(fd, chunk);
        options.onBytes?.(received, encoded ? null : declared);
      }
    } finally {
      if (fd !== null) closeSync(fd);
    }
    if (expected !== null && received !== expected) {
      throw new FetchFileError(`${url} was cut off: received ${received} of ${expected} bytes`);
    }
    const validators = { etag: header("etag"), lastModified: header("last-modified") };
    return options.toFile ? { status: "ok", path: options.toFile, ...validators } : { status: "ok", content: Buffer.concat(chunks), ...validators };
  } catch (error) {
    if (error instanceof FetchFileError) throw error;
    if (error instanceof OutgoingRefusedError) throw new FetchFileError(error.message);
    if (timedOut) throw new FetchFileError(`${url} did not arrive within ${options.timeoutMs / 1000} s`, answered ? "publisher" : "network");
    if (expected !== null && received < expected) {
      throw new FetchFileError(`${url} was cut off: the connection closed after ${received} of ${expected} bytes`);
    }
    throw new FetchFileError(`${url} could not be fetched: ${(error as Error).message}`, !answered && isNetworkError(error) ? "network" : "publisher");
  } finally {
    clearTimeout(timer);
  }
}
