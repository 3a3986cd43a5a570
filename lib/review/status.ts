/**
 * Which hits of a search can be decided, and the review status that follows from them. Pure: the same rule serves
 * a screened search's first status (first-review.ts), every decision (the status after it) and the browser.
 *
 * Flagged: every sanctions hit (match, near miss or partial), every PEP listing and every negative article, unless a
 * remembered clearance covers it (an unchanged listing cleared for the same subject before). Status, strongest first:
 * confirmed (a hit decided a true match), escalated (a second opinion was asked for and not given yet), needs_review
 * (a flagged hit is undecided), cleared (there were hits and none is left undecided), no_hits.
 */
import type { SearchResults } from "../screening/results.ts";
import type { Decision, HitKind, ReviewStatus } from "./contract.ts";

export interface ReviewableHit {
  hitId: string;
  kind: HitKind;
  /** The listed name or article title. */
  label: string;
  /** The listed entity and its list (sanctions and PEP hits). */
  entityId?: string;
  datasetId?: string;
  listingFingerprint?: string;
  /** Covered by a remembered clearance: shown, but not flagged. */
  cleared: boolean;
}

/** Every hit a reviewer may see a decision on, cleared ones included; articles that are not negative are not hits. */
export function reviewableHits(results: Pick<SearchResults, "sanctionsList" | "pepListings" | "adverseMedia"> | null): ReviewableHit[] {
  if (!results) return [];
  const hits: ReviewableHit[] = [];
  for (const row of results.sanctionsList) {
    for (const hit of row.hits) {
      hits.push({
        hitId: hit.hitId,
        kind: "sanctions",
        label: hit.name,
        entityId: hit.entityId,
        datasetId: row.datasetId,
        listingFingerprint: hit.listingFingerprint,
        cleared: !!hit.clearance,
      });
    }
  }
  for (const listing of results.pepListings) {
    hits.push({
      hitId: listing.hitId,
      kind: "pep",
      label: listing.name,
      entityId: listing.entityId,
      datasetId: listing.datasetId,
      listingFingerprint: listing.listingFingerprint,
      cleared: !!listing.clearance,
    });
  }
  for (const article of results.adverseMedia) {
    if (article.isNegative) hits.push({ hitId: article.hitId, kind: "media", label: article.title, cleared: false });
  }
  return hits;
}

export interface LiveDecision {
  hitId: string;
  decision: Decision;
  /** Only decided and approved decisions count; a proposal leaves its hit open. */
  state: "proposed" | "decided" | "approved";
}

export interface ReviewState {
  status: ReviewStatus;
  /** Flagged hits without a decision that took effect. */
  openHits: number;
}

export function reviewStateOf(hits: readonly ReviewableHit[], decisions: readonly LiveDecision[], escalated: boolean): ReviewState {
  const effective = new Map(decisions.filter((d) => d.state !== "proposed").map((d) => [d.hitId, d.decision]));
  const flagged = hits.filter((h) => !h.cleared);
  const openHits = flagged.filter((h) => !effective.has(h.hitId)).length;
  let status: ReviewStatus;
  if (flagged.some((h) => effective.get(h.hitId) === "true_match")) status = "confirmed";
  else if (escalated) status = "escalated";
  else if (openHits > 0) status = "needs_review";
  else if (hits.length > 0) status = "cleared";
  else status = "no_hits";
  return { status, openHits };
}
