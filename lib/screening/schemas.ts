/**
 * Request schema of a new search (POST /api/searches, the CLI, the public API and batch rows). Only zod and browser-safe
 * lib files are imported: the web bundle includes this file.
 */
import { z } from "zod";
import { currentCountryCode } from "../country-codes.ts";
import { IDENTIFIER_KINDS, type IdentifierKind } from "../sanctions/entity.ts";
import { normalizeIdentifier } from "../sanctions/matcher/identifier-index.ts";
import { text } from "../validation/text.ts";

export const SEARCH_LANGUAGES = ["en", "de", "es", "fr"] as const;
export const ENTITY_TYPES = ["person", "company"] as const;
export const MAX_SEARCH_TERM_LENGTH = 200;
export const MAX_NUM_LINKS = 50;
export const DEFAULT_NUM_LINKS = 10;

/**
 * A current ISO 3166-1 alpha-2 code ("DE", "us"), stored upper-cased. A withdrawn code an integrator may still send
 * ("YU", "DD", "SU", "UK") is accepted and stored as the current one (RS, DE, RU, GB), as the lists' old codes are
 * read: refusing it would break a caller over a code that names a country unambiguously. Pseudo-regions (XA, XB) and
 * groupings (EU, UN) are no country and are refused.
 */
const isoCountry = (field: string) => {
  const message = `${field} must be a two-letter ISO 3166 code, such as DE or US`;
  return text({ field, max: 2, tooLong: message })
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, message)
    .refine((code) => currentCountryCode(code) !== null, message)
    .transform((code) => currentCountryCode(code) ?? code);
};
export const countryCode = isoCountry("Country");

export const searchTerm = text({ field: "Search term", max: MAX_SEARCH_TERM_LENGTH }).min(1, "Search term is required");

export { IDENTIFIER_KINDS };
export const MAX_SEARCH_IDENTIFIERS = 10;
/** Earliest birth year a search accepts. */
export const MIN_BIRTH_YEAR = 1850;

const BIRTH_DATE_MESSAGE = "Birth date must be a year (1956) or a date (1956-03-04)";

/** A year or a real calendar day, from MIN_BIRTH_YEAR up to today. */
function isBirthDate(value: string): boolean {
  const [year, month, day] = value.split("-").map(Number);
  const now = new Date();
  if (year < MIN_BIRTH_YEAR || year > now.getUTCFullYear()) return false;
  if (month === undefined) return true;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getTime() <= now.getTime();
}

/** Why an identifier can never match anything, by kind (normalizeIdentifier refuses it). */
const IDENTIFIER_MESSAGES: Record<IdentifierKind, string> = {
  passport: "Passport number must have at least 5 letters or digits, one of them a digit",
  national_id: "National id must have at least 5 letters or digits, one of them a digit",
  tax_id: "Tax id must have at least 5 letters or digits, one of them a digit",
  imo: "IMO number must be 7 digits (IMO 1234567)",
  lei: "LEI must be 20 letters and digits, ending in two digits",
  crypto_wallet: "Crypto wallet address must be at least 20 characters",
};

/**
 * Query by example: what else the analyst knows of the subject. An identifier equal to a listing's is decisive; a birth
 * date or nationality that agrees strengthens a name match, a birth date that clearly differs makes it a near miss.
 */
