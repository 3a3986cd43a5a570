import { closeSync, createReadStream, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { createGunzip } from "node:zlib";

const BLOCK = 512;

const field = (header: Buffer, start: number, length: number) => {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
};

/**
 * Unpacks a gzipped tarball (plain files and folders, as PGlite's dumpDataDir writes them) into a folder, a chunk at
 * a time: only the chunk being written is held, never the unpacked tarball.
 */
export async function extractTarGz(tarball: string, into: string): Promise<void> {
  mkdirSync(into, { recursive: true });
  let pending: Buffer = Buffer.alloc(0);
  let file: { fd: number | null; remaining: number; padding: number } | null = null;
  for await (const chunk of createReadStream(tarball).pipe(createGunzip())) {
    pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
    let at = 0;
    for (;;) {
      if (file) {
        const take = Math.min(file.remaining, pending.length - at);
        if (take > 0 && file.fd !== null) writeSync(file.fd, pending, at, take);
        at += take;
        file.remaining -= take;
        if (file.remaining > 0) break;
        if (file.fd !== null) closeSync(file.fd);
        if (pending.length - at < file.padding) {
          file = { fd: null, remaining: file.padding - (pending.length - at), padding: 0 };
          at = pending.length;
          break;
        }
        at += file.padding;
        file = null;
      }
      if (pending.length - at < BLOCK) break;
      const header = pending.subarray(at, at + BLOCK);
      at += BLOCK;
      const name = field(header, 0, 100);
      if (!name) continue; // the two empty blocks that end the archive
      const prefix = field(header, 345, 155);
      const path = normalize(join(into, prefix, name));
      if (!path.startsWith(normalize(into))) throw new Error(`The tarball ${tarball} holds a path outside its folder: ${name}`);
      const size = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
      const type = String.fromCharCode(header[156] || 48);
      if (type === "5") {
        mkdirSync(path, { recursive: true });
        continue;
      }
      if (type !== "0") throw new Error(`The tarball ${tarball} holds an entry of type ${type}, which it should not`);
      mkdirSync(dirname(path), { recursive: true });
      file = { fd: openSync(path, "w", 0o600), remaining: size, padding: (BLOCK - (size % BLOCK)) % BLOCK };
    }
    pending = pending.subarray(at);
  }
  if (file && file.remaining > 0) throw new Error(`The tarball ${tarball} is cut short`);
}
