import { type AliasKind, blankEntity, type EntityIdentifier, type EntitySchema, type IdentifierKind, type SanctionsEntity } from "../entity.ts";
import { cleanText, isOriginalScript } from "./text.ts";

export function newEntity(datasetId: string, sourceId: string, schema: EntitySchema, name: string): SanctionsEntity {
  return blankEntity(datasetId, sourceId, schema, cleanText(name));
}

/**
 * Adds a name once: not the primary name again, not a name already listed under another kind
 * (the first kind given wins). A plain alias written wholly in another script is an original-script name.
 */
export function addAlias(entity: SanctionsEntity, name: unknown, kind: AliasKind): void {
  const clean = cleanText(name);
  if (!clean || clean === entity.name) return;
  if (entity.aliases.some((alias) => alias.name === clean)) return;
  entity.aliases.push({ name: clean, kind: kind === "aka" && isOriginalScript(clean) ? "original_script" : kind });
}

/** Appends a trimmed, non-empty value that is not yet in the list. */
export function addUnique(list: string[], value: unknown): void {
  const clean = cleanText(value);
  if (clean && !list.includes(clean)) list.push(clean);
}

/**
 * Adds an identifier once (the same kind and value, ignoring case and spacing); an empty value is dropped. The
 * entity's list exists only once it has one, as SanctionsEntity.identifiers says.
 */
export function addIdentifier(entity: SanctionsEntity, kind: IdentifierKind, value: unknown, country?: unknown): void {
  const clean = cleanText(value);
  if (!clean) return;
  const key = (v: string) => v.toUpperCase().replace(/[\s\-./]+/g, "");
  entity.identifiers ??= [];
  const list = entity.identifiers;
  if (list.some((i) => i.kind === kind && key(i.value) === key(clean))) return;
  const issuer = cleanText(country);
  const identifier: EntityIdentifier = { kind, value: clean };
  if (issuer) identifier.country = issuer;
  list.push(identifier);
}

/** Joins the non-empty parts of an address or a name. */
export function joinParts(parts: unknown[], separator = ", "): string {
  return parts.map(cleanText).filter(Boolean).join(separator);
}

/**
 * For records whose names arrive in several rows: promotes the first alias when no primary name came,
 * and drops an alias that turned out to repeat the primary name. False when the record has no name at all.
 */
export function settleNames(entity: SanctionsEntity): boolean {
  if (!entity.name) {
    const first = entity.aliases.shift();
    if (!first) return false;
    entity.name = first.name;
  }
  entity.aliases = entity.aliases.filter((alias) => alias.name !== entity.name);
  return true;
}
