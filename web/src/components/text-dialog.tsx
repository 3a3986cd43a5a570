import { Form, FormControl } from "@duecheck/ui/form";
import { LabelledField } from "@duecheck/ui/form-fields";
import { type ReactNode, useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { reviewResolver } from "../review/review-resolver";
import { TextArea } from "../review/text-area";
import { FormDialog } from "./form-dialog";

type Values = Record<string, string>;

/** What the dialog needs of the request it sends: its refusal, whether it runs, and a way to forget the last refusal. */
export interface DialogMutation {
  error: unknown;
  isPending: boolean;
  reset: () => void;
}

export interface TextDialogProps {
  open: boolean;
  onClose: () => void;
  /** The server's schema of the request: one text field, `field`, required. */
  schema: z.ZodType<Values, Values>;
  field: string;
  title: ReactNode;
  description?: ReactNode;
  label: ReactNode;
  submitLabel: ReactNode;
  destructive?: boolean;
  mutation: DialogMutation;
  /** What failed, as the title of a refusal shown in the dialog. */
  failedTitle: string;
  onSubmit: (text: string) => void;
  testId: string;
  errorTestId?: string;
}

/**
 * A "say why" dialog: one text box checked with the server's own schema, emptied (and its last refusal forgotten)
 * each time it opens, the server's refusal shown in it.
 */
export function TextDialog({ schema, field, label, mutation, onSubmit, ...dialog }: TextDialogProps) {
  const resolver = useMemo(() => reviewResolver<Values>(schema, [field]), [schema, field]);
  const form = useForm<Values>({ resolver, defaultValues: { [field]: "" } });
  const { reset } = mutation;
  const { open } = dialog;
  useEffect(() => {
    if (open) {
      form.reset({ [field]: "" });
      reset();
    }
  }, [open, field, form, reset]);
  return (
    <FormDialog {...dialog} error={mutation.error} pending={mutation.isPending} onSubmit={form.handleSubmit((values) => onSubmit(values[field]))}>
      <Form {...form}>
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
      </Form>
    </FormDialog>
  );
}
