/**
 * "Needs decision": a case not closed that holds a search with something left for a person to decide. What is left is
 * the review's own record, kept on each search by lib/review with every decision (lib/review/search-review.ts): a
 * flagged hit without a decision that took effect (`open_hits`, so a four-eyes proposal still counts), or a second
 * opinion asked for and not answered yet (review status `escalated`). These are the searches the review queue listed,
 * grouped by their case, and exactly what stops a case from closing.
 *
 * Read from the searches' review columns through the case's searches (case_searches by case, then the search by its
 * key): no hit, decision or result is read, however many a search has.
 */
import { sql } from "drizzle-orm";
import { schema } from "../../data/db.ts";

const k = schema.cases;
const cs = schema.caseSearches;
const s = schema.searches;

/** A search with a hit undecided or a second opinion unanswered, as a condition on searches. */
export const searchNeedsDecision = sql`(${s.openHits} > 0 or ${s.reviewStatus} = 'escalated')`;

/** The case needs a decision, as a condition on cases. */
export const caseNeedsDecision = sql`(${k.status} <> 'closed' and exists (select 1 from ${cs} join ${s} on ${s.id} = ${cs.searchId} where ${cs.caseId} = ${k.id} and ${searchNeedsDecision}))`;
