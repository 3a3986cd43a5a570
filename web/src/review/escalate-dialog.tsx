import { Button } from "@duecheck/ui/button";
import { MessageCircleQuestionIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { escalateSchema } from "../../../lib/review/contract.ts";
import { useEscalate } from "./review-queries";
import { TextDialog } from "./text-dialog";

/** 'Ask for a second opinion': says what to look at; the search is escalated until the next decision on it. */
export function EscalateButton({ searchId, disabled }: { searchId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const escalate = useEscalate(searchId, () => setOpen(false));
  return (
    <>
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        <MessageCircleQuestionIcon aria-hidden />
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
        pending={escalate.isPending}
        onSubmit={(text) => escalate.mutate(text)}
        testId="escalate-dialog"
      />
    </>
  );
}
