/**
 * Reading gzip'd text line by line with bounded memory: every inflated byte is counted against the import's budget
 * (a small gzip can inflate a thousandfold), and a line longer than `maxLineBytes` is refused while it is read,
 * not once it is whole (a line without a newline would otherwise be held entire).
 */
import { createGunzip } from "node:zlib";
import { AppError } from "../../errors.ts";
import { collectGarbage } from "../collect-garbage.ts";
import type { UnpackBudget } from "./unpack-budget.ts";

const NEWLINE = 0x0a;
const CHUNK_BYTES = 64 * 1024;
/** A line this long has its pieces collected once joined, before the reader parses it (which holds it twice more). */
const LONG_LINE_BYTES = 8 * 2 ** 20;

/** The first `bytes` bytes of a gzip stream (fewer if it is shorter or damaged); nothing more is inflated. */
export async function gunzipHead(content: Uint8Array, bytes: number): Promise<Buffer> {
  const gunzip = createGunzip({ chunkSize: CHUNK_BYTES });
  gunzip.on("error", () => {});
  gunzip.end(content);
  const head: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      head.push(chunk);
      length += chunk.length;
      if (length >= bytes) break;
    }
  } catch {
    // What was inflated before the damage is the head there is.
  } finally {
    gunzip.destroy();
  }
  return Buffer.concat(head).subarray(0, bytes);
}

/**
 * The lines of gzip'd UTF-8 text (without their newlines), with their numbers. Refuses (413) past the budget or
 * past `maxLineBytes` on one line, naming `name`; a stream that cannot be inflated is refused (400) as damaged.
 */
export async function* gunzipLines(content: Uint8Array, name: string, budget: UnpackBudget, maxLineBytes: number): AsyncGenerator<[number, string]> {
  const gunzip = createGunzip({ chunkSize: CHUNK_BYTES });
  gunzip.end(content);
  const decoder = new TextDecoder();
  // The line being read, decoded piece by piece as it comes: no piece of it is held twice.
  let parts: string[] = [];
  let lineBytes = 0;
  let line = 0;
  const add = (piece: Buffer, ends: boolean) => {
    lineBytes += piece.length;
    if (lineBytes > maxLineBytes) {
      throw new AppError(413, `${name} line ${line + 1} is longer than ${maxLineBytes / 2 ** 20} MB, more than an export of a list holds`);
    }
    parts.push(decoder.decode(piece, { stream: !ends }));
  };
  const take = () => {
    const text = parts.length === 1 ? parts[0] : parts.join("");
    const long = lineBytes >= LONG_LINE_BYTES;
    parts = [];
    lineBytes = 0;
    if (long) collectGarbage();
    return text;
  };
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      budget.take(chunk.length, name);
      let start = 0;
      for (let newline = chunk.indexOf(NEWLINE); newline >= 0; newline = chunk.indexOf(NEWLINE, start)) {
        add(chunk.subarray(start, newline), true);
        start = newline + 1;
        yield [++line, take()];
      }
      if (start < chunk.length) add(chunk.subarray(start), false);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, `${name} cannot be unpacked (${error instanceof Error ? error.message : String(error)}); the export file is damaged or cut short`);
  } finally {
    gunzip.destroy();
  }
  parts.push(decoder.decode());
  if (lineBytes > 0) yield [++line, take()];
}
