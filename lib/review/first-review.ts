/**
 * The review a screened search's hits call for before anyone decided anything, written with its outcome: subscribed
 * to screening's searchesFinished at start-up (lib/wiring.ts), so it runs in the transaction that writes the results
 * and no reader ever sees the results without it. A failed search has nothing to review.
 */
import { sql } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import type { FinishedSearch, SearchesFinished } from "../screening/events.ts";
import { type ReviewState, reviewableHits, reviewStateOf } from "./status.ts";

const NOTHING_TO_REVIEW: ReviewState = { status: "no_hits", openHits: 0 };

function firstReviewState(search: FinishedSearch): ReviewState {
  return search.status === "completed" ? reviewStateOf(reviewableHits(search.results), [], false) : NOTHING_TO_REVIEW;
}

/** One statement for all the searches finished together (a batch chunk writes many at once). */
export async function writeFirstReviews({ tx, searches }: SearchesFinished): Promise<void> {
  if (searches.length === 0) return;
  const s = schema.searches;
  const rows = searches.map((search) => {
    const state = firstReviewState(search);
    return { id: search.searchId, review_status: state.status, open_hits: state.openHits };
  });
  await tx
    .update(s)
    .set({ reviewStatus: sql`v.review_status`, openHits: sql`v.open_hits` })
    .from(sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, review_status text, open_hits int)`)
    .where(sql`${s.id} = v.id`);
}
