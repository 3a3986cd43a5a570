/**
 * The header names a batch CSV is read by. A customer file names its columns its own way ("Date of birth",
 * birth_date, DOB), so a name is compared lower-cased with spaces, underscores, dashes and dots removed, and each
 * column has its variants. `country` stays the search's country (whose news, and the nationality the matcher reads
 * when no nationality is given), so it is not a variant of nationality. Identifiers come in one column of KIND:VALUE
 * items (identifiers) or one column per kind (passport, national id, tax id, IMO, LEI, crypto wallet). Only plain
 * data: the web bundle includes this file.
 */
import type { IdentifierKind } from "../sanctions/entity.ts";

export const IDENTIFIER_COLUMNS = [
  { column: "passport", kind: "passport" },
  { column: "nationalId", kind: "national_id" },
  { column: "taxId", kind: "tax_id" },
  { column: "imo", kind: "imo" },
  { column: "lei", kind: "lei" },
  { column: "cryptoWallet", kind: "crypto_wallet" },
] as const satisfies readonly { column: string; kind: IdentifierKind }[];

const VARIANTS = {
  searchTerm: ["searchterm", "term"],
  name: ["name", "fullname", "entityname", "subject"],
  entityType: ["entitytype"],
  type: ["type"],
  language: ["language", "lang"],
  country: ["country"],
  numLinks: ["numlinks"],
  birthDate: ["birthdate", "dateofbirth", "dob", "born", "birthday"],
  nationality: ["nationality", "citizenship"],
  customerRef: ["customerref", "customerreference", "customerid", "customernumber", "reference", "ref"],
  identifiers: ["identifiers", "identifier"],
  passport: ["passport", "passportnumber", "passportno"],
  nationalId: ["nationalid", "idnumber", "nationalidnumber"],
  taxId: ["taxid", "taxnumber", "vatid", "tin"],
  imo: ["imo", "imonumber"],
  lei: ["lei"],
  cryptoWallet: ["cryptowallet", "wallet", "walletaddress"],
} as const;

export type ColumnName = keyof typeof VARIANTS;
export const COLUMN_NAMES: readonly ColumnName[] = Object.keys(VARIANTS) as ColumnName[];

const BY_KEY = new Map<string, ColumnName>(COLUMN_NAMES.flatMap((column) => VARIANTS[column].map((key) => [key, column] as const)));

/** The column a header name stands for, or undefined when the batch does not read it. */
export function columnOf(header: string): ColumnName | undefined {
  return BY_KEY.get(header.toLowerCase().replace(/[\s_.-]+/g, ""));
}
