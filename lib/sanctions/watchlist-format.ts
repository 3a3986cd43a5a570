/**
 * What a line of an organisation's watchlist is (lib/watchlists): the CSV's columns, the entity types and identifier
 * kinds an entry may have, and the entry's rules, shared by the CSV parser (./parsers/watchlist-csv.ts), the server and
 * the app's form. Browser-safe: zod and constants only.
 */
import { z } from "zod";
import { text } from "../validation/text.ts";
import { IDENTIFIER_KINDS } from "./entity.ts";

/** The columns of a watchlist CSV, in this order on export; an import needs `name` and reads the others it finds. */
export const WATCHLIST_CSV_HEADER = ["name", "entityType", "aliases", "birthDate", "nationality", "identifiers", "reason"] as const;

/** Identifier kinds an entry may carry: the ones query by example compares (lib/sanctions/entity.ts IDENTIFIER_KINDS). */
export const WATCHLIST_IDENTIFIER_KINDS = IDENTIFIER_KINDS;

/** What an entry is: a person or a company as a search names them, or a vessel or aircraft. */
export const WATCHLIST_ENTITY_TYPES = ["person", "company", "vessel", "aircraft"] as const;
export type WatchlistEntityType = (typeof WATCHLIST_ENTITY_TYPES)[number];

/** A birth date as an entry gives it: a year, a month or a day. */
export const WATCHLIST_BIRTH_DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
export const BIRTH_DATE_FORMAT = "birthDate must be YYYY, YYYY-MM or YYYY-MM-DD";

export const watchlistIdentifierSchema = z.strictObject({
  kind: z.enum(WATCHLIST_IDENTIFIER_KINDS, { error: "Unknown identifier kind" }),
  value: text({ field: "Identifier", max: 200 }).min(1, "An identifier needs a value"),
});

/** One entry as added by hand (the form, the API); a CSV line is read into the same shape. */
export const watchlistEntryInputSchema = z.strictObject({
  name: text({ field: "Name", max: 300, required: "An entry needs a name" }).min(1, "An entry needs a name"),
  entityType: z.enum(WATCHLIST_ENTITY_TYPES, { error: "entityType must be person, company, vessel or aircraft" }).default("person"),
  aliases: z
    .array(text({ field: "Alias", max: 300 }).min(1, "An alias cannot be empty"))
    .max(100, "An entry can have at most 100 aliases")
    .default([]),
  birthDate: text({ field: "Birth date", max: 10 }).regex(WATCHLIST_BIRTH_DATE, BIRTH_DATE_FORMAT).nullish(),
  nationality: text({ field: "Nationality", max: 60 }).nullish(),
  identifiers: z.array(watchlistIdentifierSchema).max(50, "An entry can have at most 50 identifiers").default([]),
  reason: text({ field: "Reason", max: 2000, kind: "multiline" }).nullish(),
});
export type WatchlistEntryInput = z.input<typeof watchlistEntryInputSchema>;
export type WatchlistEntryData = z.output<typeof watchlistEntryInputSchema>;
