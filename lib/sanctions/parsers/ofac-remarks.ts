import { isoDatesInPhrase } from "./text.ts";

export interface OfacRemarkFacts {
  birthDates: string[];
  nationalities: string[];
  /** Names OFAC writes only in the remarks ("a.k.a. 'X'"): its weak aliases. */
  weakAliases: string[];
}

const DOB = /^DOB (.+)$/;
const COUNTRY = /^(?:nationality|citizen|Nationality of Registration) (.+)$/;
const REMARK_ALIAS = /^[afn]\.k\.a\. '(.+)'$/;

/**
 * The remarks are "; "-separated statements ending with a full stop, e.g.
 * "DOB 12 Mar 1965; alt. DOB 1966; POB Tehran, Iran; nationality Iran; a.k.a. 'ABU X'."
 * Dates come out in ISO form ("1965-03-12", "circa 1960", "1960 to 1962").
 */
export function parseOfacRemarks(remarks: string): OfacRemarkFacts {
  const facts: OfacRemarkFacts = { birthDates: [], nationalities: [], weakAliases: [] };
  for (const raw of remarks.split(/;\s+/)) {
    const statement = raw.trim().replace(/\.$/, "").replace(/^alt\. /, "");
    let match: RegExpExecArray | null;
    if ((match = DOB.exec(statement))) facts.birthDates.push(isoDatesInPhrase(match[1].trim()));
    else if ((match = COUNTRY.exec(statement))) facts.nationalities.push(match[1].trim());
    else if ((match = REMARK_ALIAS.exec(statement))) facts.weakAliases.push(match[1].trim());
  }
  return facts;
}
