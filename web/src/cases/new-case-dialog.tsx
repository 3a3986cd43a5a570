import { DuecheckError } from "@duecheck/react/api/errors";
import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useNavigate } from "@tanstack/react-router";
import { AlertCircleIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { canDecide } from "../../../lib/auth/roles.ts";
import { openCaseSchema } from "../../../lib/cases/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { EntityTypeField } from "../components/entity-type-field";
import { serverErrorText } from "../lib/api";
import { useOpenCase } from "./case-manual-queries";

type Values = z.input<typeof openCaseSchema>;
const EMPTY: Values = { title: "", subject: { name: "", entityType: "person" } };
/** An empty optional box is no value: the schema takes it as absent, not as a wrong date or code. */
const optional = (event: React.ChangeEvent<HTMLInputElement>) => (event.target.value.trim() ? event.target.value : undefined);

/**
 * "New case" on /cases: a case opened by hand for a subject, checked with the server's own schema before it is sent
 * (POST /api/cases), then opened. The subject's case that is not closed already, if any, is named with a link to it.
 * Auditors, who change nothing, are not offered it.
 */
export function NewCaseButton() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user || !canDecide(user)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="new-case">
        <PlusIcon aria-hidden />
        {t("cases.new.button")}
      </Button>
      <NewCaseDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function NewCaseDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<Values, unknown, z.output<typeof openCaseSchema>>({ resolver: zodResolver(openCaseSchema), defaultValues: EMPTY });
  const opening = useOpenCase((caseId) => {
    close(false);
    void navigate({ to: "/cases/$caseId", params: { caseId } });
  });

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      form.reset(EMPTY);
      opening.reset();
    }
  }

  const error = opening.error;
  const existing = error instanceof DuecheckError && typeof error.body.caseId === "string" ? error.body.caseId : null;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="new-case-dialog" className="max-h-[90dvh] overflow-y-auto">
        <Form {...form}>
          <form onSubmit={form.handleSubmit((values) => opening.mutate(values))} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t("cases.new.title")}</DialogTitle>
              <DialogDescription>{t("cases.new.description")}</DialogDescription>
            </DialogHeader>
            {error && (
              <Alert variant="destructive" data-testid="new-case-error">
                <AlertCircleIcon aria-hidden />
                <AlertTitle>{t("cases.new.failed")}</AlertTitle>
                <AlertDescription className="break-words">
                  {existing ? (
                    <span>
                      {t("cases.new.exists")}{" "}
                      <Link to="/cases/$caseId" params={{ caseId: existing }} className="font-medium underline" onClick={() => close(false)}>
                        {t("cases.new.openExisting")}
                      </Link>
                    </span>
                  ) : (
                    t(serverErrorText(error) ?? "cases.new.failed")
                  )}
                </AlertDescription>
              </Alert>
            )}
            <TextField control={form.control} name="title" label={t("cases.new.caseTitle")} placeholder={t("cases.new.titlePlaceholder")} maxLength={200} />
            <TextField control={form.control} name="subject.name" label={t("cases.new.name")} autoComplete="off" maxLength={200} />
            <EntityTypeField control={form.control} name="subject.entityType" legend={t("cases.new.type")} />
            <details className="grid gap-3 rounded-md border p-3">
              <summary className="cursor-pointer text-sm font-medium">{t("cases.new.details")}</summary>
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                <TextField
                  control={form.control}
                  name="subject.birthDate"
                  label={t("cases.new.birthDate")}
                  placeholder="1956-03-04"
                  parse={optional}
                  autoComplete="off"
                  maxLength={10}
                />
                <TextField
                  control={form.control}
                  name="subject.nationality"
                  label={t("cases.new.nationality")}
                  placeholder="DE"
                  parse={(event) => optional(event)?.toUpperCase()}
                  autoComplete="off"
                  maxLength={2}
                />
              </div>
              <p className="mt-2 text-xs text-muted-foreground">{t("cases.new.detailsHint")}</p>
            </details>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={opening.isPending}>
                {opening.isPending && <Spinner />}
                {t("cases.new.submit")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
