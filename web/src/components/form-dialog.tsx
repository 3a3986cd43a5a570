import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Spinner } from "@duecheck/ui/spinner";
import { AlertCircleIcon } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { refusalWords } from "../lib/refusal-words";

/** A refusal in the server's words (in the reader's language where lib/i18n words it), under a title saying what failed. */
export function Refusal({ error, title, testId }: { error: unknown; title: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive" data-testid={testId}>
      <AlertCircleIcon aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="break-words">{refusalWords(t, error, title)}</AlertDescription>
    </Alert>
  );
}

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** The server's refusal of the last try, shown above the fields: the reader sees why where they acted. */
  error: unknown;
  /** What failed, as the refusal's title. */
  failedTitle: string;
  pending: boolean;
  submitLabel: ReactNode;
  /** Red submit button: the action takes something back (reject, revoke, dismiss). */
  destructive?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  testId: string;
  /** The refusal's test id, where a screen's tests name it. */
  errorTestId?: string;
  children: ReactNode;
}

/**
 * The one shell of the app's "do this, saying why" dialogs (a case closed, reopened or escalated; a proposal rejected,
 * a clearance revoked, an alert dismissed): its fields, the server's refusal in the dialog itself, Cancel and the action.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  error,
  failedTitle,
  pending,
  submitLabel,
  destructive,
  onSubmit,
  testId,
  errorTestId = "dialog-error",
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent data-testid={testId}>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description && <DialogDescription className="break-words">{description}</DialogDescription>}
          </DialogHeader>
          {error ? <Refusal error={error} title={failedTitle} testId={errorTestId} /> : null}
          {children}
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
      </DialogContent>
    </Dialog>
  );
}
