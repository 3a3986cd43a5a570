/**
 * The files of a zip, read from its central directory and inflated one by one with node:zlib, every inflated byte
 * counted against the import's budget. A declared size is only ever a bound: more bytes than an entry declares, or
 * fewer, or a checksum that differs, refuse the zip as damaged; a size past what is left of the budget refuses it as
 * too large before anything of it is inflated. Sizes are read unsigned, and from the zip64 fields when the 32-bit
 * ones say so, so an entry of 2 GiB or more is never taken for a small or a negative one.
 */
import { basename } from "node:path";
import { crc32, createInflateRaw } from "node:zlib";
import { AppError } from "../../errors.ts";
import type { UnpackBudget } from "./unpack-budget.ts";
import type { KeptFile } from "./versions.ts";

/** The entries a zip may list: a list is a handful of files; a zip of a million empty entries is an attack. */
export const MAX_ZIP_ENTRIES = 1000;

const END = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;

interface Entry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The zip's files (folders flattened, hidden files and macOS resource forks left out), inflated within `budget`. */
export async function unzipFiles(file: KeptFile, budget: UnpackBudget): Promise<KeptFile[]> {
  const damaged = (why: string) => new AppError(400, `${file.name} cannot be read as a zip archive (${why})`);
  const entries = centralDirectory(file, damaged).filter(
    (e) => !e.name.endsWith("/") && !e.name.split("/").some((part) => part.startsWith(".") || part === "__MACOSX"),
  );
  if (entries.length === 0) throw new AppError(400, `${file.name} holds no files`);
  const out: KeptFile[] = [];
  for (const entry of entries) {
    const label = `${file.name}: ${entry.name}`;
    if (entry.flags & 1) throw new AppError(400, `${label} is encrypted; zip the files without a password`);
    if (entry.method !== STORED && entry.method !== DEFLATED) {
      throw new AppError(400, `${label} is compressed with method ${entry.method}; zip the files with deflate (the usual zip)`);
    }
    if (entry.size > budget.left) throw budget.tooLarge(file.name);
    const content = await inflateEntry(file.content, entry, budget, file.name, (why) => new AppError(400, `${label} cannot be unpacked (${why})`));
    out.push({ name: basename(entry.name), content, sourceUrl: null, etag: null, lastModified: null });
  }
  return out;
}

/** The entries the central directory lists, with their sizes and offsets checked against the archive's length. */
function centralDirectory(file: KeptFile, damaged: (why: string) => AppError): Entry[] {
  const zip = file.content;
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = findEnd(view);
  if (end < 0) throw damaged("no end of central directory");
  let count = view.getUint16(end + 10, true);
  let size: number = view.getUint32(end + 12, true);
  let offset: number = view.getUint32(end + 16, true);
  if (end >= 20 && view.getUint32(end - 20, true) === ZIP64_LOCATOR) {
    const record = u64(view, end - 12, damaged);
    if (record + 56 > end || view.getUint32(record, true) !== ZIP64_END) throw damaged("a zip64 end record out of place");
    count = u64(view, record + 32, damaged);
    size = u64(view, record + 40, damaged);
    offset = u64(view, record + 48, damaged);
  } else if (count === U16_MAX || size === U32_MAX || offset === U32_MAX) {
    throw damaged("zip64 sizes without a zip64 end record");
  }
  if (count > MAX_ZIP_ENTRIES) {
    throw new AppError(413, `${file.name} lists ${count} entries; a list's files are a few, and at most ${MAX_ZIP_ENTRIES} are read`);
  }
  if (offset + size > end) throw damaged("the central directory lies outside the archive");

  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > offset + size || view.getUint32(at, true) !== CENTRAL) throw damaged("a central directory entry is missing");
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > offset + size) throw damaged("a central directory entry runs past its end");
    const entry: Entry = {
      name: new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    };
    readZip64Extra(view, at + 46 + nameLength, extraLength, entry, damaged);
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** The end of central directory record: its signature, searched backwards over the longest comment it may carry. */
function findEnd(view: DataView): number {
  for (let at = view.byteLength - 22; at >= 0 && at >= view.byteLength - 22 - U16_MAX; at--) {
    if (view.getUint32(at, true) === END) return at;
  }
  return -1;
}

/** The 64-bit sizes and offset of an entry whose 32-bit fields are saturated, in the order the format lists them. */
function readZip64Extra(view: DataView, start: number, length: number, entry: Entry, damaged: (why: string) => AppError) {
  const wanted = (["size", "compressedSize", "localOffset"] as const).filter((field) => entry[field] === U32_MAX);
  if (wanted.length === 0) return;
  for (let at = start; at + 4 <= start + length; ) {
    const id = view.getUint16(at, true);
    const fieldLength = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      if (fieldLength < wanted.length * 8) break;
      wanted.forEach((field, i) => {
        entry[field] = u64(view, at + 4 + i * 8, damaged);
      });
      return;
    }
    at += 4 + fieldLength;
  }
  throw damaged(`${entry.name} has 32-bit sizes saturated and no zip64 field`);
}

/** An unsigned 64-bit field, refused beyond what a number holds exactly (no archive of ours is 8 PB). */
function u64(view: DataView, at: number, damaged: (why: string) => AppError): number {
  if (at + 8 > view.byteLength) throw damaged("a zip64 field runs past the end");
  const value = view.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged("a zip64 size out of range");
  return Number(value);
}

/**
 * The entry's bytes: inflated chunk by chunk into a buffer of its declared size (at most what is left of the
 * budget), each chunk counted, refused at the first byte past the declared size.
 */
async function inflateEntry(zip: Uint8Array, entry: Entry, budget: UnpackBudget, zipName: string, damaged: (why: string) => AppError) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const local = entry.localOffset;
  if (local + 30 > zip.byteLength || view.getUint32(local, true) !== LOCAL) throw damaged("its local header is missing");
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + entry.compressedSize > zip.byteLength) throw damaged("its data runs past the end of the archive");
  const data = zip.subarray(start, start + entry.compressedSize);

  let content: Uint8Array;
  if (entry.method === STORED) {
    if (entry.compressedSize !== entry.size) throw damaged(`it is stored as ${entry.compressedSize} bytes but declares ${entry.size}`);
    budget.take(entry.size, zipName);
    content = data.slice();
  } else {
    content = new Uint8Array(entry.size);
    let written = 0;
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    inflate.end(data);
    try {
      for await (const chunk of inflate as AsyncIterable<Buffer>) {
        if (written + chunk.length > entry.size) throw damaged(`it holds more than the ${entry.size} bytes it declares`);
        budget.take(chunk.length, zipName);
        content.set(chunk, written);
        written += chunk.length;
      }
    } catch (error) {
      inflate.destroy();
      if (error instanceof AppError) throw error;
      throw damaged(error instanceof Error ? error.message : String(error));
    }
    if (written !== entry.size) throw damaged(`it holds ${written} bytes where it declares ${entry.size}`);
  }
  if (crc32(content) >>> 0 !== entry.crc) throw damaged("its checksum does not match; the zip is damaged");
  return content;
}
