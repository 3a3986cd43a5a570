import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@duecheck/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@duecheck/ui/form";
import { Spinner } from "@duecheck/ui/spinner";
import { MessageCircleQuestionIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { escalateSchema } from "../../../lib/review/contract.ts";
import { useEscalate } from "./review-queries";
import { reviewResolver } from "./review-resolver";
import { TextArea } from "./text-area";

type Values = z.infer<typeof escalateSchema>;
const resolver = reviewResolver<Values>(escalateSchema, ["text"]);

/** 'Ask for a second opinion': says what to look at; the search is escalated until the next decision on it. */
export function EscalateButton({ searchId, disabled }: { searchId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useForm<Values>({ resolver, defaultValues: { text: "" } });
  const escalate = useEscalate(searchId, () => {
    setOpen(false);
    form.reset({ text: "" });
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          <MessageCircleQuestionIcon aria-hidden />
          {t("reviews.escalate.open")}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="escalate-dialog">
        <Form {...form}>
          <form onSubmit={form.handleSubmit(({ text }) => escalate.mutate(text))} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t("reviews.escalate.title")}</DialogTitle>
              <DialogDescription>{t("reviews.escalate.description")}</DialogDescription>
            </DialogHeader>
            <FormField
              control={form.control}
              name="text"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("reviews.escalate.text")}</FormLabel>
                  <FormControl>
                    <TextArea {...field} maxLength={4000} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={escalate.isPending}>
                {escalate.isPending && <Spinner />}
                {t("reviews.escalate.confirm")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
