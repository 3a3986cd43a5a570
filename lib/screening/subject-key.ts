import anyAscii from "any-ascii";
import { countryKey } from "../countries.ts";
import type { SearchDetails } from "./schemas.ts";

export interface ScreenedSubject {
  term: string;
  entityType: "person" | "company";
  details?: SearchDetails | null;
}

/** The name as a clearance compares it: Latin letters and digits, lower case, one space between words. */
export function normaliseSubjectName(term: string): string {
  return anyAscii(term.normalize("NFKC"))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Who a remembered clearance is about: the normalised name and entity type, plus the birth date, nationality and
 * identifiers where the search gave them. A search that says more (or less) about its subject is another subject: a
 * clearance of "John Smith" says nothing of "John Smith, born 1970-05-12", and the other way round.
 */
export function subjectKey(subject: ScreenedSubject): string {
  const parts = [subject.entityType, normaliseSubjectName(subject.term)];
  const details = subject.details;
  if (details?.birthDate) parts.push(`born ${details.birthDate.trim()}`);
  if (details?.nationality) parts.push(`nationality ${countryKey(details.nationality)}`);
  const identifiers = (details?.identifiers ?? []).map((i) => `${i.kind} ${i.value.replace(/[^0-9a-z]/gi, "").toUpperCase()}`).sort();
  for (const identifier of new Set(identifiers)) parts.push(identifier);
  return parts.join(" | ");
}
