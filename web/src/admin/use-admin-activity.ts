import type { z } from "zod";
import type { adminSearchesQuerySchema, adminTransactionsQuerySchema } from "../../../lib/admin/schemas.ts";
import { answer, api, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { ADMIN_QUERY_KEY } from "./use-admin-stats";

export type SearchRange = z.infer<typeof adminSearchesQuerySchema>["range"];
export type TransactionType = NonNullable<z.infer<typeof adminTransactionsQuerySchema>["type"]>;

export const SEARCH_RANGES: SearchRange[] = ["all", "today", "week", "month"];
export const TRANSACTION_TYPES: TransactionType[] = ["manual_search", "automatic_search", "credit_purchase", "credit_bonus", "admin_credit", "credit_refund"];

const PAGE_SIZE = 50;

/** GET /api/admin/searches: everyone's searches, newest first, filtered by text and date range on the server. */
export function useAdminSearches(q: string, range: SearchRange) {
  return usePagedList([...ADMIN_QUERY_KEY, "searches"], { q: q.trim() || undefined, range, limit: PAGE_SIZE }, (query, signal) =>
    answer(api.admin.searches.$get({ query }, withSignal(signal))),
  );
}

/** GET /api/admin/transactions: every ledger entry, newest first, filtered by user (email or name) and type. */
export function useAdminTransactions(q: string, type: TransactionType | "all") {
  return usePagedList(
    [...ADMIN_QUERY_KEY, "transactions"],
    { q: q.trim() || undefined, type: type === "all" ? undefined : type, limit: PAGE_SIZE },
    (query, signal) => answer(api.admin.transactions.$get({ query }, withSignal(signal))),
  );
}
