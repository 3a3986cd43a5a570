import { TextField } from "@duecheck/ui/form-fields";
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
      <TextField
        control={control}
        name="currentPassword"
        label={t("security.currentPassword")}
        description={mail ? t("accounts.emailChange.hintMail") : t("accounts.emailChange.hintNoMail")}
        type="password"
        autoComplete="current-password"
      />
      {twoFactor && (
        <TextField
          control={control}
          name="twoFactorCode"
          label={t("twoFactor.codeLabel")}
          description={t("accounts.emailChange.codeHint")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
        />
      )}
    </div>
  );
}
