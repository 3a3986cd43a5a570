import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@duecheck/ui/form";
import { Spinner } from "@duecheck/ui/spinner";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type ClearanceView, reasonSchema } from "../../../lib/review/contract.ts";
import { useRevokeClearance } from "./review-queries";
import { reviewResolver } from "./review-resolver";
import { TextArea } from "./text-area";

type Values = z.infer<typeof reasonSchema>;
const resolver = reviewResolver<Values>(reasonSchema, ["reason"]);

/** Revoke a remembered clearance, saying why: the listing is flagged again in the next screening. */
export function RevokeDialog({ clearance, onClose }: { clearance: ClearanceView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Values>({ resolver, defaultValues: { reason: "" } });
  const revoke = useRevokeClearance(onClose);
  useEffect(() => {
    if (clearance) form.reset({ reason: "" });
  }, [clearance, form]);
  return (
    <Dialog open={!!clearance} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="revoke-dialog">
        <Form {...form}>
          <form onSubmit={form.handleSubmit(({ reason }) => clearance && revoke.mutate({ clearance, reason }))} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t("reviews.clearances.revokeTitle")}</DialogTitle>
              <DialogDescription className="break-words">
                {clearance && t("reviews.clearances.revokeDescription", { listing: clearance.listingName, subject: clearance.subjectName })}
              </DialogDescription>
            </DialogHeader>
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("reviews.clearances.revokeReason")}</FormLabel>
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
              <Button type="submit" variant="destructive" disabled={revoke.isPending}>
                {revoke.isPending && <Spinner />}
                {t("reviews.clearances.revoke")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
