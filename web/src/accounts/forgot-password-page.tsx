import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Form } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircleIcon, MailCheckIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { forgotPasswordSchema } from "../../../lib/auth/schemas.ts";
import { serverRefusalWords } from "../lib/refusal-words";
import { FullPageSpinner } from "../shell/full-page-spinner";
import { BackToSignInCard } from "./back-to-sign-in-card";
import { useAuthOptions, useForgotPassword } from "./use-account-recovery";

/** /forgot-password: asks for the email address and says the same whether or not it has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const options = useAuthOptions();
  const forgot = useForgotPassword();
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  if (options.isLoading) return <FullPageSpinner />;
  const failure = forgot.error ? serverRefusalWords(t, forgot.error) : undefined;

  return (
    <BackToSignInCard title={t("accounts.forgot.title")} subtitle={t("accounts.forgot.subtitle")}>
      {!options.data?.mail ? (
        <Alert data-testid="forgot-no-mail">
          <AlertCircleIcon aria-hidden />
          <AlertDescription>{t("accounts.forgot.noMail")}</AlertDescription>
        </Alert>
      ) : forgot.isSuccess ? (
        <Alert data-testid="forgot-sent" role="status">
          <MailCheckIcon aria-hidden />
          <AlertDescription>{t("accounts.forgot.sent")}</AlertDescription>
        </Alert>
      ) : (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(({ email }) => forgot.mutate(email))} className="grid gap-4" noValidate>
            {failure && (
              <Alert variant="destructive">
                <AlertCircleIcon aria-hidden />
                <AlertDescription>
                  {t("accounts.forgot.failed")}: {failure}
                </AlertDescription>
              </Alert>
            )}
            <TextField
              control={form.control}
              name="email"
              label={t("fields.email")}
              type="email"
              autoComplete="email"
              autoFocus
              placeholder={t("fields.emailPlaceholder")}
            />
            <Button type="submit" className="w-full" disabled={forgot.isPending}>
              {forgot.isPending && <Spinner aria-hidden />}
              {t("accounts.forgot.submit")}
            </Button>
          </form>
        </Form>
      )}
    </BackToSignInCard>
  );
}
