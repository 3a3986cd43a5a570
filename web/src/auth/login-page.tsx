import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Link, Navigate } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { AlertCircleIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "../shell/full-page-spinner";
import { AuthLayout } from "./auth-layout";
import { LoginCodeForm } from "./login-code-form";
import { type Credentials, LoginCredentialsForm } from "./login-credentials-form";
import { loginStepAtom } from "./login-state";
import { useCurrentUser } from "./use-current-user";
import { useLogin } from "./use-login";

/** /login; someone already signed in goes straight to the search screen. */
export function LoginPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const [loginStep, setLoginStep] = useAtom(loginStepAtom);
  const [lastEmail, setLastEmail] = useState("");
  const [error, setError] = useState<string | null>(null);

  // A fresh visit to /login always starts at the credentials step.
  useEffect(() => () => setLoginStep({ step: "credentials" }), [setLoginStep]);

  const login = useLogin({
    onTwoFactorRequired: ({ email, password }) => setLoginStep({ step: "code", email, password }),
    onError: setError,
  });

  const submitCredentials = (values: Credentials) => {
    setError(null);
    setLastEmail(values.email);
    login.mutate(values);
  };

  const onCodeStep = loginStep.step === "code";

  if (isLoading) return <FullPageSpinner />;
  // Not while signing in here: the sign-in itself leaves for / after its short delay.
  if (user && login.isIdle) return <Navigate to="/" replace />;

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-xl">{onCodeStep ? t("login.codeTitle") : t("login.title")}</CardTitle>
          <CardDescription>{onCodeStep ? t("login.codeSubtitle") : t("login.subtitle")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {error && (
            <Alert variant="destructive">
              <AlertCircleIcon aria-hidden />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          {loginStep.step === "code" ? (
            <LoginCodeForm
              pending={login.isPending}
              onBack={() => {
                setError(null);
                setLoginStep({ step: "credentials" });
              }}
              onSubmit={({ code, rememberBrowser }) => {
                setError(null);
                login.mutate({ email: loginStep.email, password: loginStep.password, twoFactorCode: code, rememberBrowser });
              }}
            />
          ) : (
            <LoginCredentialsForm defaultEmail={lastEmail} pending={login.isPending} onSubmit={submitCredentials} />
          )}
        </CardContent>
        {!onCodeStep && (
          <CardFooter className="flex-col gap-2 text-sm text-muted-foreground">
            <Link to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
              {t("accounts.forgotLink")}
            </Link>
            <span>
              {t("login.noAccount")}&nbsp;
              <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
                {t("login.registerLink")}
              </Link>
            </span>
          </CardFooter>
        )}
      </Card>
    </AuthLayout>
  );
}
