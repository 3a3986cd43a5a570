import { stripForbiddenCharacters } from "../../validation/text.ts";
import { type DatasetFile, DatasetFormatError } from "../entity.ts";
import { decodeUtf8 } from "./text.ts";

export type JsonRecord = Record<string, unknown>;

const withoutForbiddenCharacters = (_key: string, value: unknown) => (typeof value === "string" ? stripForbiddenCharacters(value) : value);

/** One JSON object a line; blank lines are skipped, anything else that is not an object is refused with its line. */
export function* jsonLines(file: DatasetFile): Generator<{ line: number; record: JsonRecord }> {
  const text = decodeUtf8(file);
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    line++;
    const source = text.slice(start, end).trim();
    start = end + 1;
    if (!source) continue;
    let record: unknown;
    try {
      // An escape (\u0000) decodes to a character the decoder already dropped from raw bytes: drop it again.
      record = source.includes("\\u") ? JSON.parse(source, withoutForbiddenCharacters) : JSON.parse(source);
    } catch (error) {
      const hint = end === text.length ? " (the last line is cut short: the file may be truncated)" : "";
      throw new DatasetFormatError(`${file.name} line ${line}: not valid JSON${hint}: ${(error as Error).message}`);
    }
    if (typeof record !== "object" || record === null || Array.isArray(record)) {
      throw new DatasetFormatError(`${file.name} line ${line}: expected a JSON object`);
    }
    yield { line, record: record as JsonRecord };
  }
}

/** The strings of a JSON array field (or of a single string); other values are ignored. */
export function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The objects of a JSON array field. */
export function objects(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.filter((item): item is JsonRecord => typeof item === "object" && item !== null) : [];
}
