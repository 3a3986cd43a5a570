/**
 * What a line of an organisation's watchlist is (lib/watchlists): the CSV's columns, the entity types and identifier
 * kinds an entry may have, and the entry's rules, shared by the CSV parser (./parsers/watchlist-csv.ts), the server and
 * the app's form. Browser-safe: zod and constants only.
 */
import { z } from "zod";
import { IDENTIFIER_KINDS } from "./entity.ts";

/** The columns of a watchlist CSV, in this order on export; an import needs `name` and reads the others it finds. */
export const WATCHLIST_CSV_HEADER = ["name", "entityType", "aliases", "birthDate", "nationality", "identifiers", "reason"] as const;

/** Identifier kinds an entry may carry: the ones query by example compares (lib/sanctions/entity.ts IDENTIFIER_KINDS). */
export const WATCHLIST_IDENTIFIER_KINDS = IDENTIFIER_KINDS;

/** What an entry is: a person or a company as a search names them, or a vessel or aircraft. */
export const WATCHLIST_ENTITY_TYPES = ["person", "company", "vessel", "aircraft"] as const;
export type WatchlistEntityType = (typeof WATCHLIST_ENTITY_TYPES)[number];

const short = (field: string, max: number) => z.string().trim().max(max, `${field} can have at most ${max} characters`);

export const watchlistIdentifierSchema = z.object({
  kind: z.enum(WATCHLIST_IDENTIFIER_KINDS, { error: "Unknown identifier kind" }),
  value: z.string().trim().min(1, "An identifier needs a value").max(200, "An identifier can have at most 200 characters"),
});

/** One entry as added by hand (the form, the API); a CSV line is read into the same shape. */
export const watchlistEntryInputSchema = z.object({
  name: z.string().trim().min(1, "An entry needs a name").max(300, "A name can have at most 300 characters"),
  entityType: z.enum(WATCHLIST_ENTITY_TYPES, { error: "entityType must be person, company, vessel or aircraft" }).default("person"),
  aliases: z.array(short("An alias", 300).min(1)).max(100).default([]),
  birthDate: short("A birth date", 40).nullish(),
  nationality: short("A nationality", 60).nullish(),
  identifiers: z.array(watchlistIdentifierSchema).max(50).default([]),
  reason: short("A reason", 2000).nullish(),
});
export type WatchlistEntryInput = z.input<typeof watchlistEntryInputSchema>;
export type WatchlistEntryData = z.output<typeof watchlistEntryInputSchema>;
