import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { stripForbiddenCharacters } from "../../validation/text.ts";
import { type DatasetFile, DatasetFormatError } from "../entity.ts";
import { assertText, firstInvalidUtf8, SNIFF_BYTES } from "./text.ts";

/** A list's file on disk: read a chunk at a time, never held whole (a large OpenSanctions export is gigabytes). */
export interface DiskFile {
  name: string;
  path: string;
}

/** A file to parse: its bytes in memory (an upload, a test's fixture) or its path on disk. */
export type SourceFile = DatasetFile | DiskFile;

/** Whether the file is read from disk: it has a path and no bytes in memory (bytes given win over a path). */
export const isOnDisk = (file: SourceFile): file is DiskFile => !("content" in file && file.content) && "path" in file && typeof file.path === "string";

/** The file's bytes in memory (an XML list declared in an encoding other than UTF-8, a zip to unpack, a small file kept whole). */
export const readWhole = (file: SourceFile): DatasetFile => (isOnDisk(file) ? { name: file.name, content: readFileSync(file.path) } : file);

export const sizeOf = (file: SourceFile): number => (isOnDisk(file) ? statSync(file.path).size : file.content.byteLength);

/** Bytes read a call. */
const CHUNK = 1 << 20;

/** The file's bytes a chunk at a time (the chunk given may be reused by the next one: copy what is kept). */
export function* byteChunks(file: SourceFile, chunkSize = CHUNK): Generator<Uint8Array> {
  if (!isOnDisk(file)) {
    for (let at = 0; at < file.content.byteLength; at += chunkSize) yield file.content.subarray(at, at + chunkSize);
    return;
  }
  const fd = openSync(file.path, "r");
  try {
    const buffer = Buffer.allocUnsafe(chunkSize);
    for (;;) {
      const read = readSync(fd, buffer, 0, chunkSize, null);
      if (read === 0) return;
      yield buffer.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

export interface TextLine {
  /** 1-based. */
  line: number;
  text: string;
  /** The file's last line, without a line break after it (a file cut short ends in one). */
  last: boolean;
}

/**
 * The lines of a strict UTF-8 text file, read a chunk at a time, with the checks of decodeUtf8 (./text.ts): a file
 * that is not text is refused from its head, an invalid byte is reported with its offset, and control characters
 * are removed.
 */
export function* utf8Lines(file: SourceFile): Generator<TextLine> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let carry = "";
  let line = 0;
  let offset = 0;
  let first = true;
  const decode = (bytes: Uint8Array, stream: boolean) => {
    try {
      return decoder.decode(bytes, { stream });
    } catch {
      const at = isOnDisk(file) ? offset + Math.max(0, firstInvalidUtf8(bytes)) : firstInvalidUtf8(file.content);
      throw new DatasetFormatError(`${file.name} is not valid UTF-8 text (first invalid byte at offset ${at})`);
    }
  };
  for (const bytes of byteChunks(file)) {
    if (first) {
      assertText({ name: file.name, content: bytes });
      first = false;
    }
    let text = carry + decode(bytes, true);
    offset += bytes.byteLength;
    let start = 0;
    for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
      line++;
      yield { line, text: stripForbiddenCharacters(text.slice(start, end)), last: false };
      start = end + 1;
    }
    carry = text.slice(start);
    text = "";
  }
  if (first) throw new DatasetFormatError(`${file.name} is empty`);
  const rest = carry + decode(new Uint8Array(0), false);
  if (rest) yield { line: line + 1, text: stripForbiddenCharacters(rest), last: true };
}

/** The file's first `length` bytes (fewer for a shorter file). */
export function headOf(file: SourceFile, length: number): Uint8Array {
  for (const bytes of byteChunks(file, length)) return new Uint8Array(bytes);
  return new Uint8Array(0);
}

/** Whether the whole file is valid UTF-8, read a chunk at a time (a sequence cut at a chunk's end continues in the next). */
function isUtf8(file: SourceFile, chunkSize: number): boolean {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    for (const bytes of byteChunks(file, chunkSize)) decoder.decode(bytes, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * The text of a CSV list, a piece at a time, as decodeLegacyText (./text.ts) gives it whole: a file that is not
 * text is refused from its head, a file that is valid UTF-8 throughout (checked in a first pass) is read as UTF-8
 * (its BOM dropped), any other as windows-1252, and control characters are removed from each piece. A piece ends
 * on a whole character, so no character is split between two.
 */
export function* legacyTextPieces(file: SourceFile, chunkSize = CHUNK): Generator<string> {
  assertText({ name: file.name, content: headOf(file, SNIFF_BYTES) });
  // Not fatal: the first pass found the bytes valid, so this decoder never replaces one.
  const decoder = isUtf8(file, chunkSize) ? new TextDecoder("utf-8", { ignoreBOM: false }) : new TextDecoder("windows-1252");
  for (const bytes of byteChunks(file, chunkSize)) yield stripForbiddenCharacters(decoder.decode(bytes, { stream: true }));
  yield stripForbiddenCharacters(decoder.decode());
}
