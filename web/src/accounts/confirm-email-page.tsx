import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Spinner } from "@duecheck/ui/spinner";
import { useMutation } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import { AlertCircleIcon, CheckCircle2Icon } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "../auth/auth-layout";
import { apiRequest, serverErrorText } from "../lib/api";

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
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-xl">{t("accounts.confirm.title")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
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
        </CardContent>
        <CardFooter className="justify-center text-sm">
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("accounts.backToLogin")}
          </Link>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
