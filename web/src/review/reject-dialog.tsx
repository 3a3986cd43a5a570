import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@duecheck/ui/form";
import { Spinner } from "@duecheck/ui/spinner";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type HitDecisionView, rejectProposalSchema } from "../../../lib/review/contract.ts";
import { useAnswerProposal } from "./review-queries";
import { reviewResolver } from "./review-resolver";
import { TextArea } from "./text-area";

type Values = z.infer<typeof rejectProposalSchema>;
const resolver = reviewResolver<Values>(rejectProposalSchema, ["comment"]);

/** Reject a proposal: the approver says why (required); the hit is open again. */
export function RejectDialog({ proposal, onClose }: { proposal: HitDecisionView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Values>({ resolver, defaultValues: { comment: "" } });
  const answer = useAnswerProposal(onClose);
  useEffect(() => {
    if (proposal) form.reset({ comment: "" });
  }, [proposal, form]);
  return (
    <Dialog open={!!proposal} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="reject-dialog">
        <Form {...form}>
          <form
            onSubmit={form.handleSubmit(({ comment }) => proposal && answer.mutate({ decision: proposal, answer: "reject", comment }))}
            className="grid gap-4"
            noValidate
          >
            <DialogHeader>
              <DialogTitle>{t("reviews.reject.title")}</DialogTitle>
              <DialogDescription className="break-words">{proposal?.hitLabel}</DialogDescription>
            </DialogHeader>
            <FormField
              control={form.control}
              name="comment"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("reviews.reject.comment")}</FormLabel>
                  <FormControl>
                    <TextArea {...field} maxLength={4000} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant="destructive" disabled={answer.isPending}>
                {answer.isPending && <Spinner />}
                {t("reviews.reject.confirm")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
