import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Form, FormControl } from "@duecheck/ui/form";
import { LabelledField } from "@duecheck/ui/form-fields";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { Spinner } from "@duecheck/ui/spinner";
import { ArrowUpRightIcon, CheckCircle2Icon, RotateCcwIcon, SearchCheckIcon, UserCheckIcon, UserMinusIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { canDecide } from "../../../lib/auth/roles.ts";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { CASE_OUTCOMES, type CaseOutcome, type CaseView, escalateCaseSchema } from "../../../lib/cases/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { FormDialog, Refusal } from "../components/form-dialog";
import { TextDialog, type TextDialogProps } from "../components/text-dialog";
import { reviewResolver } from "../review/review-resolver";
import { useAssignCase, useCaseAssignees, useCaseStatus, useEscalateCase } from "./case-queries";
import { SELECT_CLASS } from "./cases-page";

/**
 * Gives cases to others and takes them from them: the instance's admins and reviewers, and the organisation's
 * owners, admins and reviewers (lib/cases/access.ts's rule; the server decides, the screen leaves out what it refuses).
 */
const runsCases = (user: PublicUser) =>
  user.role === "admin" || user.role === "reviewer" || (!!user.organisation && user.organisation.role !== "analyst" && user.organisation.role !== "auditor");

/**
 * What the reader may do with the case: take it, hand it back or give it to a member; start investigating, close it
 * with an outcome, reopen it with a reason; escalate it with a reason. A read-only role sees none of it.
 */
export function CaseActions({ item }: { item: CaseView }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [dialog, setDialog] = useState<"close" | "reopen" | "escalate" | null>(null);
  const assign = useAssignCase(item.id);
  const status = useCaseStatus(item.id);
  if (!user || !canDecide(user)) return null;

  const runs = runsCases(user);
  const mine = item.assignee?.id === user.id;
  const closed = item.status === "closed";
  const mayClaim = !mine && (!item.assignee || runs);
  const failed = assign.isError ? assign.error : status.isError ? status.error : null;
  const pending = assign.isPending || status.isPending;

  return (
    <Card data-testid="case-actions">
      <CardHeader>
        <CardTitle>
          <h2>{t("cases.actions.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {failed && <Refusal error={failed} title={t("cases.actions.failed")} testId="case-action-error" />}
        <div className="flex flex-wrap gap-2">
          {mayClaim && (
            <Button variant="outline" disabled={pending} onClick={() => assign.mutate({ assignee: "me", version: item.version })}>
              <UserCheckIcon aria-hidden />
              {t("cases.actions.assignToMe")}
            </Button>
          )}
          {mine && (
            <Button variant="outline" disabled={pending} onClick={() => assign.mutate({ assignee: null, version: item.version })}>
              <UserMinusIcon aria-hidden />
              {t("cases.actions.handBack")}
            </Button>
          )}
          {item.status === "open" && (
            <Button variant="outline" disabled={pending} onClick={() => status.mutate({ status: "investigating", version: item.version })}>
              <SearchCheckIcon aria-hidden />
              {t("cases.actions.investigate")}
            </Button>
          )}
          {!closed && (
            <Button disabled={pending} onClick={() => setDialog("close")}>
              <CheckCircle2Icon aria-hidden />
              {t("cases.actions.close")}
            </Button>
          )}
          {closed && (
            <Button variant="outline" disabled={pending} onClick={() => setDialog("reopen")}>
              <RotateCcwIcon aria-hidden />
              {t("cases.actions.reopen")}
            </Button>
          )}
          {!closed && !item.escalatedAt && (
            <Button variant="outline" disabled={pending} onClick={() => setDialog("escalate")}>
              <ArrowUpRightIcon aria-hidden />
              {t("cases.actions.escalate")}
            </Button>
          )}
        </div>
        {runs && <AssignToMember item={item} />}
      </CardContent>
      <CloseDialog item={item} open={dialog === "close"} onClose={() => setDialog(null)} />
      <ReopenDialog item={item} open={dialog === "reopen"} onClose={() => setDialog(null)} />
      <EscalateDialog item={item} open={dialog === "escalate"} onClose={() => setDialog(null)} />
    </Card>
  );
}

/**
 * Gives the case to an active member of its organisation who may work it (not an auditor, not one still invited),
 * each named with the open cases they hold, and marked when away.
 */
function AssignToMember({ item }: { item: CaseView }) {
  const { t } = useTranslation();
  const id = useId();
  const members = useCaseAssignees(item.id);
  const [chosen, setChosen] = useState("");
  const assign = useAssignCase(item.id, () => setChosen(""));
  const choices = (members.data?.items ?? []).filter((m) => m.id !== item.assignee?.id);
  return (
    <form
      className="grid gap-2 sm:flex sm:flex-wrap sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) assign.mutate({ assignee: chosen, version: item.version });
      }}
    >
      {assign.isError && (
        <div className="w-full">
          <Refusal error={assign.error} title={t("cases.actions.failed")} testId="case-assign-error" />
        </div>
      )}
      <div className="grid min-w-0 gap-1.5 sm:w-72">
        <Label htmlFor={id}>{t("cases.actions.assignTo")}</Label>
        <select id={id} value={chosen} onChange={(event) => setChosen(event.target.value)} className={SELECT_CLASS}>
          <option value="">{t("cases.actions.chooseMember")}</option>
          {choices.map((member) => (
            <option key={member.id} value={member.id}>
              {t(member.unavailable ? "cases.actions.memberAway" : "cases.actions.memberLoad", { name: member.name, count: member.openCases })}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline" className="w-fit" disabled={!chosen || assign.isPending}>
        {assign.isPending && <Spinner />}
        {t("cases.actions.assign")}
      </Button>
    </form>
  );
}

const outcomeSchema = z.object({ outcome: z.enum(CASE_OUTCOMES, { error: "outcome is required" }) });
type OutcomeValues = { outcome: CaseOutcome };
const outcomeResolver = reviewResolver<OutcomeValues>(outcomeSchema as never);

/** Closing needs an outcome; the server refuses (409) while a hit of the case's searches is undecided. */
function CloseDialog({ item, open, onClose }: { item: CaseView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<OutcomeValues>({ resolver: outcomeResolver });
  const status = useCaseStatus(item.id, onClose);
  const { reset } = status;
  useEffect(() => {
    if (open) {
      form.reset({});
      reset();
    }
  }, [open, form, reset]);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t("cases.close.title")}
      description={t("cases.close.description", { title: item.title })}
      error={status.error}
      failedTitle={t("cases.actions.failed")}
      errorTestId="case-dialog-error"
      pending={status.isPending}
      submitLabel={t("cases.close.confirm")}
      onSubmit={form.handleSubmit(({ outcome }) => status.mutate({ status: "closed", outcome, version: item.version }))}
      testId="case-close-dialog"
    >
      <Form {...form}>
        <LabelledField
          control={form.control}
          name="outcome"
          label={t("cases.close.outcome")}
          render={(field) => (
            <FormControl>
              <RadioGroup value={field.value ?? ""} onValueChange={field.onChange} className="grid gap-2">
                {CASE_OUTCOMES.map((value) => (
                  <Option key={value} value={value} label={t(`cases.outcome.${value}`)} />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
      </Form>
    </FormDialog>
  );
}

function Option({ value, label }: { value: string; label: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <RadioGroupItem id={id} value={value} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}

/** One reason, checked with the server's rule: reopening a closed case and escalating one both ask for it. */
const ReasonDialog = (props: Omit<TextDialogProps, "schema" | "field" | "failedTitle" | "errorTestId">) => {
  const { t } = useTranslation();
  return <TextDialog {...props} schema={escalateCaseSchema} field="reason" failedTitle={t("cases.actions.failed")} errorTestId="case-dialog-error" />;
};

function ReopenDialog({ item, open, onClose }: { item: CaseView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const status = useCaseStatus(item.id, onClose);
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      title={t("cases.reopen.title")}
      description={t("cases.reopen.description", { title: item.title })}
      label={t("cases.reopen.reason")}
      submitLabel={t("cases.reopen.confirm")}
      mutation={status}
      onSubmit={(reason) => status.mutate({ status: "open", reason, version: item.version })}
      testId="case-reopen-dialog"
    />
  );
}

function EscalateDialog({ item, open, onClose }: { item: CaseView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const escalate = useEscalateCase(item.id, onClose);
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      title={t("cases.escalate.title")}
      description={t("cases.escalate.description")}
      label={t("cases.escalate.reason")}
      submitLabel={t("cases.escalate.confirm")}
      mutation={escalate}
      onSubmit={(reason) => escalate.mutate(reason)}
      testId="case-escalate-dialog"
    />
  );
}
