/** A search with its review (decisions, notes): what GET /api/searches/{id} answers and the CLI's --json prints. */
import { eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import type { SearchDetailView } from "../screening/contract.ts";
import type { SearchRow } from "../screening/searches.ts";
import { searchDetailView } from "../screening/views.ts";
import { searchReview } from "./search-review.ts";

export async function searchDetail(db: DbOrTx, row: SearchRow): Promise<SearchDetailView> {
  // The case is lib/cases' table, read here by its key alone: cases sit above review, so review names no code of theirs.
  const cs = schema.caseSearches;
  const [review, [inCase]] = await Promise.all([searchReview(db, row), db.select({ caseId: cs.caseId }).from(cs).where(eq(cs.searchId, row.id))]);
  return searchDetailView(row, review, inCase?.caseId ?? null);
}
