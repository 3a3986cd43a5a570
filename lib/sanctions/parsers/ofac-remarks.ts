import type { EntityIdentifier, IdentifierKind } from "../entity.ts";
import { isoDatesInPhrase } from "./text.ts";

export interface OfacRemarkFacts {
  birthDates: string[];
  nationalities: string[];
  /** "Passport E590976 (Tunisia) issued ...", "Cedula No. 16247821 (Colombia)", "Vessel Registration Identification IMO 9187629". */
  identifiers: EntityIdentifier[];
  /** Names OFAC writes only in the remarks ("a.k.a. 'X'"): its weak aliases. */
  weakAliases: string[];
}

const DOB = /^DOB (.+)$/;
const COUNTRY = /^(?:nationality|citizen|Nationality of Registration) (.+)$/;
const REMARK_ALIAS = /^[afn]\.k\.a\. '(.+)'$/;

/** How OFAC introduces an identifier in the remarks, longest first where one starts another. */
const IDENTIFIER_LABELS: [label: string, kind: IdentifierKind][] = [
  ["Vessel Registration Identification", "imo"],
  ["Identification Number IMO", "imo"],
  ["Company Number IMO", "imo"],
  ["Diplomatic Passport", "passport"],
  ["Passport No.", "passport"],
  ["Passport", "passport"],
  ["National ID No.", "national_id"],
  ["National Identification Number", "national_id"],
  ["Identification Number", "national_id"],
  ["Personal ID Card", "national_id"],
  ["Cedula No.", "national_id"],
  ["C.U.R.P. #", "national_id"],
  ["D.N.I.", "national_id"],
  ["SSN", "national_id"],
  ["Tax ID No.", "tax_id"],
  ["R.F.C.", "tax_id"],
  ["RFC", "tax_id"],
  ["NIT #", "tax_id"],
  ["RUC #", "tax_id"],
  ["V.A.T. Number", "tax_id"],
  ["Legal Entity Number", "lei"],
  ["LEI", "lei"],
];
/** Each label with the space after it, made once: a list's remarks test every statement against every label. */
const IDENTIFIER_PREFIXES = IDENTIFIER_LABELS.map(([label, kind]) => [`${label} `, kind] as const);
/** "E590976 (Tunisia) issued 19 Jun 1987 expires 18 Jun 1992": the number, then the issuing country in brackets. */
const NUMBER_AND_COUNTRY = /^(.+?)(?:\s+\(([^)]+)\))?(?:\s+(?:issued|expires|Issue Date|Expiration Date)\b.*)?$/i;
const WALLET = /^Digital Currency Address - [A-Z0-9]+\s+(\S+)$/;

/** One remark statement as an identifier, or null. A "Legal Entity Number" is an LEI only when it has an LEI's form. */
export function ofacIdentifier(statement: string): EntityIdentifier | null {
  const wallet = WALLET.exec(statement);
  if (wallet) return { kind: "crypto_wallet", value: wallet[1] };
  for (const [prefix, kind] of IDENTIFIER_PREFIXES) {
    if (!statement.startsWith(prefix)) continue;
    const match = NUMBER_AND_COUNTRY.exec(statement.slice(prefix.length).trim());
    if (!match) return null;
    const value = kind === "imo" ? match[1].replace(/^IMO\s*/i, "") : match[1];
    if (kind === "lei" && !/^[0-9A-Z]{18}\d{2}$/.test(value)) return null;
    return { kind, value: value.trim(), ...(match[2] ? { country: match[2].trim() } : {}) };
  }
  return null;
}

/**
 * The remarks are "; "-separated statements ending with a full stop, e.g.
 * "DOB 12 Mar 1965; alt. DOB 1966; POB Tehran, Iran; nationality Iran; a.k.a. 'ABU X'."
 * Dates come out in ISO form ("1965-03-12", "circa 1960", "1960 to 1962").
 */
export function parseOfacRemarks(remarks: string): OfacRemarkFacts {
  const facts: OfacRemarkFacts = { birthDates: [], nationalities: [], identifiers: [], weakAliases: [] };
  for (const raw of remarks.split(/;\s+/)) {
    const statement = raw
      .trim()
      .replace(/\.$/, "")
      .replace(/^alt\. /, "");
    const dob = DOB.exec(statement);
    const country = dob ? null : COUNTRY.exec(statement);
    const alias = dob || country ? null : REMARK_ALIAS.exec(statement);
    if (dob) facts.birthDates.push(isoDatesInPhrase(dob[1].trim()));
    else if (country) facts.nationalities.push(country[1].trim());
    else if (alias) facts.weakAliases.push(alias[1].trim());
    else {
      const identifier = ofacIdentifier(statement);
      if (identifier) facts.identifiers.push(identifier);
    }
  }
  return facts;
}

const POB = /^POB (.+)$/;

/**
 * The places of birth an OFAC remark gives ("POB Tehran, Iran", "alt. POB ..."). Read from the stored remarks when a
 * listing is shown: the entity model has no place of birth of its own.
 */
export function placesOfBirth(remarks: string | null | undefined): string[] {
  if (!remarks) return [];
  const places: string[] = [];
  for (const raw of remarks.split(/;\s+/)) {
    const statement = raw
      .trim()
      .replace(/\.$/, "")
      .replace(/^alt\. /, "");
    const place = POB.exec(statement)?.[1].trim();
    if (place && !places.includes(place)) places.push(place);
  }
  return places;
}