export const searchDetailsSchema = z.strictObject(
  {
    /** A year (1956) or a full date (1956-03-04). */
    birthDate: z
      .string({ error: BIRTH_DATE_MESSAGE })
      .trim()
      .regex(/^\d{4}(-\d{2}-\d{2})?$/, BIRTH_DATE_MESSAGE)
      .refine(isBirthDate, `Birth date must be a real date between ${MIN_BIRTH_YEAR} and today`)
      .optional(),
    nationality: isoCountry("Nationality").optional(),
    identifiers: z
      .array(
        z
          .strictObject(
            {
              kind: z.enum(IDENTIFIER_KINDS, { error: `Identifier kind must be one of ${IDENTIFIER_KINDS.join(", ")}` }),
              value: text({ field: "Identifier", max: 120 }).min(1, "Identifier is required"),
            },
            {
              error: (issue) =>
                issue.code === "unrecognized_keys"
                  ? `Unknown field in an identifier: ${issue.keys.join(", ")}`
                  : issue.code === "invalid_type"
                    ? "Each identifier must be an object with kind and value"
                    : undefined,
            },
          )
          .superRefine((identifier, ctx) => {
            if (normalizeIdentifier(identifier.kind, identifier.value) === null)
              ctx.addIssue({ code: "custom", message: IDENTIFIER_MESSAGES[identifier.kind], path: ["value"] });
          }),
        { error: "identifiers must be a list of { kind, value }" },
      )
      .max(MAX_SEARCH_IDENTIFIERS, `At most ${MAX_SEARCH_IDENTIFIERS} identifiers`)
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown field in details: ${issue.keys.join(", ")}`
        : issue.code === "invalid_type"
          ? "details must be an object with birthDate, nationality or identifiers"
          : undefined,
  },
);
export type SearchDetails = z.output<typeof searchDetailsSchema>;

/** "passport:FA1234567" as { kind, value } ("national-id" reads as national_id); without a colon the kind is empty. */
export function identifierFromText(text: string): { kind: string; value: string } {
  const colon = text.indexOf(":");
  if (colon <= 0) return { kind: "", value: text.trim() };
  return { kind: text.slice(0, colon).trim().toLowerCase().replace(/-/g, "_"), value: text.slice(colon + 1).trim() };
}

/**
 * A search's details from query parameters or command-line options (identifiers written KIND:VALUE), to be checked
 * with searchDetailsSchema; undefined when none is given.
 */
export function detailsFromText(given: { birthDate?: string; nationality?: string; identifiers?: readonly string[] }): unknown {
  const identifiers = (given.identifiers ?? []).map(identifierFromText);
  if (given.birthDate === undefined && given.nationality === undefined && identifiers.length === 0) return undefined;
  return {
    ...(given.birthDate !== undefined ? { birthDate: given.birthDate } : {}),
    ...(given.nationality !== undefined ? { nationality: given.nationality } : {}),
    ...(identifiers.length ? { identifiers } : {}),
  };
}

/** Details worth storing: null when they carry nothing (no birth date, no nationality, no identifier). */
export function storedSearchDetails(details: SearchDetails | undefined | null): SearchDetails | null {
  if (!details) return null;
  const kept: SearchDetails = {
    ...(details.birthDate ? { birthDate: details.birthDate } : {}),
    ...(details.nationality ? { nationality: details.nationality } : {}),
    ...(details.identifiers?.length ? { identifiers: details.identifiers } : {}),
  };
  return Object.keys(kept).length > 0 ? kept : null;
}

/** A search's stored details (searches.details), or null when it has none or they no longer read as details. */
export function readSearchDetails(raw: unknown): SearchDetails | null {
  if (raw === null || raw === undefined) return null;
  const parsed = searchDetailsSchema.safeParse(raw);
  return parsed.success ? storedSearchDetails(parsed.data) : null;
}

export const createSearchSchema = z.strictObject(
  {
    searchTerm,
    entityType: z.enum(ENTITY_TYPES, { error: "Entity type must be person or company" }).default("person"),
    /** The language news is searched in (default en). */
    language: z.enum(SEARCH_LANGUAGES, { error: "Language must be one of en, de, es, fr" }).default("en"),
    /** Whose news (GDELT source country, Google News edition); also compared with a listing's nationality. */
    country: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), countryCode.optional()),
    numLinks: z
      .number({ error: "numLinks must be a number" })
      .int("numLinks must be a whole number")
      .min(1, "numLinks must be at least 1")
      .max(MAX_NUM_LINKS, `numLinks must be at most ${MAX_NUM_LINKS}`)
      .default(DEFAULT_NUM_LINKS),
    /**
     * Query by example: a listing carrying one of the identifiers matches whatever its name; an agreeing birth date or
     * nationality strengthens a name match; a birth date that clearly differs keeps it a near miss.
     */
    details: searchDetailsSchema
      .meta({
        description:
          "Query by example (optional): birthDate (1956 or 1956-03-04), nationality (ISO 3166 code) and identifiers ({ kind, value }: passport, national_id, tax_id, imo, lei, crypto_wallet). An identifier a listing carries makes it a match whatever its name; an agreeing birth date or nationality raises a name's score a little; a birth date that clearly differs keeps a name match a near miss.",
      })
      .optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
);
export type CreateSearchRequest = z.input<typeof createSearchSchema>;
export type CreateSearchFields = z.output<typeof createSearchSchema>;

/** `?wait=N`: whole seconds from 0 to `max`, `fallback` when absent. */
export function waitQuerySchema({ max, fallback }: { max: number; fallback: number }) {
  return z.object({
    wait: z.coerce
      .number({ error: "wait must be a number of seconds" })
      .int("wait must be a whole number of seconds")
      .min(0, `wait must be between 0 and ${max}`)
      .max(max, `wait must be between 0 and ${max}`)
      .default(fallback),
  });
}

/** GET /api/searches/{id}?wait=N (the web app's long poll): 0 to 30 s, none by default. */
export const searchWaitQuerySchema = waitQuerySchema({ max: 30, fallback: 0 });
