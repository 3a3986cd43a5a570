/**
 * What a file is, told from its bytes and never from its name or the type the client declared: a PNG called
 * scan.pdf is a PNG, and an executable is refused whatever it is called. Executables and scripts are looked for first
 * (ELF, Windows PE, Mach-O, a `#!` line), so no other rule can let one through; then the allowed types by their
 * signatures; a zip must be a Word document or an Excel workbook (any other archive may carry anything); mail and
 * plain text must be valid UTF-8 without control bytes other than whitespace. Anything else is 415 naming the types a
 * case takes.
 */
import { AppError } from "../errors.ts";
import { zipEntryNames } from "./attachment-zip.ts";
import { ATTACHMENT_MEDIA, ATTACHMENT_TYPES, type AttachmentType } from "./contract.ts";

const ALLOWED = ATTACHMENT_TYPES.map((t) => ATTACHMENT_MEDIA[t].label).join(", ");
export const UNSUPPORTED_TYPE = `The file is not one of the types a case takes: ${ALLOWED}`;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/** Executable formats by their first bytes: ELF, PE (MZ), Mach-O 32/64 bits both byte orders, and universal. */
const EXECUTABLES: [string, number[]][] = [
  ["an ELF executable", [0x7f, 0x45, 0x4c, 0x46]],
  ["a Windows executable", [0x4d, 0x5a]],
  ["a Mach-O executable", [0xfe, 0xed, 0xfa, 0xce]],
  ["a Mach-O executable", [0xfe, 0xed, 0xfa, 0xcf]],
  ["a Mach-O executable", [0xce, 0xfa, 0xed, 0xfe]],
  ["a Mach-O executable", [0xcf, 0xfa, 0xed, 0xfe]],
  ["a Mach-O executable", [0xca, 0xfe, 0xba, 0xbe]],
];
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const SHEBANG = [0x23, 0x21];

const refused = (what: string) => new AppError(415, `The file is ${what}: executables, scripts and archives are never attached to a case`);

export function detectAttachmentType(bytes: Uint8Array): AttachmentType {
  if (bytes.length === 0) throw new AppError(400, "The file is empty");
  for (const [what, signature] of EXECUTABLES) if (startsWith(bytes, signature)) throw refused(what);
  if (startsWith(bytes, SHEBANG) || startsWith(bytes, [...UTF8_BOM, ...SHEBANG])) throw refused("a script (it starts with #!)");
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return officeType(bytes);
  const text = utf8Text(bytes);
  if (text === null) throw new AppError(415, UNSUPPORTED_TYPE);
  return isMail(text) ? "eml" : "txt";
}

/** A zip holding the parts of a Word document or an Excel workbook; any other zip is an archive, refused. */
function officeType(bytes: Uint8Array): AttachmentType {
  const names = zipEntryNames(bytes);
  if (names?.includes("[Content_Types].xml")) {
    if (names.includes("word/document.xml")) return "docx";
    if (names.includes("xl/workbook.xml")) return "xlsx";
  }
  throw refused("a zip archive that is neither a Word document (DOCX) nor an Excel workbook (XLSX)");
}

/** A control byte but tab, line feed, vertical tab, form feed and carriage return; DEL too. (UTF-8 never uses these inside a character.) */
const isControl = (b: number) => (b < 0x20 && (b < 0x09 || b > 0x0d)) || b === 0x7f;

/** The bytes as text: valid UTF-8 (a byte order mark allowed) without control bytes other than whitespace; else null. */
function utf8Text(bytes: Uint8Array): string | null {
  if (bytes.some(isControl)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const HEADER = /^[!-9;-~]+:/;
const FOLDED = /^[ \t]/;

/**
 * A mail (RFC 822/5322): the text opens with a block of header fields ("Name: value", long ones folded onto lines that
 * start with a space), up to the first empty line, and that block has From: with Subject: or Date:.
 */
function isMail(text: string): boolean {
  const lines = text.split(/\r?\n/);
  const names = new Set<string>();
  for (const line of lines) {
    if (line === "") break;
    if (FOLDED.test(line) && names.size > 0) continue;
    if (!HEADER.test(line)) return false;
    names.add(line.slice(0, line.indexOf(":")).toLowerCase());
  }
  return names.has("from") && (names.has("subject") || names.has("date"));
}
