/**
 * The names a zip's central directory lists, and nothing more: telling a Word document or an Excel workbook from
 * another archive needs only which parts it holds, so nothing is inflated (a zip bomb costs nothing here). The
 * directory is found from the end record, as every zip reader finds it; a directory that points outside the archive,
 * or entries that run past it, make the bytes no zip at all (null). Zip64 archives are refused the same way: an
 * office file of 10 MB never needs one.
 */

const END = 0x06054b50;
const CENTRAL = 0x02014b50;
const U16_MAX = 0xffff;
/** More parts than any office file holds: an archive listing more is not one. */
const MAX_ENTRIES = 10_000;

/** The entry names, or null when the bytes are not a readable zip. */
export function zipEntryNames(zip: Uint8Array): string[] | null {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  // The end record, searched backwards over the longest comment it may carry.
  for (let at = zip.byteLength - 22; at >= 0 && at >= zip.byteLength - 22 - U16_MAX; at--) {
    if (view.getUint32(at, true) === END) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (count === U16_MAX || count > MAX_ENTRIES || offset + size > end) return null;
  const names: string[] = [];
  const decoder = new TextDecoder();
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > offset + size || view.getUint32(at, true) !== CENTRAL) return null;
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > offset + size) return null;
    names.push(decoder.decode(zip.subarray(at + 46, at + 46 + nameLength)));
    at = next;
  }
  return names;
}
