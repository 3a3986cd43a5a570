import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@duecheck/ui/form";
import { Input } from "@duecheck/ui/input";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { AlertCircleIcon, MailCheckIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { forgotPasswordSchema } from "../../../lib/auth/schemas.ts";
import { AuthLayout } from "../auth/auth-layout";
import { serverErrorText } from "../lib/api";
import { FullPageSpinner } from "../shell/full-page-spinner";
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
  const failure = forgot.error ? serverErrorText(forgot.error) : null;

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-xl">{t("accounts.forgot.title")}</CardTitle>
          <CardDescription>{t("accounts.forgot.subtitle")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
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
                      {t("accounts.forgot.failed")}: {t(failure)}
                    </AlertDescription>
                  </Alert>
                )}
                <FormField
                  control={form.control}
                  name="email"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>{t("fields.email")}</FormLabel>
                      <FormControl>
                        <Input type="email" autoComplete="email" autoFocus placeholder={t("fields.emailPlaceholder")} {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <Button type="submit" className="w-full" disabled={forgot.isPending}>
                  {forgot.isPending && <Spinner aria-hidden />}
                  {t("accounts.forgot.submit")}
                </Button>
              </form>
            </Form>
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
