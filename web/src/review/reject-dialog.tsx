import { useTranslation } from "react-i18next";
import { type HitDecisionView, rejectProposalSchema } from "../../../lib/review/contract.ts";
import { useAnswerProposal } from "./review-queries";
import { TextDialog } from "./text-dialog";

/** Reject a proposal: the approver says why (required); the hit is open again. */
export function RejectDialog({ proposal, onClose }: { proposal: HitDecisionView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const answer = useAnswerProposal(onClose);
  return (
    <TextDialog
      open={!!proposal}
      onClose={onClose}
      schema={rejectProposalSchema}
      field="comment"
      title={t("reviews.reject.title")}
      description={proposal?.hitLabel}
      label={t("reviews.reject.comment")}
      submitLabel={t("reviews.reject.confirm")}
      destructive
      pending={answer.isPending}
      onSubmit={(comment) => proposal && answer.mutate({ decision: proposal, answer: "reject", comment })}
      testId="reject-dialog"
    />
  );
}
