import { stripForbiddenCharacters } from "../../validation/text.ts";
import { DatasetFormatError } from "../entity.ts";
import { type SourceFile, utf8Lines } from "./source.ts";

export type JsonRecord = Record<string, unknown>;

const withoutForbiddenCharacters = (_key: string, value: unknown) => (typeof value === "string" ? stripForbiddenCharacters(value) : value);

/** A line that is not JSON: where it is and why, as the refusal names it. */
export interface BadLine {
  line: number;
  message: string;
}

/**
 * One JSON object a line, read a chunk at a time; blank lines are skipped. A line that is not JSON is refused with
 * its line, or handed to `onBadLine` (and skipped) when given; anything else that is not an object is refused.
 */
export function* jsonLines(file: SourceFile, onBadLine?: (bad: BadLine) => void): Generator<{ line: number; record: JsonRecord }> {
  for (const { line, text, last } of utf8Lines(file)) {
    const source = text.trim();
    if (!source) continue;
    let record: unknown;
    try {
      // An escape (\u0000) decodes to a character the decoder already dropped from raw bytes: drop it again.
      record = source.includes("\\u") ? JSON.parse(source, withoutForbiddenCharacters) : JSON.parse(source);
    } catch (error) {
      const hint = last ? " (the last line is cut short: the file may be truncated)" : "";
      const message = `${file.name} line ${line}: not valid JSON${hint}: ${(error as Error).message}`;
      if (!onBadLine) throw new DatasetFormatError(message);
      onBadLine({ line, message });
      continue;
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
