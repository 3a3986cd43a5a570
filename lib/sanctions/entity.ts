import type { PepDetails } from "./pep.ts";

/**
 * The one entity model every list format is parsed into, and the shape the matcher indexes.
 * Dataset ids are stable strings such as us_ofac_sdn; sourceId is the publisher's own id.
 */
export const ENTITY_SCHEMAS = ["Person", "Organization", "Vessel", "Aircraft"] as const;
export type EntitySchema = (typeof ENTITY_SCHEMAS)[number];

/** How an alternative name relates to the entity: OFAC aka/fka/nka, UN/EU "good"/"low" quality, original script. */
export type AliasKind = "aka" | "fka" | "nka" | "weak" | "original_script";

/** Identifiers a search can carry and a listing can publish; an equal one is decisive. */
export const IDENTIFIER_KINDS = ["passport", "national_id", "tax_id", "imo", "lei", "crypto_wallet"] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

export interface EntityIdentifier {
  kind: IdentifierKind;
  /** As published ("C 1234567", "IMO 9187629", "0x7F36...", "5493001KJTIIGC8Y1R12"). */
  value: string;
  /** Issuing country as the publisher gives it, when it does. */
  country?: string;
}

export interface EntityAlias {
  name: string;
  kind: AliasKind;
}

export interface SanctionsEntity {
  /** `${datasetId}:${sourceId}`: unique across datasets, stable across versions. */
  id: string;
  datasetId: string;
  sourceId: string;
  schema: EntitySchema;
  /** The publisher's primary name as written (OFAC individuals: "LAST, First"). */
  name: string;
  aliases: EntityAlias[];
  /** Country names or ISO codes as the publisher gives them. */
  nationalities: string[];
  /** As published: "1956", "1956-03-04", "circa 1960", "1960 to 1962". */
  birthDates: string[];
  /** Passports, national ids, tax ids, IMO numbers, LEIs and wallet addresses the listing publishes; absent when none. */
  identifiers?: EntityIdentifier[];
  programs: string[];
  addresses: string[];
  remarks: string | null;
  /** ISO date when known. */
  listedOn: string | null;
  sourceUrl: string | null;
  /** For a PEP or a relative or close associate of one, when the list says (lib/sanctions/pep.ts); absent otherwise. */
  pep?: PepDetails;
}

/** An entity with its name only: the start of every parsed entity, and of the one-entity indexes of pair scoring. */
export function blankEntity(datasetId: string, sourceId: string, schema: EntitySchema, name: string): SanctionsEntity {
  return {
    id: `${datasetId}:${sourceId}`,
    datasetId,
    sourceId,
    schema,
    name,
    aliases: [],
    nationalities: [],
    birthDates: [],
    programs: [],
    addresses: [],
    remarks: null,
    listedOn: null,
    sourceUrl: null,
  };
}

/** One raw file of a dataset version, as downloaded or imported. */
export interface DatasetFile {
  name: string;
  content: Uint8Array;
}

/** A file that cannot be read as its format; the message says what is wrong and where. */
export class DatasetFormatError extends Error {}
