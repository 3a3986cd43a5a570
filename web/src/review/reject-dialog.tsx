import { useTranslation } from "react-i18next";
import { type HitDecisionView, rejectProposalSchema } from "../../../lib/review/contract.ts";
import { TextDialog } from "../components/text-dialog";
import { useAnswerProposal } from "./review-queries";

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
      mutation={answer}
      failedTitle={t("reviews.answerFailed")}
      onSubmit={(comment) => proposal && answer.mutate({ decision: proposal, answer: "reject", comment })}
      testId="reject-dialog"
    />
  );
}
