import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Spinner } from "@duecheck/ui/spinner";
import { useMutation } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import { AlertCircleIcon, CheckCircle2Icon } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest, serverErrorText } from "../lib/api";
import { BackToSignInCard } from "./back-to-sign-in-card";

/** /confirm-email?token=…: confirms the address once opened (a second visit says it was already confirmed). */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token } = useSearch({ strict: false }) as { token?: string };
  const confirm = useMutation({
    mutationFn: (value: string) => apiRequest<{ success: true; alreadyConfirmed: boolean }>("POST", "/api/auth/confirm-email", { token: value }),
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
          <AlertDescription>{t(confirm.data.alreadyConfirmed ? "accounts.confirm.already" : "accounts.confirm.done")}</AlertDescription>
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
