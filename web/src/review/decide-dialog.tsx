import type { ReviewHitRef } from "@duecheck/react/views/search/review-slots";
import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Checkbox } from "@duecheck/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel } from "@duecheck/ui/form";
import { LabelledField } from "@duecheck/ui/form-fields";
import { Label } from "@duecheck/ui/label";
import { RadioGroup, RadioGroupItem } from "@duecheck/ui/radio-group";
import { Spinner } from "@duecheck/ui/spinner";
import { AlertCircleIcon } from "lucide-react";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { meetsClearMatchText, missingDetailFor, type SearchDetailKind } from "../../../lib/review/clearance-rules.ts";
import { DECISIONS, type DecideHitInput, type Decision, decideHitSchema, type HitDecisionView, reasonsFor } from "../../../lib/review/contract.ts";
import { serverErrorText } from "../lib/api";
import { useDecideHit, useReviewItem } from "./review-queries";
import { reviewResolver } from "./review-resolver";
import { TextArea } from "./text-area";

/** The hit to decide on (the dialog is shown while it is mounted); `preset` picks the decision (the queue's keys), `replaces` is the live decision to change. */
export interface DecideTarget {
  hit: ReviewHitRef;
  preset?: Decision;
  replaces?: HitDecisionView;
}

const NOTHING_MISSING: readonly SearchDetailKind[] = [];

const resolver = reviewResolver<DecideHitInput>(decideHitSchema as never);

/** A change starts from the decision it replaces; a preset (the queue's f and t keys) picks the decision. */
function initialValues({ hit, preset, replaces }: DecideTarget): DecideHitInput {
  return {
    hitId: hit.hitId,
    decision: preset ?? replaces?.decision,
    reason: preset && preset !== replaces?.decision ? undefined : replaces?.reason,
    text: replaces?.text ?? "",
    remember: false,
    ...(replaces ? { replaces: replaces.id } : {}),
  } as DecideHitInput;
}

/**
 * Decide a hit: true match or false positive, a reason allowed for that decision, words (required for "other"), and,
 * for a false positive of a listing (sanctions or PEP), whether to remember it for this subject and listing. A
 * reason comparing a detail the search did not give is shown disabled, saying what is missing; with the
 * written-reason setting on, clearing a sanctions match asks for its words (lib/review/clearance-rules.ts, the
 * server's own rule). A refusal (409: decided meanwhile) shows the server's words in the dialog.
 */
export function DecideDialog({ target, onClose }: { target: DecideTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<DecideHitInput>({ resolver, defaultValues: initialValues(target) });
  const decide = useDecideHit(target.hit.searchId, onClose);
  const decision = form.watch("decision");
  const reason = form.watch("reason");
  const listing = target.hit.kind !== "media";
  const clearance = useReviewItem(target.hit.searchId).data?.review.clearance;
  const missing = clearance?.missingDetails ?? NOTHING_MISSING;
  const unavailable = (value: DecideHitInput["reason"]) => missingDetailFor(value, missing);
  const matchTextMin =
    decision === "false_positive" && target.hit.kind === "sanctions" && clearance?.sanctionsMatchHitIds.includes(target.hit.hitId)
      ? clearance.matchTextMin
      : null;

  // A reason the new decision does not allow is dropped; only a false positive is remembered.
  useEffect(() => {
    if (!decision) return;
    const current = form.getValues("reason");
    if (current && (!reasonsFor(decision).includes(current) || missingDetailFor(current, missing))) form.setValue("reason", undefined as never);
    if (decision !== "false_positive") form.setValue("remember", false);
  }, [decision, form, missing]);

  const submit = form.handleSubmit((values) => {
    const { text, remember, ...rest } = values;
    if (matchTextMin !== null && !meetsClearMatchText(text, matchTextMin)) {
      form.setError("text", { message: t("clearance.matchTextShort", { min: matchTextMin }) });
      return;
    }
    decide.mutate({ ...rest, ...(text ? { text } : {}), ...(remember ? { remember } : {}) });
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="decide-dialog">
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t(target.replaces ? "reviews.decide.changeTitle" : "reviews.decide.title")}</DialogTitle>
              <DialogDescription className="break-words">{target.hit.label}</DialogDescription>
            </DialogHeader>
            {decide.isError && (
              <Alert variant="destructive" data-testid="decide-error">
                <AlertCircleIcon aria-hidden />
                <AlertTitle>{t("reviews.decide.failed")}</AlertTitle>
                <AlertDescription>{serverErrorText(decide.error)}</AlertDescription>
              </Alert>
            )}
            <LabelledField
              control={form.control}
              name="decision"
              label={t("reviews.decide.decision")}
              render={(field) => (
                <FormControl>
                  <RadioGroup value={field.value ?? ""} onValueChange={field.onChange} className="grid gap-2 sm:grid-cols-2">
                    {DECISIONS.map((value) => (
                      <Option key={value} value={value} label={t(`reviews.decision.${value}`)} />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
            {decision && (
              <LabelledField
                control={form.control}
                name="reason"
                label={t("reviews.decide.reason")}
                render={(field) => (
                  <FormControl>
                    <RadioGroup value={field.value ?? ""} onValueChange={field.onChange} className="grid gap-2">
                      {reasonsFor(decision).map((value) => {
                        const detail = unavailable(value);
                        return (
                          <Option
                            key={value}
                            value={value}
                            label={t(`review.reason.${value}`)}
                            unavailable={detail ? t(`clearance.unavailable.${detail}`) : undefined}
                          />
                        );
                      })}
                    </RadioGroup>
                  </FormControl>
                )}
              />
            )}
            <LabelledField
              control={form.control}
              name="text"
              label={
                matchTextMin !== null
                  ? t("clearance.matchTextLabel", { min: matchTextMin })
                  : reason === "other"
                    ? t("reviews.decide.textRequiredLabel")
                    : t("reviews.decide.textLabel")
              }
              render={(field) => (
                <>
                  <FormControl>
                    <TextArea {...field} value={field.value ?? ""} maxLength={4000} />
                  </FormControl>
                  {matchTextMin !== null && <FormDescription>{t("clearance.matchTextHint")}</FormDescription>}
                </>
              )}
            />
            {decision === "false_positive" && listing && (
              <FormField
                control={form.control}
                name="remember"
                render={({ field }) => (
                  <FormItem className="flex items-start gap-3">
                    <FormControl>
                      <Checkbox checked={!!field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
                    </FormControl>
                    <div className="grid gap-1">
                      <FormLabel className="font-normal">{t("reviews.decide.remember")}</FormLabel>
                      <FormDescription>{t("reviews.decide.rememberHint")}</FormDescription>
                    </div>
                  </FormItem>
                )}
              />
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={decide.isPending}>
                {decide.isPending && <Spinner />}
                {t("reviews.decide.save")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** A choice; an unavailable one is disabled, with why under it (tied to it for screen readers). */
function Option({ value, label, unavailable }: { value: string; label: string; unavailable?: string }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="grid gap-0.5">
      <div className="flex items-center gap-2">
        <RadioGroupItem id={id} value={value} disabled={!!unavailable} aria-describedby={unavailable ? hintId : undefined} />
        <Label htmlFor={id} className="font-normal peer-disabled:opacity-60">
          {label}
        </Label>
      </div>
      {unavailable && (
        <p id={hintId} className="pl-6 text-xs text-muted-foreground" data-testid="reason-unavailable">
          {unavailable}
        </p>
      )}
    </div>
  );
}
