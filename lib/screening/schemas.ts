/**
 * Request schema of a new search (POST /api/searches, the CLI, the public API and batch rows). Only zod is imported:
 * the web bundle includes this file.
 */
import { z } from "zod";
import { IDENTIFIER_KINDS } from "../sanctions/entity.ts";
import { text } from "../validation/text.ts";

export const SEARCH_LANGUAGES = ["en", "de", "es", "fr"] as const;
export const ENTITY_TYPES = ["person", "company"] as const;
export const MAX_SEARCH_TERM_LENGTH = 200;
export const MAX_NUM_LINKS = 50;
export const DEFAULT_NUM_LINKS = 10;

const regions = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
/** Region codes that are not countries: unknown, European Union, Eurozone, United Nations, outlying Oceania. */
const NOT_COUNTRIES = new Set(["ZZ", "EU", "EZ", "UN", "QO"]);

/** An ISO 3166-1 alpha-2 code the platform knows as a region ("DE", "us"); stored upper-cased. */
export const countryCode = text({ field: "Country", max: 2, tooLong: "Country must be a two-letter ISO 3166 code, such as DE or US" })
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Country must be a two-letter ISO 3166 code, such as DE or US")
  .refine((code) => {
    try {
      return !NOT_COUNTRIES.has(code) && regions.of(code) !== undefined;
    } catch {
      return false;
    }
  }, "Country must be a two-letter ISO 3166 code, such as DE or US");

export const searchTerm = text({ field: "Search term", max: MAX_SEARCH_TERM_LENGTH }).min(1, "Search term is required");

export { IDENTIFIER_KINDS };
export const MAX_SEARCH_IDENTIFIERS = 10;

/**
 * Query by example: what else the analyst knows of the subject. An identifier equal to a listing's is decisive; a birth
 * date or nationality that agrees strengthens a name match, a birth date that clearly differs makes it a near miss.
 */
export const searchDetailsSchema = z.strictObject(
  {
    /** A year (1956) or a full date (1956-03-04). */
    birthDate: z
      .string({ error: "Birth date must be a year (1956) or a date (1956-03-04)" })
      .trim()
      .regex(/^\d{4}(-\d{2}-\d{2})?$/, "Birth date must be a year (1956) or a date (1956-03-04)")
      .optional(),
    nationality: countryCode.optional(),
    identifiers: z
      .array(
        z.strictObject({
          kind: z.enum(IDENTIFIER_KINDS, { error: `Identifier kind must be one of ${IDENTIFIER_KINDS.join(", ")}` }),
          value: text({ field: "Identifier", max: 120 }).min(1, "Identifier is required"),
        }),
      )
      .max(MAX_SEARCH_IDENTIFIERS, `At most ${MAX_SEARCH_IDENTIFIERS} identifiers`)
      .optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field in details: ${issue.keys.join(", ")}` : undefined) },
);
export type SearchDetails = z.output<typeof searchDetailsSchema>;

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
    details: searchDetailsSchema.optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
);
export type CreateSearchRequest = z.input<typeof createSearchSchema>;
export type CreateSearchFields = z.output<typeof createSearchSchema>;
