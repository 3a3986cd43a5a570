/** A search with its review (decisions, notes): what GET /api/searches/{id} answers and the CLI's --json prints. */
import type { DbOrTx } from "../../data/db.ts";
import type { SearchDetailView } from "../screening/contract.ts";
import type { SearchRow } from "../screening/searches.ts";
import { searchDetailView } from "../screening/views.ts";
import { searchReview } from "./search-review.ts";

export async function searchDetail(db: DbOrTx, row: SearchRow): Promise<SearchDetailView> {
  return searchDetailView(row, await searchReview(db, row));
}
