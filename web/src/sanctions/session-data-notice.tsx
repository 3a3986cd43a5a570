import { SanctionsDataNotice } from "@duecheck/react/views/sanctions/list-states";
import { useSanctionsStatus } from "./use-sanctions";

/** The lists notice above the app's search forms, from the signed-in session's list status. */
export function SessionSanctionsNotice() {
  const status = useSanctionsStatus();
  return <SanctionsDataNotice lists={status.data?.lists ?? []} offline={status.data?.offline} disabled={status.data?.disabled} />;
}
