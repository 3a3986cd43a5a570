import { Button } from "@duecheck/ui/button";
import { Checkbox } from "@duecheck/ui/checkbox";
import { Form, FormControl, FormField, FormItem, FormLabel } from "@duecheck/ui/form";
import { TextField } from "@duecheck/ui/form-fields";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeftIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { verifyTwoFactorSchema } from "../../../lib/auth/schemas.ts";

const codeStepSchema = verifyTwoFactorSchema.extend({ rememberBrowser: z.boolean() });
/** A recovery code in place of the app's code: xxxxx-xxxxx (the server ignores case, spaces and the dash). */
const recoveryStepSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z2-7]{5}[\s-]?[a-z2-7]{5}$/i, "accounts.recoveryCodeInvalid"),
  rememberBrowser: z.boolean(),
});
export type CodeStepValues = z.output<typeof codeStepSchema>;

/** The code box for the authenticator app's 6 digits, and for a recovery code. */
const APP_CODE_INPUT = {
  inputMode: "numeric",
  autoComplete: "one-time-code",
  maxLength: 6,
  placeholder: "000000",
  className: "text-center font-mono text-lg tracking-[0.5em]",
} as const;
const RECOVERY_CODE_INPUT = {
  autoComplete: "off",
  autoCapitalize: "none",
  spellCheck: false,
  maxLength: 20,
  placeholder: "xxxxx-xxxxx",
  className: "text-center font-mono text-lg",
} as const;

/** Step 2 of sign-in: the 6-digit authenticator code (or a recovery code) and "Remember this browser for 30 days". */
export function LoginCodeForm({ pending, onSubmit, onBack }: { pending: boolean; onSubmit: (values: CodeStepValues) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const form = useForm<z.input<typeof codeStepSchema>, unknown, CodeStepValues>({
    resolver: zodResolver(recovery ? recoveryStepSchema : codeStepSchema),
    defaultValues: { code: "", rememberBrowser: false },
  });

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate>
        <TextField
          control={form.control}
          name="code"
          label={recovery ? t("accounts.recoveryCodeLabel") : t("login.codeLabel")}
          description={recovery ? t("accounts.recoveryCodeDescription") : t("login.codeDescription")}
          autoFocus
          {...(recovery ? RECOVERY_CODE_INPUT : APP_CODE_INPUT)}
        />
        <FormField
          control={form.control}
          name="rememberBrowser"
          render={({ field }) => (
            <FormItem className="flex flex-row items-center gap-2">
              <FormControl>
                <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
              </FormControl>
              <FormLabel className="font-normal">{t("login.rememberBrowser")}</FormLabel>
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending && <Spinner aria-hidden />}
          {pending ? t("login.verifying") : t("login.verifyAndSignIn")}
        </Button>
        <Button
          type="button"
          variant="link"
          className="w-full"
          onClick={() => {
            form.reset({ code: "", rememberBrowser: form.getValues("rememberBrowser") });
            setRecovery(!recovery);
          }}
        >
          {recovery ? t("accounts.useAuthenticatorCode") : t("accounts.useRecoveryCode")}
        </Button>
        <Button type="button" variant="ghost" className="w-full" onClick={onBack} disabled={pending}>
          <ArrowLeftIcon aria-hidden />
          {t("login.backToLogin")}
        </Button>
      </form>
    </Form>
  );
}
