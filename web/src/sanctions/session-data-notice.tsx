import { SanctionsDataNotice } from "@duecheck/react/views/sanctions/list-states";
import { useCurrentUser } from "../auth/use-current-user";
import { useSanctionsStatus } from "./use-sanctions";

/**
 * The lists notice above the app's search forms, from the signed-in session's list status. Only an instance admin
 * imports or disables lists, so only they are shown how; others are told to ask their administrator.
 */
export function SessionSanctionsNotice() {
  const status = useSanctionsStatus();
  const { user } = useCurrentUser();
  return (
    <SanctionsDataNotice lists={status.data?.lists ?? []} offline={status.data?.offline} disabled={status.data?.disabled} adminSteps={user?.role === "admin"} />
  );
}
