import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CreditBalance } from "../../../lib/auth/schemas.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { answer, api, withSignal } from "../lib/api";

export const CREDIT_BALANCE_QUERY_KEY = ["/api/credits/balance"] as const;

export const creditBalanceQuery = queryOptions({
  queryKey: CREDIT_BALANCE_QUERY_KEY,
  queryFn: ({ signal }) => answer(api.credits.balance.$get({ query: {} }, withSignal(signal))),
});

/** GET /api/credits/balance, only while someone is signed in. */
export function useCreditBalance() {
  const { user } = useCurrentUser();
  return useQuery({ ...creditBalanceQuery, enabled: !!user });
}

/** A balance of 10 credits or fewer is low; 0 or less is empty. */
export const LOW_BALANCE_THRESHOLD = 10;

export type BalanceLevel = "unlimited" | "empty" | "low" | "ok";

export function balanceLevel(balance: Pick<CreditBalance, "balance" | "unlimited">): BalanceLevel {
  if (balance.unlimited) return "unlimited";
  if (balance.balance <= 0) return "empty";
  if (balance.balance <= LOW_BALANCE_THRESHOLD) return "low";
  return "ok";
}
