/**
 * A list changed: when a dataset gets a new current version, every active monitored name is matched against the
 * entities that version added or changed (lib/sanctions/version-changes.ts), not against the whole list and with no
 * news query. A name that newly matches (its last check did not have that listed entity) is made due at once and
 * marked "list_update", so the next scan checks it in full, charged like any check, and its changes say why.
 * Each version is matched once, by the one process that claims it.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { type Clock, systemClock } from "../clock.ts";
import { DEFAULT_MATCH_THRESHOLD } from "../sanctions/matcher/index.ts";
import { entitiesChangedIn, namesMatching, versionBefore } from "../sanctions/version-changes.ts";
import { readResults } from "../screening/results.ts";

const m = schema.monitoredEntities;
const v = schema.sanctionsDatasetVersions;

/** Active monitored entities read per pass. */
const NAMES_PER_PASS = 5000;

export interface ListUpdateOutcome {
  versionId: string;
  /** Listed entities the version added or changed. */
  changedEntities: number;
  /** Monitored entities matched against them. */
  namesMatched: number;
  /** Entities made due at once because they newly match. */
  flagged: string[];
}

/**
 * Current versions of enabled lists no process has matched monitoring against yet. A disabled list's new version
 * waits: monitoring checks do not screen it, and it is matched once the list is enabled again.
 */
export async function unmatchedVersions(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: v.id })
    .from(v)
    .innerJoin(schema.sanctionsDatasets, eq(schema.sanctionsDatasets.id, v.datasetId))
    .where(and(eq(v.isCurrent, true), isNull(v.monitoringMatchedAt), eq(schema.sanctionsDatasets.enabled, true)));
  return rows.map((r) => r.id);
}

/**
 * Matches the version's changes once: the claim (monitoringMatchedAt) and the entities made due are written in one
 * transaction, so a process that dies in between leaves the version to be matched again, never half done.
 * Answers null when another process claimed the version.
 */
export async function matchListUpdate(db: Db, versionId: string, clock: Clock = systemClock): Promise<ListUpdateOutcome | null> {
  const changed = await entitiesChangedIn(db, versionId);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(v)
      .set({ monitoringMatchedAt: clock.now() })
      .where(and(eq(v.id, versionId), isNull(v.monitoringMatchedAt)))
      .returning({ id: v.id });
    if (claimed.length === 0) return null;
    const [version] = await tx
      .select({ createdAt: v.createdAt, organisationId: schema.sanctionsDatasets.organisationId })
      .from(v)
      .innerJoin(schema.sanctionsDatasets, eq(schema.sanctionsDatasets.id, v.datasetId))
      .where(eq(v.id, versionId));
    // An organisation's watchlist concerns that organisation's monitored names alone; an entry it took away also
    // re-checks the names whose last check matched it, so their results stop showing it.
    const ofOrganisation = version.organisationId ? eq(m.organisationId, version.organisationId) : undefined;
    const removed = version.organisationId ? await entitiesRemovedIn(tx, versionId) : new Set<string>();
    // A check started after the version was stored already screened it (or will: the index follows within seconds).
    const checkedBefore = sql`(${m.lastSearchId} is null or exists (select 1 from ${schema.searches} s where s.id = ${m.lastSearchId} and s.created_at < ${version.createdAt.toISOString()}::timestamptz))`;
    const outcome: ListUpdateOutcome = { versionId, changedEntities: changed.length, namesMatched: 0, flagged: [] };
    if (changed.length === 0 && removed.size === 0) return outcome;

    let after: string | null = null;
    for (;;) {
      const names = await tx
        .select({ id: m.id, term: m.searchTerm, entityType: m.entityType, lastSearchId: m.lastSearchId })
        .from(m)
        .where(and(eq(m.status, "active"), checkedBefore, ofOrganisation, after ? gt(m.id, after) : undefined))
        .orderBy(asc(m.id))
        .limit(NAMES_PER_PASS);
      outcome.namesMatched += names.length;
      const matched = namesMatching(names, changed);
      const known = await knownMatches(
        tx,
        (removed.size ? names : matched.map((x) => x.name)).map((n) => n.lastSearchId).filter((id): id is string => id !== null),
      );
      const newly = matched.filter(({ name, matches }) => {
        const before = name.lastSearchId ? known.get(name.lastSearchId) : undefined;
        return matches.some((r) => !before?.has(r.id) && !before?.has(pepKey(r.datasets[0] ?? "", r.name)));
      });
      const unlisted = removed.size
        ? names.filter((n) => n.lastSearchId && [...(known.get(n.lastSearchId) ?? [])].some((id) => removed.has(id)) && !newly.some((x) => x.name.id === n.id))
        : [];
      if (newly.length > 0 || unlisted.length > 0) {
        const ids = [...newly.map((x) => x.name.id), ...unlisted.map((n) => n.id)];
        const now = clock.now().toISOString();
        // Due now (not later than it already was), and marked so the check's changes say a list update started it.
        await tx
          .update(m)
          .set({ nextCheck: sql`least(coalesce(${m.nextCheck}, ${now}::timestamptz), ${now}::timestamptz)`, checkTrigger: "list_update" })
          .where(inArray(m.id, ids));
        outcome.flagged.push(...ids);
      }
      if (names.length < NAMES_PER_PASS) break;
      after = names[names.length - 1].id;
    }
    return outcome;
  });
}

/** The entities of the version before this one that this version no longer lists. */
async function entitiesRemovedIn(db: DbOrTx, versionId: string): Promise<Set<string>> {
  const previous = await versionBefore(db, versionId);
  if (!previous) return new Set();
  const e = schema.sanctionsEntities;
  const rows = await db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.versionId, previous), sql`not exists (select 1 from ${e} as n where n.version_id = ${versionId} and n.id = ${e.id})`));
  return new Set(rows.map((r) => r.id));
}

const pepKey = (datasetId: string, name: string) => `pep\u0000${datasetId}\u0000${name}`;

/** For each search, the listed entities its results already had: sanctions hits at or over the threshold, PEP listings. */
async function knownMatches(db: DbOrTx, searchIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (searchIds.length === 0) return out;
  const rows = await db
    .select({ id: schema.searches.id, results: schema.searches.results })
    .from(schema.searches)
    .where(inArray(schema.searches.id, searchIds));
  for (const row of rows) {
    const results = readResults(row.results);
    const ids = new Set<string>();
    for (const listRow of results?.sanctionsList ?? []) {
      for (const hit of listRow.hits) if (hit.score >= DEFAULT_MATCH_THRESHOLD) ids.add(hit.entityId);
    }
    for (const listing of results?.pepListings ?? []) if (listing.datasetId) ids.add(pepKey(listing.datasetId, listing.name));
    out.set(row.id, ids);
  }
  return out;
}
