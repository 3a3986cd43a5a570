import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Spinner } from "@duecheck/ui/spinner";
import { AlertCircleIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { disableTwoFactorSchema } from "../../../lib/auth/schemas.ts";
import { useDisableTwoFactor } from "./use-two-factor";

/** Turning two-factor off needs the password and a current 6-digit code. */
export function TwoFactorDisableForm() {
  const { t } = useTranslation();
  const passwordId = useId();
  const codeId = useId();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const disable = useDisableTwoFactor(() => {
    setPassword("");
    setCode("");
  });

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = disableTwoFactorSchema.safeParse({ password, code: code.trim() });
        if (!parsed.success) {
          setError(t("Please enter your password and a 6-digit verification code"));
          return;
        }
        setError(null);
        disable.mutate(parsed.data);
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={passwordId}>{t("fields.password")}</Label>
        <Input id={passwordId} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={codeId}>{t("twoFactor.codeLabel")}</Label>
        <Input
          id={codeId}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
          className="font-mono tracking-widest"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      {error && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <Button type="submit" variant="destructive" className="w-fit" disabled={disable.isPending}>
        {disable.isPending && <Spinner aria-hidden />}
        {t("twoFactor.disable")}
      </Button>
    </form>
  );
}
