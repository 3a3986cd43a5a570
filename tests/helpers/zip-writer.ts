import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Zip archives written byte by byte, so a test can make one whose headers say what it wants (a size past 2 GiB or
 * 4 GiB, a size that lies) while the archive itself stays a few MB.
 */

export interface ZipEntryBytes {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  /** The entry's data as stored in the archive (deflated when `method` is 8). */
  data: Uint8Array;
  crc: number;
  /** The uncompressed size the headers declare (true or not). */
  size: number;
  /** Sizes in zip64 fields even when they fit 32 bits (as some writers do). */
  zip64?: boolean;
}

const MiB = 2 ** 20;
const U32_MAX = 0xffffffff;

/**
 * `mib` MiB of zeros, raw-deflated: the deflate of one MiB, ended by a full flush (which makes it independent of
 * what came before), repeated, then an empty final block. 600 MiB take 600 KB; 4 GiB take 4 MB.
 */
export function deflatedZeros(mib: number): { data: Uint8Array; crc: number; size: number } {
  const zeros = new Uint8Array(MiB);
  const block = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const data = new Uint8Array(block.length * mib + 2);
  let crc = 0;
  for (let i = 0; i < mib; i++) {
    data.set(block, i * block.length);
    crc = crc32(zeros, crc);
  }
  data.set([0x03, 0x00], block.length * mib);
  return { data, crc, size: mib * MiB };
}

/** An entry of the given bytes, deflated, with its true size and checksum. */
export function deflatedEntry(name: string, content: Uint8Array | string): ZipEntryBytes {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  return { name, method: 8, data: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
}

/**
 * The archive of the entries. An entry whose size does not fit 32 bits (or marked `zip64`) gets zip64 extra fields in
 * both headers, and the archive a zip64 end record, as the format asks.
 */
export function zipArchive(entries: ZipEntryBytes[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  let zip64 = false;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const big = entry.zip64 || entry.size >= U32_MAX || entry.data.length >= U32_MAX;
    zip64 ||= big;
    const extra = big ? zip64Extra(entry.size, entry.data.length) : new Uint8Array(0);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, big ? 45 : 20, true);
    local.setUint16(6, 0x0800, true);
    local.setUint16(8, entry.method, true);
    local.setUint32(14, entry.crc >>> 0, true);
    local.setUint32(18, big ? U32_MAX : entry.data.length, true);
    local.setUint32(22, big ? U32_MAX : entry.size, true);
    local.setUint16(26, name.length, true);
    local.setUint16(28, extra.length, true);
    parts.push(new Uint8Array(local.buffer), name, extra, entry.data);

    const header = new DataView(new ArrayBuffer(46));
    header.setUint32(0, 0x02014b50, true);
    header.setUint16(4, big ? 45 : 20, true);
    header.setUint16(6, big ? 45 : 20, true);
    header.setUint16(8, 0x0800, true);
    header.setUint16(10, entry.method, true);
    header.setUint32(16, entry.crc >>> 0, true);
    header.setUint32(20, big ? U32_MAX : entry.data.length, true);
    header.setUint32(24, big ? U32_MAX : entry.size, true);
    header.setUint16(28, name.length, true);
    header.setUint16(30, extra.length, true);
    header.setUint32(42, offset, true);
    central.push(new Uint8Array(header.buffer), name, extra);
    offset += 30 + name.length + extra.length + entry.data.length;
  }
  const centralStart = offset;
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  parts.push(...central);
  if (zip64) {
    const record = new DataView(new ArrayBuffer(56));
    record.setUint32(0, 0x06064b50, true);
    record.setBigUint64(4, 44n, true);
    record.setUint16(12, 45, true);
    record.setUint16(14, 45, true);
    record.setBigUint64(24, BigInt(entries.length), true);
    record.setBigUint64(32, BigInt(entries.length), true);
    record.setBigUint64(40, BigInt(centralSize), true);
    record.setBigUint64(48, BigInt(centralStart), true);
    const locator = new DataView(new ArrayBuffer(20));
    locator.setUint32(0, 0x07064b50, true);
    locator.setBigUint64(8, BigInt(centralStart + centralSize), true);
    locator.setUint32(16, 1, true);
    parts.push(new Uint8Array(record.buffer), new Uint8Array(locator.buffer));
  }
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, centralStart, true);
  parts.push(new Uint8Array(end.buffer));

  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function zip64Extra(size: number, compressedSize: number): Uint8Array {
  const extra = new DataView(new ArrayBuffer(20));
  extra.setUint16(0, 0x0001, true);
  extra.setUint16(2, 16, true);
  extra.setBigUint64(4, BigInt(size), true);
  extra.setBigUint64(12, BigInt(compressedSize), true);
  return new Uint8Array(extra.buffer);
}
