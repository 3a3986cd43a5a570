/**
 * Identifiers (passports, national ids, tax ids, IMO numbers, LEIs, crypto wallet addresses) as comparable keys, and
 * the lookup from a key to the listed entities that publish it.
 *
 * Normalization: documents, IMO numbers and LEIs ignore case, spaces, dashes, dots and slashes ("C 123-456" and
 * "c123456" are one); an IMO number also loses its "IMO" prefix. A wallet address is compared exactly (addresses are
 * case-sensitive), except a 0x-hex address (Ethereum and its kin), whose case is only a checksum.
 * Passports, national ids and tax ids are one family: the lists file one person's number under different kinds (a
 * Colombian cedula is often the passport number too), so a searched passport number finds a listed national id.
 */
import type { EntityIdentifier, IdentifierKind } from "../entity.ts";
import { MIN_DOCUMENT_LENGTH, MIN_WALLET_LENGTH } from "./tuning.ts";

function family(kind: IdentifierKind): string {
  return kind === "passport" || kind === "national_id" || kind === "tax_id" ? "document" : kind;
}

/** The comparable form of an identifier's value, or null when it is too short or malformed to decide anything. */
export function normalizeIdentifier(kind: IdentifierKind, value: string): string | null {
  const v = value.normalize("NFKC").trim();
  if (kind === "crypto_wallet") {
    const address = v.replace(/\s+/g, "");
    if (address.length < MIN_WALLET_LENGTH) return null;
    return /^0x[0-9a-f]+$/i.test(address) ? address.toLowerCase() : address;
  }
  let key = v.toUpperCase().replace(/[\s\-./\\_:#]+/g, "");
  if (kind === "imo") {
    key = key.replace(/^IMO(NO|NUMBER)?/, "");
    return /^\d{7}$/.test(key) ? key : null;
  }
  if (kind === "lei") return /^[0-9A-Z]{18}\d{2}$/.test(key) ? key : null;
  // A short number, or one without a digit, is too common to decide anything.
  if (key.length < MIN_DOCUMENT_LENGTH || !/\d/.test(key) || !/^[0-9A-Z]+$/.test(key)) return null;
  return key;
}

/** The lookup key: family and normalized value; null as normalizeIdentifier. */
export function identifierKey(kind: IdentifierKind, value: string): string | null {
  const normalized = normalizeIdentifier(kind, value);
  return normalized === null ? null : `${family(kind)}:${normalized}`;
}

/** Built once per index: key → the entities (by position) that publish it, with the identifier as published. */
export class IdentifierIndex {
  private readonly byKey = new Map<string, { entity: number; identifier: EntityIdentifier }[]>();

  add(entity: number, identifiers: readonly EntityIdentifier[] | undefined): void {
    if (!identifiers) return;
    for (const identifier of identifiers) {
      const key = identifierKey(identifier.kind, identifier.value);
      if (key === null) continue;
      const list = this.byKey.get(key);
      if (!list) this.byKey.set(key, [{ entity, identifier }]);
      else if (!list.some((x) => x.entity === entity)) list.push({ entity, identifier });
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  /** Every key with its entities, for an index snapshot (matcher/snapshot). */
  entries(): [string, { entity: number; identifier: EntityIdentifier }[]][] {
    return [...this.byKey];
  }

  /** The index whose entries() these were. */
  static restore(entries: [string, { entity: number; identifier: EntityIdentifier }[]][]): IdentifierIndex {
    const index = new IdentifierIndex();
    for (const [key, list] of entries) index.byKey.set(key, list);
    return index;
  }

  /** The entities publishing one of the searched identifiers, each with its identifier as the listing publishes it. */
  lookup(searched: readonly { kind: IdentifierKind; value: string }[]): Map<number, EntityIdentifier> {
    const found = new Map<number, EntityIdentifier>();
    for (const s of searched) {
      const key = identifierKey(s.kind, s.value);
      if (key === null) continue;
      for (const { entity, identifier } of this.byKey.get(key) ?? []) if (!found.has(entity)) found.set(entity, identifier);
    }
    return found;
  }
}
