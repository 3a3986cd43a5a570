import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Spinner } from "@duecheck/ui/spinner";
import { useMutation } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import type { TFunction } from "i18next";
import { AlertCircleIcon, CheckCircle2Icon } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { ConfirmEmailAnswer } from "../../../lib/auth/schemas.ts";
import { useRefreshCurrentUser } from "../auth/use-refresh-current-user";
import { answer, api, serverErrorText } from "../lib/api";
import { BackToSignInCard } from "./back-to-sign-in-card";

/** What the page says of a confirmed link: a registration's, or a change of address (the answer names the new one). */
function doneText(t: TFunction, { alreadyConfirmed, email }: ConfirmEmailAnswer) {
  if (email) return alreadyConfirmed ? t("accounts.confirm.changeAlready", { email }) : t("accounts.confirm.changed", { email });
  return alreadyConfirmed ? t("accounts.confirm.already") : t("accounts.confirm.done");
}

/**
 * /confirm-email?token=…: confirms a registration's address, or a change of address, once opened (a second visit
 * says it was already confirmed).
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token } = useSearch({ strict: false }) as { token?: string };
  const refreshUser = useRefreshCurrentUser();
  const confirm = useMutation({
    mutationFn: (value: string) => answer(api.auth["confirm-email"].$post({ json: { token: value } })),
    // A change of address: a session of this account open in this browser reads its new address.
    onSuccess: (answer) => {
      if (answer.email) void refreshUser();
    },
  });
  const { mutate } = confirm;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  const failure = confirm.error ? serverErrorText(confirm.error) : null;

  return (
    <BackToSignInCard title={t("accounts.confirm.title")}>
      {confirm.isSuccess ? (
        <Alert role="status" data-testid="confirm-done">
          <CheckCircle2Icon aria-hidden />
          <AlertDescription>{doneText(t, confirm.data)}</AlertDescription>
        </Alert>
      ) : !token || confirm.isError ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <AlertDescription>
            {t("accounts.confirm.failed")}
            {failure ? `: ${t(failure)}` : ""}
          </AlertDescription>
        </Alert>
      ) : (
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <Spinner aria-hidden />
          {t("accounts.confirm.working")}
        </p>
      )}
    </BackToSignInCard>
  );
}
