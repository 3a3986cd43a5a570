import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@duecheck/ui/form";
import { Input } from "@duecheck/ui/input";
import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { UpdateProfileInput } from "../../../lib/auth/schemas.ts";
import { useAuthOptions } from "./use-account-recovery";

type Proof = Pick<UpdateProfileInput, "currentPassword" | "twoFactorCode">;

/**
 * The proof a new email address needs, shown in the profile form while its email differs from the account's: the
 * address is where password resets go, so changing it takes the current password, and a code when 2FA is on
 * (lib/auth/email-change.ts). The hint says what happens next: with mail, a link to the new address confirms it;
 * without, the change applies on saving.
 */
export function EmailChangeFields({ twoFactor }: { twoFactor: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<Proof>();
  const mail = useAuthOptions().data?.mail !== false;
  return (
    <div className="grid gap-4 rounded-md border border-dashed p-4 sm:grid-cols-2" data-testid="email-change-proof">
      <FormField
        control={control}
        name="currentPassword"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("security.currentPassword")}</FormLabel>
            <FormControl>
              <Input type="password" autoComplete="current-password" {...field} value={field.value ?? ""} />
            </FormControl>
            <FormDescription>{mail ? t("accounts.emailChange.hintMail") : t("accounts.emailChange.hintNoMail")}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      {twoFactor && (
        <FormField
          control={control}
          name="twoFactorCode"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("twoFactor.codeLabel")}</FormLabel>
              <FormControl>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={20} {...field} value={field.value ?? ""} />
              </FormControl>
              <FormDescription>{t("accounts.emailChange.codeHint")}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
    </div>
  );
}
