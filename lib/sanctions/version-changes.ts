/**
 * What a new version of a list changed: the listed entities it added, or whose names, aliases, type, nationalities
 * or birth dates differ from the version it replaced. Monitoring matches its names against these alone, so a list
 * update is answered in seconds instead of re-screening every monitored name against the whole list.
 */
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import type { SanctionsEntity } from "./entity.ts";
import { toEntity } from "./index-cache/load.ts";
import { type MatchResult, SanctionsIndex } from "./matcher/index.ts";

/** The version of the same dataset stored last before this one (the one it replaced), or null for a first version. */
export async function versionBefore(db: DbOrTx, versionId: string): Promise<string | null> {
  const v = schema.sanctionsDatasetVersions;
  const [version] = await db.select({ datasetId: v.datasetId, createdAt: v.createdAt }).from(v).where(eq(v.id, versionId));
  if (!version) return null;
  const [before] = await db
    .select({ id: v.id })
    .from(v)
    .where(and(eq(v.datasetId, version.datasetId), lt(v.createdAt, version.createdAt)))
    .orderBy(desc(v.createdAt), desc(v.id))
    .limit(1);
  return before?.id ?? null;
}

/** The entities of the version that are new or changed against the version before it (all of them for a first version). */
export async function entitiesChangedIn(db: DbOrTx, versionId: string): Promise<SanctionsEntity[]> {
  const previous = await versionBefore(db, versionId);
  const e = schema.sanctionsEntities;
  const unchangedBefore = previous
    ? sql`not exists (
        select 1 from ${e} as p
        where p.version_id = ${previous} and p.id = ${e.id}
          and p.name = ${e.name} and p.schema = ${e.schema} and p.aliases = ${e.aliases}
          and p.nationalities = ${e.nationalities} and p.birth_dates = ${e.birthDates})`
    : undefined;
  const rows = await db
    .select({
      id: e.id,
      datasetId: e.datasetId,
      sourceId: e.sourceId,
      schema: e.schema,
      name: e.name,
      aliases: e.aliases,
      nationalities: e.nationalities,
      birthDates: e.birthDates,
      identifiers: e.identifiers,
      listedOn: e.listedOn,
      sourceUrl: e.sourceUrl,
    })
    .from(e)
    .where(and(eq(e.versionId, versionId), unchangedBefore))
    .orderBy(asc(e.id));
  return rows.map(toEntity);
}

export interface ScreenedName {
  term: string;
  entityType: "person" | "company";
}

/**
 * The names that match any of the entities (with the matcher and threshold of a search), each with its matches;
 * names without a match are left out.
 */
export function namesMatching<T extends ScreenedName>(names: readonly T[], entities: SanctionsEntity[]): { name: T; matches: MatchResult[] }[] {
  if (entities.length === 0) return [];
  const index = SanctionsIndex.build(entities);
  const out: { name: T; matches: MatchResult[] }[] = [];
  for (const name of names) {
    const matches = index.search(name.term, { type: name.entityType, limit: 10 }).filter((r) => r.match);
    if (matches.length > 0) out.push({ name, matches });
  }
  return out;
}
