import { useTranslation } from "react-i18next";
import { type ClearanceView, reasonSchema } from "../../../lib/review/contract.ts";
import { TextDialog } from "../components/text-dialog";
import { useRevokeClearance } from "./review-queries";

/** Revoke a remembered clearance, saying why: the listing is flagged again in the next screening. */
export function RevokeDialog({ clearance, onClose }: { clearance: ClearanceView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeClearance(onClose);
  return (
    <TextDialog
      open={!!clearance}
      onClose={onClose}
      schema={reasonSchema}
      field="reason"
      title={t("reviews.clearances.revokeTitle")}
      description={clearance && t("reviews.clearances.revokeDescription", { listing: clearance.listingName, subject: clearance.subjectName })}
      label={t("reviews.clearances.revokeReason")}
      submitLabel={t("reviews.clearances.revoke")}
      destructive
      mutation={revoke}
      failedTitle={t("reviews.clearances.revokeFailed")}
      onSubmit={(reason) => clearance && revoke.mutate({ clearance, reason })}
      testId="revoke-dialog"
    />
  );
}
