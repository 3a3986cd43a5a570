import { Button } from "@duecheck/ui/button";
import { ArrowUpRightIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { escalateSchema } from "../../../lib/review/contract.ts";
import { TextDialog } from "../components/text-dialog";
import { useEscalate } from "./review-queries";

/**
 * 'Escalate the case' under a result: the search's case goes to the team's reviewers with what they should look at
 * (it leaves its assignee and waits under "Escalated" until a reviewer takes it); the search keeps the request on its
 * timeline until a decision on it answers it. The server's refusal (a closed or already escalated case) is shown in the
 * dialog.
 */
export function EscalateButton({ searchId, disabled }: { searchId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const escalate = useEscalate(searchId, () => setOpen(false));
  return (
    <>
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        <ArrowUpRightIcon aria-hidden />
        {t("reviews.escalate.open")}
      </Button>
      <TextDialog
        open={open}
        onClose={() => setOpen(false)}
        schema={escalateSchema}
        field="text"
        title={t("reviews.escalate.title")}
        description={t("reviews.escalate.description")}
        label={t("reviews.escalate.text")}
        submitLabel={t("reviews.escalate.confirm")}
        mutation={escalate}
        failedTitle={t("reviews.escalateFailed")}
        onSubmit={(text) => escalate.mutate(text)}
        testId="escalate-dialog"
      />
    </>
  );
}
