/** A search with its review (decisions, notes): what GET /api/searches/{id} answers and the CLI's --json prints. */
import { eq, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import type { SearchDetailView } from "../screening/contract.ts";
import type { SearchRow } from "../screening/searches.ts";
import { searchDetailView } from "../screening/views.ts";
import { searchReview } from "./search-review.ts";

export async function searchDetail(db: DbOrTx, row: SearchRow): Promise<SearchDetailView> {
  // The case is lib/cases' table, read here by its key alone: cases sit above review, so review names no code of theirs.
  const cs = schema.caseSearches;
  const [review, [inCase], hiddenBy] = await Promise.all([
    searchReview(db, row),
    db.select({ caseId: cs.caseId }).from(cs).where(eq(cs.searchId, row.id)),
    row.hiddenAt && row.hiddenBy ? hiderName(db, row.hiddenBy) : null,
  ]);
  return searchDetailView(row, review, inCase?.caseId ?? null, hiddenBy);
}

/** Who hid a search, as the review names people (full name, else email): only those who see hidden records read it. */
async function hiderName(db: DbOrTx, userId: string): Promise<string | null> {
  const u = schema.users;
  const [row] = await db
    .select({ name: sql<string>`coalesce(nullif(${u.fullName}, ''), ${u.email})` })
    .from(u)
    .where(eq(u.id, userId));
  return row?.name ?? null;
}
