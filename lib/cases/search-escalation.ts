/**
 * Escalating from a search (POST /api/searches/{id}/escalate, the app's "Escalate the case" under a result): what
 * escalates is the search's case, to the organisation's reviewers (notes.ts escalateIn: unassigned, under "Escalated"
 * until a reviewer takes it). The search keeps the request on its own record as the second opinion did before cases
 * (lib/review/notes.ts: a note of kind escalation on its timeline, and the review status `escalated` until the next
 * decision on it answers it), so the requests made before cases read as they always did and clients reading the
 * search's review see what they saw. One transaction: the case and the search change together or not at all.
 *
 * Who: whoever may change the search's review (its owner; the team's reviewers and the instance's admins and reviewers
 * any member's), never an auditor. 409 when the search is in no case (nothing of it needed review), or its case is
 * closed or already escalated.
 */
import { eq } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { reviewableSearch } from "../review/access.ts";
import { recordSearchEscalation } from "../review/notes.ts";
import { type CaseActor, findCase } from "./access.ts";
import { escalateIn } from "./notes.ts";

export const SEARCH_IN_NO_CASE = "The search is in no case: only a search whose hits need review has a case to escalate";

export async function escalateSearchCase(deps: { db: Db; clock?: Clock }, actor: CaseActor, searchId: string, text: string) {
  const clock = deps.clock ?? systemClock;
  return deps.db.transaction(async (tx) => {
    const search = await reviewableSearch(tx, actor, searchId, { lock: true });
    const [joined] = await tx.select({ caseId: schema.caseSearches.caseId }).from(schema.caseSearches).where(eq(schema.caseSearches.searchId, search.id));
    if (!joined) throw new AppError(409, noCaseMessage(search));
    const row = await findCase(tx, actor, joined.caseId, { change: true });
    await escalateIn(tx, actor, row, text, clock.now(), { id: search.id, searchTerm: search.searchTerm });
    return recordSearchEscalation(tx, actor, search, text);
  });
}

/** Why a search without a case cannot be escalated, in the words the second opinion used where they still apply. */
function noCaseMessage(search: { status: string; reviewStatus: string }): string {
  if (search.status !== "completed") return "Only a completed search can be escalated";
  if (search.reviewStatus === "no_hits") return "The search has no hits to give a second opinion on";
  return SEARCH_IN_NO_CASE;
}
