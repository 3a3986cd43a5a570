import { Button } from "@duecheck/ui/button";
import { Form } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { loginSchema } from "../../../lib/auth/schemas.ts";

const credentialsSchema = loginSchema.pick({ email: true, password: true });
export type Credentials = z.output<typeof credentialsSchema>;

/** Step 1 of sign-in: email and password. */
export function LoginCredentialsForm({ defaultEmail, pending, onSubmit }: { defaultEmail: string; pending: boolean; onSubmit: (values: Credentials) => void }) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof credentialsSchema>, unknown, Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { email: defaultEmail, password: "" },
  });

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate>
        <TextField
          control={form.control}
          name="email"
          label={t("fields.email")}
          type="email"
          autoComplete="username"
          placeholder={t("fields.emailPlaceholder")}
        />
        <TextField control={form.control} name="password" label={t("fields.password")} type="password" autoComplete="current-password" />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending && <Spinner aria-hidden />}
          {pending ? t("login.signingIn") : t("login.submit")}
        </Button>
      </form>
    </Form>
  );
}
