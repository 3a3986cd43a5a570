import { createHash } from "node:crypto";

/** What a listing says of its entity, as the sanctions_entities row holds it. */
export interface ListingContent {
  name: string;
  aliases: { name: string }[];
  identifiers: { kind: string; value: string }[];
  programs: string[];
  birthDates: string[];
  nationalities: string[];
}

/**
 * A fingerprint of what a remembered clearance relied on: the listing's names, identifiers, programmes, birth dates
 * and nationalities, in any order. A listing republished unchanged keeps its fingerprint; one that gained a name,
 * an identifier, a programme or a date gets another, and its hit is flagged again.
 */
export function listingFingerprint(listing: ListingContent): string {
  const sorted = (values: string[]) => [...new Set(values.map((v) => v.trim().toLowerCase()))].sort();
  const canonical = JSON.stringify([
    sorted([listing.name, ...listing.aliases.map((a) => a.name)]),
    sorted(listing.identifiers.map((i) => `${i.kind}:${i.value.replace(/[^0-9a-z]/gi, "")}`)),
    sorted(listing.programs),
    sorted(listing.birthDates),
    sorted(listing.nationalities),
  ]);
  return createHash("sha256").update(canonical).digest("hex").slice(0, 32);
}
