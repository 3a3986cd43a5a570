import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Form } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSearch } from "@tanstack/react-router";
import { AlertCircleIcon, CheckCircle2Icon } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { resetPasswordFormSchema } from "../../../lib/auth/schemas.ts";
import { serverErrorText } from "../lib/api";
import { BackToSignInCard } from "./back-to-sign-in-card";
import { useResetPassword } from "./use-account-recovery";

type Values = z.input<typeof resetPasswordFormSchema>;

/** /reset-password?token=…: the page of a reset or invitation link, where the new password is set (once). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token } = useSearch({ strict: false }) as { token?: string };
  const reset = useResetPassword();
  const form = useForm<Values, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token: token ?? "", password: "", confirmPassword: "" },
  });
  const failure = reset.error ? serverErrorText(reset.error) : null;

  return (
    <BackToSignInCard title={t("accounts.reset.title")} subtitle={t("accounts.reset.subtitle")}>
      {!token ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <AlertDescription>{t("accounts.reset.noToken")}</AlertDescription>
        </Alert>
      ) : reset.isSuccess ? (
        <Alert role="status" data-testid="reset-done">
          <CheckCircle2Icon aria-hidden />
          <AlertDescription>{t("accounts.reset.done")}</AlertDescription>
        </Alert>
      ) : (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))} className="grid gap-4" noValidate>
            {failure && (
              <Alert variant="destructive" data-testid="reset-failed">
                <AlertCircleIcon aria-hidden />
                <AlertDescription>
                  {t("accounts.reset.failed")}: {t(failure)}
                </AlertDescription>
              </Alert>
            )}
            {(["password", "confirmPassword"] as const).map((name) => (
              <TextField
                key={name}
                control={form.control}
                name={name}
                label={t(name === "password" ? "accounts.reset.password" : "accounts.reset.confirm")}
                type="password"
                autoComplete="new-password"
                autoFocus={name === "password"}
              />
            ))}
            <Button type="submit" className="w-full" disabled={reset.isPending}>
              {reset.isPending && <Spinner aria-hidden />}
              {t("accounts.reset.submit")}
            </Button>
          </form>
        </Form>
      )}
    </BackToSignInCard>
  );
}
