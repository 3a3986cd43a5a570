/**
 * The one rule set for text that reaches the database from outside (JSON bodies, query strings, the CLI, CSV
 * rows, list files): no C0/C1 control characters (PostgreSQL refuses NUL in text and jsonb; the others are never
 * typed and only hide text), no unpaired UTF-16 surrogates (they cannot be encoded as UTF-8), and a maximum length
 * per field. Invisible formatting characters that change how text reads without being seen are removed (see
 * stripInvisibleCharacters), so a record shows exactly what was screened. Only zod is imported: the web bundle
 * includes this file.
 */
import { z } from "zod";

/** Controls other than tab, line feed and carriage return; DEL and the C1 block too. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** With the u flag a well-formed pair is one code point, so only an unpaired surrogate is in category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES_ALL = /\p{Cs}/gu;
const TABS_AND_LINE_BREAKS = /[\t\n\r]/;
/**
 * Bidi controls (embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069, the marks U+200E, U+200F and the
 * Arabic letter mark U+061C) reorder what is shown; the zero-width space U+200B, word joiner U+2060 and BOM U+FEFF
 * split or join words unseen. The zero-width non-joiner and joiner (U+200C, U+200D) are kept: Persian and Indic
 * spellings and emoji sequences need them, and the name matcher already reads a word the same with or without them.
 */
const INVISIBLE_ALL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u2060\uFEFF]/g;

/**
 * Every kind but secret has its bidi controls and zero-width characters removed.
 * line: one line of text (names, terms); tabs and line breaks pasted in become a space, and it is trimmed.
 * multiline: a description or note; tabs and line breaks are kept (CRLF becomes LF), the ends trimmed.
 * secret: a password; kept exactly as given, and every control character (tab included) is refused.
 */
export type TextKind = "line" | "multiline" | "secret";

export interface TextOptions {
  /** The field as its user knows it; every message starts with it ("Full name must be at most 200 characters"). */
  field: string;
  max: number;
  kind?: TextKind;
  /** Replaces "<field> is required" (a missing value or not a string), where a form already shows its own message. */
  required?: string;
  /** Replaces "<field> must be at most <max> characters". */
  tooLong?: string;
}

/** True when the text holds a character no field accepts: a control (tab and line breaks aside) or an unpaired surrogate. */
export function hasForbiddenCharacters(value: string, kind: TextKind = "multiline"): boolean {
  if (CONTROLS.test(value) || LONE_SURROGATE.test(value)) return true;
  return kind === "secret" && TABS_AND_LINE_BREAKS.test(value);
}

/** For imported data, where dropping a stray byte is better than dropping the record: removes what the rule refuses. */
export function stripForbiddenCharacters(value: string): string {
  if (!CONTROLS.test(value) && !LONE_SURROGATE.test(value)) return value;
  return value.replace(CONTROLS_ALL, "").replace(LONE_SURROGATES_ALL, "");
}

/** Removes bidi controls and zero-width characters other than the joiners (the rule above INVISIBLE_ALL). */
export function stripInvisibleCharacters(value: string): string {
  return value.replace(INVISIBLE_ALL, "");
}

export const invalidCharactersMessage = (field: string) => `${field} must not contain control characters or unpaired surrogates`;
export const tooLongMessage = (field: string, max: number) => `${field} must be at most ${max} characters`;

/**
 * A string field: `text({ field: "Full name", max: 200 }).min(2, "...")`. It stays a ZodString, so callers chain
 * their own min, regex, toLowerCase or pipe; the character rule is checked before the length, so its message comes first.
 */
export function text({ field, max, kind = "line", required, tooLong }: TextOptions) {
  const missing = required ?? `${field} is required`;
  let schema = z.string({ error: (issue) => (issue.input === undefined ? missing : (required ?? `${field} must be a string`)) });
  if (kind !== "secret") schema = schema.overwrite(stripInvisibleCharacters);
  if (kind === "line") schema = schema.overwrite((v) => v.replace(/[\t\n\r]+/g, " "));
  if (kind === "multiline") schema = schema.overwrite((v) => v.replace(/\r\n?/g, "\n"));
  schema = schema.refine((v) => !hasForbiddenCharacters(v, kind), invalidCharactersMessage(field));
  if (kind !== "secret") schema = schema.trim();
  return schema.max(max, tooLong ?? tooLongMessage(field, max));
}
