/**
 * A monitoring check takes over what reviewers already decided on the checks before it, so that an entity with a
 * known, decided hit is not put back in the review queue every day: only new or changed hits are open.
 *
 * The rule: every decision that took effect (decided or approved) on an earlier check, whose hit is in the new check
 * with the same hitId and, for a listing, the same listing fingerprint (an article: the same hitId, which is its
 * address), is copied onto the new check's search as "decided", with the original's decision, reason, text, people and
 * times, and `carriedFromId` naming the decision a person made (a copy of a copy names the first). A changed listing
 * (another fingerprint), or one screened before fingerprints existed, is open again. Proposals are not carried: they
 * decided nothing yet. Where several earlier checks decided the same hit, the latest check's decision wins.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { readResults } from "../screening/results.ts";
import { currentReviewState, LIVE_STATES } from "./search-review.ts";
import { type ReviewableHit, type ReviewState, reviewableHits } from "./status.ts";

const d = schema.hitDecisions;
const s = schema.searches;

/** Decisions that took effect: the ones a check takes over. */
const EFFECTIVE_STATES = ["decided", "approved"] as const;

export interface CarriedForward {
  /** How many decisions were copied onto the new check. */
  carried: number;
  /** The new check's review state, written to its search. */
  review: ReviewState;
}

/** Whether a decision made on `hit` as it was then still holds for `hit` as it is now. */
function sameHit(decided: { hitKind: string; listingFingerprint: string | null }, now: ReviewableHit): boolean {
  if (now.kind === "media") return decided.hitKind === "media";
  return decided.hitKind === now.kind && !!decided.listingFingerprint && decided.listingFingerprint === (now.listingFingerprint ?? null);
}

/**
 * Copies the effective decisions of `fromSearchIds` (earlier checks of the same entity) onto search `toSearchId`, then
 * writes that search's review status and open hits. Runs in the caller's transaction; the new search is locked first,
 * so a reviewer deciding on it at the same moment is taken before or after, never overwritten (a hit already decided
 * on the new search keeps its own decision). The monitoring alert is left to the caller.
 */
export async function carryDecisionsForward(tx: DbOrTx, fromSearchIds: readonly string[], toSearchId: string): Promise<CarriedForward | null> {
  const [target] = await tx.select().from(s).where(eq(s.id, toSearchId)).for("update");
  if (target?.status !== "completed") return null;
  const sources = fromSearchIds.filter((id) => id !== toSearchId);

  let carried = 0;
  if (sources.length > 0) {
    const hits = new Map(reviewableHits(readResults(target.results)).map((h) => [h.hitId, h]));
    const taken = await tx
      .select({ hitId: d.hitId })
      .from(d)
      .where(and(eq(d.searchId, target.id), inArray(d.state, [...LIVE_STATES])));
    const decidedHere = new Set(taken.map((x) => x.hitId));
    // Newest check first, then newest decision: the first one met for a hit is the one that holds.
    const earlier = await tx
      .select({ decision: d })
      .from(d)
      .innerJoin(s, eq(s.id, d.searchId))
      .where(and(inArray(d.searchId, [...sources]), inArray(d.state, [...EFFECTIVE_STATES])))
      .orderBy(desc(s.createdAt), desc(d.decidedAt));
    const copies: (typeof d.$inferInsert)[] = [];
    const seen = new Set<string>();
    for (const { decision } of earlier) {
      if (seen.has(decision.hitId)) continue;
      seen.add(decision.hitId);
      const hit = hits.get(decision.hitId);
      if (!hit || hit.cleared || decidedHere.has(hit.hitId) || !sameHit(decision, hit)) continue;
      copies.push({
        searchId: target.id,
        hitId: hit.hitId,
        hitKind: hit.kind,
        hitLabel: hit.label,
        decision: decision.decision,
        reason: decision.reason,
        text: decision.text,
        // A remembered clearance belongs to the decision that made it, not to its copies.
        remember: false,
        state: "decided",
        decidedBy: decision.decidedBy,
        decidedAt: decision.decidedAt,
        reviewedBy: decision.reviewedBy,
        reviewedAt: decision.reviewedAt,
        reviewComment: decision.reviewComment,
        listingFingerprint: hit.listingFingerprint ?? null,
        carriedFromId: decision.carriedFromId ?? decision.id,
      });
    }
    if (copies.length > 0) await tx.insert(d).values(copies);
    carried = copies.length;
  }

  const review = await currentReviewState(tx, target, !!target.escalatedAt);
  await tx.update(s).set({ reviewStatus: review.status, openHits: review.openHits }).where(eq(s.id, target.id));
  return { carried, review };
}
