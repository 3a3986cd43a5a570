import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Form } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { toast } from "@duecheck/ui/use-toast";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { AlertCircleIcon } from "lucide-react";
import { useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type RegisterInput, registerSchema } from "../../../lib/auth/schemas.ts";
import { answer, api } from "../lib/api";
import { serverRefusalWords } from "../lib/refusal-words";
import { AuthLayout } from "./auth-layout";

type RegisterFormValues = z.input<typeof registerSchema>;

/**
 * Every field is required (registerSchema), so each is marked: a "*" beside its label (explained above the form) and
 * `required`/aria-required on its box. A field with a rule beyond "not empty" says the rule under the box before
 * anyone breaks it (hintKey), not only in the error afterwards.
 */
const FIELDS: { name: FieldPath<RegisterFormValues>; labelKey: string; type: string; autoComplete: string; hintKey?: string }[] = [
  { name: "fullName", labelKey: "fields.fullName", type: "text", autoComplete: "name" },
  { name: "email", labelKey: "fields.email", type: "email", autoComplete: "email" },
  { name: "phoneNumber", labelKey: "fields.phoneNumber", type: "tel", autoComplete: "tel", hintKey: "accounts.register.phoneHint" },
  { name: "company", labelKey: "fields.company", type: "text", autoComplete: "organization" },
  { name: "position", labelKey: "fields.position", type: "text", autoComplete: "organization-title" },
  { name: "password", labelKey: "fields.password", type: "password", autoComplete: "new-password", hintKey: "accounts.register.passwordHint" },
];

/** The required mark: seen beside the label, left out of its accessible name (the box itself says it is required). */
function RequiredLabel({ text }: { text: string }) {
  return (
    <>
      {text}
      <span aria-hidden className="text-destructive">
        *
      </span>
    </>
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { fullName: "", email: "", phoneNumber: "", company: "", position: "", password: "" },
  });

  const register = useMutation({
    mutationFn: (body: RegisterInput) => answer(api.auth.register.$post({ json: body })),
    onSuccess: (answer) => {
      if (answer.signedIn) {
        // Registration signed the account in: into the app at once, with nothing cached from an earlier session.
        toast({ title: t("login.welcome"), description: t("login.loggedInAs", { name: answer.user.fullName }) });
        queryClient.clear();
        void navigate({ to: "/" });
        return;
      }
      if (answer.emailConfirmationSent) toast({ title: t("accounts.register.checkMail"), description: t("accounts.register.checkMailDescription") });
      else toast({ title: t("register.success"), description: t("register.successDescription") });
      void navigate({ to: "/login" });
    },
    onError: (err) => {
      const message = serverRefusalWords(t, err) ?? t("register.failed");
      setError(message);
      toast({ variant: "destructive", title: t("register.failedTitle"), description: message });
    },
  });

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-xl">{t("register.title")}</CardTitle>
          <CardDescription>{t("register.subtitle")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {error && (
            <Alert variant="destructive">
              <AlertCircleIcon aria-hidden />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <Form {...form}>
            <form
              className="grid gap-4"
              noValidate
              onSubmit={form.handleSubmit((values) => {
                setError(null);
                register.mutate(values);
              })}
            >
              <p className="text-sm text-muted-foreground" data-testid="register-required-note">
                {t("accounts.register.requiredNote")}
              </p>
              {FIELDS.map(({ name, labelKey, type, autoComplete, hintKey }) => (
                <TextField
                  key={name}
                  control={form.control}
                  name={name}
                  label={<RequiredLabel text={t(labelKey)} />}
                  description={hintKey ? t(hintKey) : undefined}
                  type={type}
                  autoComplete={autoComplete}
                  required
                  aria-required
                />
              ))}
              <Button type="submit" className="w-full" disabled={register.isPending}>
                {register.isPending && <Spinner aria-hidden />}
                {register.isPending ? t("register.submitting") : t("register.submit")}
              </Button>
            </form>
          </Form>
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          {t("register.haveAccount")}&nbsp;
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("register.loginLink")}
          </Link>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
