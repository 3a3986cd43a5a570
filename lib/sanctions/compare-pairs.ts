/**
 * Pair scoring as the product offers it (POST /api/sanctions/compare, `duecheck sanctions compare`): two names scored
 * the way a search scores a listed name, their parts weighed by their rarity in the imported lists when there are any.
 */
import type { CompareRequest } from "./compare-contract.ts";
import type { IndexSnapshot } from "./index-cache/cache.ts";
import { compareNames, type NameComparison } from "./matcher/index.ts";

export { type CompareRequest, compareRequestSchema, MAX_COMPARE_NAME_LENGTH } from "./compare-contract.ts";

export interface PairComparison extends NameComparison {
  /** "lists": name parts weigh their rarity in the imported lists; "plain": no list is imported, every part weighs alike. */
  weights: "lists" | "plain";
}

/** Scores one pair with the snapshot's index (its worker, on a server) as the weights, or plain weights without lists. */
export async function comparePair(snapshot: IndexSnapshot, request: CompareRequest): Promise<PairComparison> {
  if (snapshot.versions.length === 0) return { ...compareNames(request.query, request.candidate, { type: request.type }), weights: "plain" };
  const comparison = await snapshot.index.compare(request.query, request.candidate, { type: request.type });
  return { ...comparison, weights: "lists" };
}
