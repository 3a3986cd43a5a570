import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form, FormControl } from "@duecheck/ui/form";
import { LabelledField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { type ReactNode, useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { reviewResolver } from "./review-resolver";
import { TextArea } from "./text-area";

type Values = Record<string, string>;

export interface TextDialogProps {
  open: boolean;
  onClose: () => void;
  /** The server's schema of the request: one text field, `field`. */
  schema: z.ZodType<Values, Values>;
  field: string;
  title: ReactNode;
  description?: ReactNode;
  label: ReactNode;
  submitLabel: ReactNode;
  /** Red submit button: the action takes something back (reject, revoke, dismiss). */
  destructive?: boolean;
  pending: boolean;
  onSubmit: (text: string) => void;
  testId: string;
}

/**
 * The one shell of the review's "say why" dialogs (reject a proposal, revoke a clearance, ask for a second opinion,
 * dismiss an alert): one text box checked with the server's own schema, emptied each time it opens.
 */
export function TextDialog({ open, onClose, schema, field, title, description, label, submitLabel, destructive, pending, onSubmit, testId }: TextDialogProps) {
  const { t } = useTranslation();
  const resolver = useMemo(() => reviewResolver<Values>(schema, [field]), [schema, field]);
  const form = useForm<Values>({ resolver, defaultValues: { [field]: "" } });
  useEffect(() => {
    if (open) form.reset({ [field]: "" });
  }, [open, field, form]);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent data-testid={testId}>
        <Form {...form}>
          <form onSubmit={form.handleSubmit((values) => onSubmit(values[field]))} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              {description && <DialogDescription className="break-words">{description}</DialogDescription>}
            </DialogHeader>
            <LabelledField
              control={form.control}
              name={field}
              label={label}
              render={(input) => (
                <FormControl>
                  <TextArea {...input} maxLength={4000} />
                </FormControl>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={pending}>
                {pending && <Spinner />}
                {submitLabel}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
