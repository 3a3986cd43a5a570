import { managesTeamRecords } from "../../../lib/auth/roles.ts";
import { useCurrentUser } from "../auth/use-current-user";

/**
 * Whether the signed-in member runs their team's records: the organisation's owners and admins list every member's API
 * keys and webhooks, so those lists show who made each ("Made by").
 */
export function useRunsTeam(): boolean {
  const { user } = useCurrentUser();
  return !!user?.organisation && managesTeamRecords(user.organisation.role);
}
