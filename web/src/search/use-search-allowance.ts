import type { SearchAllowance } from "@duecheck/react/views/search/search-form";
import { hasUnlimitedCredits } from "../../../lib/credits/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { useCreditBalance } from "../credits/use-credit-balance";

/** The default manualSearchCost, used until the balance call answers with the configured one. */
const DEFAULT_SEARCH_COST = 10;

/** Whether the user may start a search: admins and unlimited accounts always; others with at least the cost. */
export function useSearchAllowance(): SearchAllowance {
  const { user } = useCurrentUser();
  const { data } = useCreditBalance();
  const cost = data?.manualSearchCost ?? DEFAULT_SEARCH_COST;
  const unlimited = (!!user && hasUnlimitedCredits(user)) || !!data?.unlimited;
  const balance = data?.balance ?? user?.credits ?? 0;
  // Until one of the two answers is known, do not claim the balance is too low.
  const known = !!data || user?.credits !== undefined;
  // a manual search's subject joins daily monitoring when the user's auto-add is on (lib/monitoring/auto-add.ts)
  const monitoringCost = user?.autoMonitorSearches ? (unlimited ? 0 : (data?.automatedSearchCost ?? 1)) : undefined;
  return { cost, unlimited, balance, insufficient: known && !unlimited && balance < cost, monitoringCost };
}
