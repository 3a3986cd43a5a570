/**
 * What changed between two checks of a monitored entity: sanctions matches added or removed (by dataset and listed
 * entity id, hits of matching rows only), the risk level, and new negative or PEP media and PEP listings (by URL).
 * A source that failed in this check is not a change: nothing of it is compared, it is listed in notChecked.
 */
import { DEFAULT_MATCH_THRESHOLD } from "../sanctions/matcher/index.ts";
import { failedSources, type SearchResults } from "../screening/results.ts";
import type { MonitoredArticle, MonitoredMatch, MonitoringChanges } from "./schemas.ts";

export type ComparedChanges = Pick<MonitoringChanges, "riskBefore" | "riskAfter" | "addedMatches" | "removedMatches" | "newMedia" | "notChecked"> & {
  /** The level moved while every source of both checks answered (with a source down it may move because of that). */
  riskChanged: boolean;
};

function matches(results: SearchResults, skip: Set<string>): Map<string, MonitoredMatch> {
  const found = new Map<string, MonitoredMatch>();
  for (const row of results.sanctionsList) {
    if (!row.match || skip.has(row.source)) continue;
    // A matching row also shows its near misses (under the threshold): they are not matches.
    for (const hit of row.hits) {
      if (hit.score < DEFAULT_MATCH_THRESHOLD) continue;
      found.set(`${row.datasetId}\u0000${hit.entityId}`, {
        datasetId: row.datasetId,
        datasetName: row.source,
        entityId: hit.entityId,
        name: hit.name,
        score: hit.score,
      });
    }
  }
  return found;
}

/** Articles that are negative or about the subject as a PEP, and PEP listings, each keyed by its URL. */
function concerns(results: SearchResults): Map<string, MonitoredArticle> {
  const found = new Map<string, MonitoredArticle>();
  for (const item of results.adverseMedia) {
    if (!item.isNegative && item.category !== "PEP") continue;
    found.set(item.url, { url: item.url, title: item.title, source: item.source, date: item.date, category: item.category });
  }
  for (const listing of results.pepListings) {
    const key = listing.url ?? `${listing.datasetId ?? listing.dataset}:${listing.name}`;
    found.set(key, { url: listing.url ?? "", title: listing.name, source: listing.dataset, date: listing.listVersion, category: "PEP" });
  }
  return found;
}

/** Every URL (and PEP listing key) the earlier check knew, whatever its category then. */
function knownKeys(results: SearchResults): Set<string> {
  const keys = new Set(results.adverseMedia.map((m) => m.url));
  for (const listing of results.pepListings) keys.add(listing.url ?? `${listing.datasetId ?? listing.dataset}:${listing.name}`);
  return keys;
}

export function compareChecks(previous: SearchResults, current: SearchResults): ComparedChanges {
  const failed = failedSources(current);
  const failedNames = new Set(failed.map((s) => s.source));
  // A list that failed now is compared with nothing: its matches did not change. One that failed before (only ever in
  // the first check, see due-checks.ts) and matches now is news to the user: an added match.
  const before = matches(previous, failedNames);
  const after = matches(current, failedNames);
  const addedMatches = [...after].filter(([key]) => !before.has(key)).map(([, match]) => match);
  const removedMatches = [...before].filter(([key]) => !after.has(key)).map(([, match]) => match);

  const known = knownKeys(previous);
  const newMedia = [...concerns(current)].filter(([key]) => !known.has(key)).map(([, article]) => article);

  const levelComparable = failed.length === 0 && failedSources(previous).length === 0;
  return {
    riskBefore: previous.risk.level,
    riskAfter: current.risk.level,
    riskChanged: levelComparable && previous.risk.level !== current.risk.level,
    addedMatches,
    removedMatches,
    newMedia,
    notChecked: failed.map((s) => s.source),
  };
}

/** True when the comparison found a real change (sources not checked are not one). */
export function hasRealChanges(changes: ComparedChanges): boolean {
  return changes.addedMatches.length > 0 || changes.removedMatches.length > 0 || changes.newMedia.length > 0 || changes.riskChanged;
}
