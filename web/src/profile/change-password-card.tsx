import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Form } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRoundIcon } from "lucide-react";
import { type FieldPath, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { changePasswordFormSchema } from "../../../lib/auth/schemas.ts";
import { useChangePassword } from "./use-account-mutations";

type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;

const FIELDS: { name: FieldPath<ChangePasswordValues>; labelKey: string; autoComplete: string }[] = [
  { name: "currentPassword", labelKey: "security.currentPassword", autoComplete: "current-password" },
  { name: "newPassword", labelKey: "security.newPassword", autoComplete: "new-password" },
  { name: "confirmPassword", labelKey: "security.confirmPassword", autoComplete: "new-password" },
];

const EMPTY: ChangePasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const form = useForm<ChangePasswordValues, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const change = useChangePassword(() => form.reset(EMPTY));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRoundIcon className="size-5 text-primary" aria-hidden />
          {t("security.passwordTitle")}
        </CardTitle>
        <CardDescription>{t("security.passwordDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            className="grid gap-4 sm:max-w-md"
            noValidate
            onSubmit={form.handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}
          >
            {FIELDS.map(({ name, labelKey, autoComplete }) => (
              <TextField key={name} control={form.control} name={name} label={t(labelKey)} type="password" autoComplete={autoComplete} />
            ))}
            <Button type="submit" className="w-fit" disabled={change.isPending}>
              {change.isPending && <Spinner aria-hidden />}
              {t("security.changePassword")}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
