/**
 * The risk the decisions leave: the screening's own level never changes after the fact (review.md), so what reviewers
 * decided is shown beside it as a second level. It is judged by the same rule as the screening (assessRisk), on the
 * findings without the hits decided false positives (a decision that took effect: decided or approved; a proposal
 * changes nothing yet), exactly as a remembered clearance leaves a later screening's hits out. A hit confirmed as a
 * true match stays, so a confirmed Critical stays Critical; every hit cleared leaves what the lists say without them
 * (low when every source answered).
 */
import { inArray, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { DEFAULT_MATCH_THRESHOLD } from "../sanctions/matcher/tuning.ts";
import { type RiskLevel, readResults, type SearchResults } from "../screening/results.ts";
import { assessRisk } from "../screening/risk.ts";
import { readSearchDetails } from "../screening/schemas.ts";

/** The findings without the given hits; a row left with no hit at or over the threshold is no longer a match. */
function withoutHits(results: SearchResults, cleared: ReadonlySet<string>, threshold: number) {
  const kept = <T extends { hitId?: string }>(hit: T) => !hit.hitId || !cleared.has(hit.hitId);
  return {
    sanctionsList: results.sanctionsList.map((row) => {
      const hits = row.hits.filter(kept);
      if (hits.length === row.hits.length) return row;
      const matches = hits.filter((h) => !h.clearance && h.score >= threshold && !h.partial).length;
      return { ...row, hits, match: row.match && matches > 0, entityCount: matches };
    }),
    pepListings: results.pepListings.filter(kept),
    adverseMedia: results.adverseMedia.filter(kept),
  };
}

export interface ReviewedSubject {
  entityType: "person" | "company";
  birthDate?: string;
  nationality?: string;
}

/** The level the search's results leave once the hits decided false positives are set aside. */
export function reviewedRiskOf(results: SearchResults, falsePositives: ReadonlySet<string>, subject: ReviewedSubject): RiskLevel {
  const threshold = results.provenance?.thresholds.match ?? DEFAULT_MATCH_THRESHOLD;
  // Hits a remembered clearance covered never counted: left out as the screening left them out.
  const counted = withoutHits(results, falsePositives, threshold);
  const uncleared = {
    sanctionsList: counted.sanctionsList.map((row) => (row.hits.some((h) => h.clearance) ? { ...row, hits: row.hits.filter((h) => !h.clearance) } : row)),
    pepListings: counted.pepListings.filter((l) => !l.clearance),
  };
  // A PEP listing weighs as the screening weighed it (its date, the organisation's country and settings then).
  const pepKey = (name: unknown, dataset: unknown) => `${dataset}\0${name}`;
  const screenedPep = new Map(results.risk.reasons.filter((r) => r.code === "pep").map((r) => [pepKey(r.params.name, r.params.dataset), r]));
  return assessRisk({
    ...uncleared,
    adverseMedia: counted.adverseMedia,
    sources: results.sources,
    subject,
    matchThreshold: threshold,
    screenedPepReason: (listing) => screenedPep.get(pepKey(listing.name, listing.dataset)),
  }).level;
}

/**
 * For each search (with the level its screening gave), the level its decisions leave: the same level when no false
 * positive took effect, so only searches with such decisions are read again (one query for the decisions, one for
 * those searches).
 */
export async function reviewedRiskLevels(db: DbOrTx, searches: { id: string; riskLevel: RiskLevel }[]): Promise<Map<string, RiskLevel>> {
  const out = new Map(searches.map((s) => [s.id, s.riskLevel]));
  if (searches.length === 0) return out;
  const d = schema.hitDecisions;
  const decided = await db
    .select({ searchId: d.searchId, hitId: d.hitId })
    .from(d)
    .where(
      sql`${inArray(
        d.searchId,
        searches.map((s) => s.id),
      )} and ${d.state} in ('decided', 'approved') and ${d.decision} = 'false_positive'`,
    );
  if (decided.length === 0) return out;
  const bySearch = new Map<string, Set<string>>();
  for (const row of decided) {
    const set = bySearch.get(row.searchId) ?? new Set<string>();
    set.add(row.hitId);
    bySearch.set(row.searchId, set);
  }
  const s = schema.searches;
  const rows = await db
    .select({ id: s.id, results: s.results, details: s.details, entityType: s.entityType, country: s.country })
    .from(s)
    .where(inArray(s.id, [...bySearch.keys()]));
  for (const row of rows) {
    const results = readResults(row.results);
    if (!results) continue;
    const details = readSearchDetails(row.details);
    out.set(
      row.id,
      reviewedRiskOf(results, bySearch.get(row.id)!, {
        entityType: row.entityType,
        birthDate: details?.birthDate,
        nationality: details?.nationality ?? row.country ?? undefined,
      }),
    );
  }
  return out;
}
