import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCurrentUser } from "../auth/use-current-user";
import { CREDIT_BALANCE_QUERY_KEY } from "../credits/use-credit-balance";
import { answer, api, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";

export const BILLING_CONFIG_QUERY_KEY = ["/api/billing/config"] as const;
export const CREDIT_PACKAGES_QUERY_KEY = ["/api/billing/packages"] as const;

export const billingConfigQuery = queryOptions({
  queryKey: BILLING_CONFIG_QUERY_KEY,
  queryFn: ({ signal }) => answer(api.billing.config.$get({}, withSignal(signal))),
});
export const creditPackagesQuery = queryOptions({
  queryKey: CREDIT_PACKAGES_QUERY_KEY,
  queryFn: ({ signal }) => answer(api.billing.packages.$get({}, withSignal(signal))),
});
/** Under the balance key: a purchase changes the balance, so refreshing the balance refreshes the purchases too. */
export const PURCHASES_QUERY_KEY = [...CREDIT_BALANCE_QUERY_KEY, "purchases"] as const;

/** Purchases per page on /credit-history. */
const PURCHASES_PAGE_SIZE = 20;

/** GET /api/billing/config: whether Stripe is set up, and its publishable key. */
export function useBillingConfig() {
  return useQuery(billingConfigQuery);
}

/** GET /api/billing/packages: the packages of the system settings, read fresh on each visit (an admin may change them). */
export function useCreditPackages({ enabled }: { enabled: boolean }) {
  return useQuery({ ...creditPackagesQuery, enabled, staleTime: 0 });
}

/** GET /api/billing/purchases: the signed-in user's own purchases, newest first, a page at a time. */
export function usePurchases() {
  const { user } = useCurrentUser();
  return usePagedList(
    PURCHASES_QUERY_KEY,
    { limit: PURCHASES_PAGE_SIZE },
    (query, signal) => answer(api.billing.purchases.$get({ query }, withSignal(signal))),
    { enabled: !!user },
  );
}
