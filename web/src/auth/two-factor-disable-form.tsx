import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Form } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircleIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { disableTwoFactorSchema } from "../../../lib/auth/schemas.ts";
import { useDisableTwoFactor } from "./use-two-factor";

type DisableValues = z.input<typeof disableTwoFactorSchema>;

const EMPTY: DisableValues = { password: "", code: "" };

/**
 * Turning two-factor off needs the password and a current 6-digit code. Either missing, one message says both, once,
 * until the next try.
 */
export function TwoFactorDisableForm() {
  const { t } = useTranslation();
  const form = useForm<DisableValues, unknown, z.output<typeof disableTwoFactorSchema>>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: EMPTY,
    reValidateMode: "onSubmit",
  });
  const disable = useDisableTwoFactor(() => form.reset(EMPTY));
  const invalid = Object.keys(form.formState.errors).length > 0;

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => disable.mutate(values))}>
        <TextField control={form.control} name="password" label={t("fields.password")} message={false} type="password" autoComplete="current-password" />
        <TextField
          control={form.control}
          name="code"
          label={t("twoFactor.codeLabel")}
          message={false}
          // Spaces around a pasted code are not part of it.
          parse={(event) => event.target.value.trim()}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
          className="font-mono tracking-widest"
        />
        {invalid && (
          <Alert variant="destructive">
            <AlertCircleIcon aria-hidden />
            <AlertDescription>{t("Please enter your password and a 6-digit verification code")}</AlertDescription>
          </Alert>
        )}
        <Button type="submit" variant="destructive" className="w-fit" disabled={disable.isPending}>
          {disable.isPending && <Spinner aria-hidden />}
          {t("twoFactor.disable")}
        </Button>
      </form>
    </Form>
  );
}
