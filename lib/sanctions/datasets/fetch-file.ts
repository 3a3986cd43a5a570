import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { guardedRequest, OutgoingRefusedError } from "../../outgoing/guard.ts";

/** Why one file could not be fetched; the message names the URL and the cause. */
export class FetchFileError extends Error {}

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type FetchedFile = { status: "not_modified" } | { status: "ok"; content: Uint8Array; etag: string | null; lastModified: string | null };

export interface FetchFileOptions {
  timeoutMs: number;
  /** The most bytes this file may have. */
  maxBytes: number;
  /** Sent as If-None-Match / If-Modified-Since; a 304 answer means the stored copy is current. */
  validators?: Validators | null;
  onBytes?: (received: number, total: number | null) => void;
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
  try {
    const { response } = await guardedRequest(url, { headers, signal: controller.signal, allowPrivateNetworks: options.allowPrivateNetworks });
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
    for await (const chunk of body) {
      received += chunk.byteLength;
      if (received > options.maxBytes) {
        controller.abort();
        throw new FetchFileError(`${url} is more than the limit of ${formatBytes(options.maxBytes)}`);
      }
      chunks.push(chunk);
      options.onBytes?.(received, encoded ? null : declared);
    }
    if (expected !== null && received !== expected) {
      throw new FetchFileError(`${url} was cut off: received ${received} of ${expected} bytes`);
    }
    return {
      status: "ok",
      content: Buffer.concat(chunks),
      etag: header("etag"),
      lastModified: header("last-modified"),
    };
  } catch (error) {
    if (error instanceof FetchFileError) throw error;
    if (error instanceof OutgoingRefusedError) throw new FetchFileError(error.message);
    if (timedOut) throw new FetchFileError(`${url} did not arrive within ${options.timeoutMs / 1000} s`);
    if (expected !== null && received < expected) {
      throw new FetchFileError(`${url} was cut off: the connection closed after ${received} of ${expected} bytes`);
    }
    throw new FetchFileError(`${url} could not be fetched: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
