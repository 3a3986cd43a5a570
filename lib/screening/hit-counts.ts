/**
 * What a match, a near miss and an open hit are: the one definition every count of a result uses (the result's
 * counters, the written summary, the review box, the PDF and Excel reports, GET /api/searches/{id} and
 * /api/v1/search/{id}), so no two places on one result can disagree. Pure and browser-safe (zod, types and constants only).
 *
 * - A match: a sanctions listing whose score reaches the screening's match threshold and that is not a partial
 *   (lone-name) match. A row the screening flagged as matching whose hits were scored against another threshold
 *   counts its best hit (the risk rule, lib/screening/risk.ts).
 * - A near miss: any other sanctions listing shown: under the threshold, a partial match, or a name match kept under
 *   the threshold by a conflicting birth date. Near misses never raise the risk, but each waits for a decision.
 * - Counted per listing (one entity of one list), not per list. A hit a remembered clearance covers (an unchanged
 *   listing cleared for the same subject before) is neither: it is shown, counted in `clearedBefore`, and flags nothing.
 * - An open hit: a flagged hit (match, near miss, PEP listing or adverse article, not covered by a remembered
 *   clearance) without a decision that took effect (a proposal waiting for approval leaves it open). The review
 *   status (lib/review/status.ts) counts open hits with the same rule.
 */
import { z } from "zod";
import { DEFAULT_MATCH_THRESHOLD } from "../sanctions/matcher/tuning.ts";
import type { SanctionsHit, SanctionsRow, SearchResults } from "./results.ts";

export type HitCountResults = Pick<SearchResults, "sanctionsList" | "pepListings" | "adverseMedia" | "provenance">;

/** A decision as it counts here: only decided and approved ones close a hit (proposed, rejected, replaced do not). */
export interface CountedDecision {
  hitId: string;
  state: string;
}

const count = (description: string) => z.number().int().min(0).describe(description);

export const openHitCountsSchema = z.object({
  total: count("Every open hit: matches + nearMisses + pepListings + adverseArticles"),
  matches: count("Open sanctions matches"),
  nearMisses: count("Open near misses"),
  pepListings: count("Open PEP listings"),
  adverseArticles: count("Open adverse articles"),
});
export type OpenHitCounts = z.infer<typeof openHitCountsSchema>;

export const hitCountsSchema = z.object({
  matches: count("Sanctions listings at or over the match threshold (not partial), not covered by a remembered clearance"),
  matchDatasets: count("Sanctions lists with at least one match"),
  nearMisses: count("Other sanctions listings shown: under the threshold, partial, or kept under it by a differing birth date"),
  pepListings: count("PEP listings not covered by a remembered clearance"),
  adverseArticles: count("Articles judged adverse"),
  clearedBefore: count("Listings a remembered clearance covers: shown, not flagged"),
  /** Flagged hits still waiting for a decision (a proposal leaves its hit open). */
  open: openHitCountsSchema,
});
export type HitCounts = z.infer<typeof hitCountsSchema>;

/** The match threshold the search was screened with (its provenance), else the matcher's default. */
export function matchThresholdOf(results: Pick<SearchResults, "provenance">): number {
  return results.provenance?.thresholds.match ?? DEFAULT_MATCH_THRESHOLD;
}

/** A row's listings split into matches and near misses, strongest first; listings a remembered clearance covers are left out. */
export function splitSanctionsHits(row: SanctionsRow, threshold: number): { matches: SanctionsHit[]; nearMisses: SanctionsHit[] } {
  // Rows stored by older versions (or by hand) may carry no hits.
  const hits = row.hits ?? [];
  const flagged = [...hits].filter((h) => !h.clearance).sort((a, b) => b.score - a.score);
  const matches = row.match ? flagged.filter((h) => h.score >= threshold && !h.partial) : [];
  // A row flagged as a match whose hits were scored against another threshold still counts its best listing.
  if (row.match && matches.length === 0 && flagged.length > 0 && flagged.length === hits.length) matches.push(flagged[0]);
  const matched = new Set(matches);
  return { matches, nearMisses: flagged.filter((h) => !matched.has(h)) };
}

/** The counts of one result; with the search's live decisions, how many of its hits are still open. */
export function hitCounts(results: HitCountResults | null | undefined, decisions: readonly CountedDecision[] = []): HitCounts {
  const open: OpenHitCounts = { total: 0, matches: 0, nearMisses: 0, pepListings: 0, adverseArticles: 0 };
  const counts: HitCounts = { matches: 0, matchDatasets: 0, nearMisses: 0, pepListings: 0, adverseArticles: 0, clearedBefore: 0, open };
  if (!results) return counts;
  const decided = new Set(decisions.filter((d) => d.state === "decided" || d.state === "approved").map((d) => d.hitId));
  const isOpen = (hitId: string) => !decided.has(hitId);
  const threshold = matchThresholdOf(results);

  // Results stored by older versions may lack a section or a row's hits: read as empty.
  for (const row of results.sanctionsList ?? []) {
    const { matches, nearMisses } = splitSanctionsHits(row, threshold);
    counts.matches += matches.length;
    counts.nearMisses += nearMisses.length;
    counts.clearedBefore += (row.hits ?? []).filter((h) => h.clearance).length;
    if (matches.length > 0) counts.matchDatasets += 1;
    open.matches += matches.filter((h) => isOpen(h.hitId)).length;
    open.nearMisses += nearMisses.filter((h) => isOpen(h.hitId)).length;
  }
  for (const listing of results.pepListings ?? []) {
    if (listing.clearance) counts.clearedBefore += 1;
    else {
      counts.pepListings += 1;
      if (isOpen(listing.hitId)) open.pepListings += 1;
    }
  }
  for (const article of results.adverseMedia ?? []) {
    if (!article.isNegative) continue;
    counts.adverseArticles += 1;
    if (isOpen(article.hitId)) open.adverseArticles += 1;
  }
  open.total = open.matches + open.nearMisses + open.pepListings + open.adverseArticles;
  return counts;
}
