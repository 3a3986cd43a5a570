import { stripForbiddenCharacters } from "../../validation/text.ts";
import { type DatasetFile, DatasetFormatError } from "../entity.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const windows1252 = new TextDecoder("windows-1252");

/** Share of NUL bytes in the first 8 KB above which a file is binary rather than text with a stray NUL (UTF-16 is half NULs). */
const BINARY_NUL_SHARE = 0.01;
/** The head of a file assertText looks at: a file read a chunk at a time is checked from this many bytes. */
export const SNIFF_BYTES = 8192;

/**
 * Refuses content that is not text at all, naming what it looks like. A few NUL bytes in text (a publisher's
 * glitch) do not lose the list: the decoders below drop them with the other control characters, which never belong
 * in a list (and PostgreSQL refuses NUL).
 */
export function assertText(file: DatasetFile): void {
  const bytes = file.content;
  if (bytes.length === 0) throw new DatasetFormatError(`${file.name} is empty`);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    throw new DatasetFormatError(`${file.name} is gzip-compressed; unpack it before importing`);
  }
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw new DatasetFormatError(`${file.name} is a zip archive; unpack it before importing`);
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new DatasetFormatError(`${file.name} is UTF-16 encoded; expected UTF-8 or windows-1252 text`);
  }
  const head = bytes.subarray(0, SNIFF_BYTES);
  const nul = head.indexOf(0);
  if (nul !== -1 && head.filter((b) => b === 0).length > head.length * BINARY_NUL_SHARE) {
    throw new DatasetFormatError(`${file.name} is binary, not text (NUL byte at offset ${nul})`);
  }
}

/** Strict UTF-8 (the XML and JSON formats); the byte offset of the first invalid sequence is reported. */
export function decodeUtf8(file: DatasetFile): string {
  assertText(file);
  try {
    return stripForbiddenCharacters(utf8.decode(file.content));
  } catch {
    throw new DatasetFormatError(`${file.name} is not valid UTF-8 text (first invalid byte at offset ${firstInvalidUtf8(file.content)})`);
  }
}

/**
 * CSV lists published in windows-1252 (OFAC) that may also come as UTF-8 (mirrors, the FCDO):
 * accented windows-1252 text is practically never valid UTF-8, so valid UTF-8 is read as UTF-8.
 */
export function decodeLegacyText(file: DatasetFile): string {
  assertText(file);
  try {
    return stripForbiddenCharacters(utf8.decode(file.content));
  } catch {
    return stripForbiddenCharacters(windows1252.decode(file.content));
  }
}

export function decodeWithLabel(file: DatasetFile, label: string): string {
  assertText(file);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    throw new DatasetFormatError(`${file.name} declares the unknown encoding "${label}"`);
  }
  try {
    return stripForbiddenCharacters(decoder.decode(file.content));
  } catch {
    throw new DatasetFormatError(`${file.name} is not valid ${label} text`);
  }
}

export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const size = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (size === 0) return i;
    for (let k = 1; k < size; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    i += size;
  }
  return i;
}

/**
 * Collapses runs of whitespace (line breaks inside XML values included) and trims; control characters and unpaired
 * surrogates that escapes (JSON \u0000, XML character references) put back after decoding are dropped.
 */
export function cleanText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return stripForbiddenCharacters(String(value)).replace(/\s+/g, " ").trim();
}

const MONTHS: Record<string, string> = {
  jan: "01",
  feb: "02",
  mar: "03",
  apr: "04",
  may: "05",
  jun: "06",
  jul: "07",
  aug: "08",
  sep: "09",
  oct: "10",
  nov: "11",
  dec: "12",
};

/** "12 Mar 1965" → "1965-03-12" and "Mar 1965" → "1965-03" anywhere in a phrase; the rest stays as written. */
export function isoDatesInPhrase(phrase: string): string {
  return phrase
    .replace(/\b(\d{1,2}) ([A-Za-z]{3})[a-z]*\.? (\d{4})\b/g, (whole, day: string, month: string, year: string) => {
      const mm = MONTHS[month.toLowerCase()];
      return mm ? `${year}-${mm}-${day.padStart(2, "0")}` : whole;
    })
    .replace(/\b([A-Za-z]{3})[a-z]*\.? (\d{4})\b/g, (whole, month: string, year: string) => {
      const mm = MONTHS[month.toLowerCase()];
      return mm ? `${year}-${mm}` : whole;
    });
}

/** "2003-08-25-04:00" or "2003-08-25T00:00:00" → "2003-08-25"; anything else → null. */
export function isoDay(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match ? match[1] : null;
}

const NON_LATIN_LETTER =
  /[\u0370-\u03ff\u0400-\u052f\u0530-\u058f\u0590-\u05ff\u0600-\u06ff\u0700-\u08ff\u0900-\u0dff\u0e00-\u0eff\u10a0-\u10ff\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7af]/;

const LATIN_LETTER = /[A-Za-z\u00c0-\u024f]/;

/** True when a name is written wholly in a non-Latin script (Cyrillic, Arabic, CJK, Hangul, Greek, ...). */
export function isOriginalScript(name: string): boolean {
  return NON_LATIN_LETTER.test(name) && !LATIN_LETTER.test(name);
}

/** The last path segment, lower-cased: "Downloads/SDN.CSV" → "sdn.csv". */
export function baseName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? name).toLowerCase();
}
