/**
 * Request schema of a new search (POST /api/searches, the CLI, the public API and batch rows). Only zod is imported:
 * the web bundle includes this file.
 */
import { z } from "zod";
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
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
);
export type CreateSearchRequest = z.input<typeof createSearchSchema>;
export type CreateSearchFields = z.output<typeof createSearchSchema>;
