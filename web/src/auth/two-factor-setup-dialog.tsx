import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Spinner } from "@duecheck/ui/spinner";
import { AlertCircleIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { verifyTwoFactorSchema } from "../../../lib/auth/schemas.ts";
import { type TwoFactorSetup, useVerifyTwoFactor } from "./use-two-factor";

const CODE_LENGTH = 6;

/** QR code, manual secret and a 6-digit code that submits by itself once complete. */
export function TwoFactorSetupDialog({ setup, onClose }: { setup: TwoFactorSetup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const codeId = useId();
  const secretId = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const lastSubmitted = useRef<string | null>(null);

  const verify = useVerifyTwoFactor({
    onVerified: () => {
      setCode("");
      onClose();
    },
    onInvalid: () => {
      setError(t("twoFactor.checkCode"));
      setCode("");
      lastSubmitted.current = null;
    },
  });

  const submit = (value: string) => {
    const parsed = verifyTwoFactorSchema.safeParse({ code: value });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? "Please enter a 6-digit verification code"));
      return;
    }
    if (verify.isPending || lastSubmitted.current === parsed.data.code) return;
    lastSubmitted.current = parsed.data.code;
    setError(null);
    verify.mutate(parsed.data.code);
  };

  return (
    <Dialog
      open={setup !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCode("");
          setError(null);
          lastSubmitted.current = null;
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("twoFactor.setupTitle")}</DialogTitle>
          <DialogDescription>{t("twoFactor.setupDescription")}</DialogDescription>
        </DialogHeader>
        {setup && (
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              lastSubmitted.current = null;
              submit(code);
            }}
          >
            <div className="flex justify-center">
              <img src={setup.qrCodeImage} alt={t("twoFactor.qrAlt")} width={192} height={192} className="size-48 rounded-md border bg-white p-2" />
            </div>
            <div className="grid gap-1.5">
              <p className="text-sm text-muted-foreground" id={secretId}>
                {t("twoFactor.manualEntry")}
              </p>
              <code
                aria-describedby={secretId}
                data-testid="two-factor-secret"
                className="select-all break-all rounded-md bg-muted px-3 py-2 text-center font-mono text-sm"
              >
                {setup.secret}
              </code>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={codeId}>{t("twoFactor.codeLabel")}</Label>
              <Input
                id={codeId}
                autoFocus
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={CODE_LENGTH}
                placeholder="000000"
                className="text-center font-mono text-lg tracking-[0.5em]"
                value={code}
                aria-invalid={error ? true : undefined}
                readOnly={verify.isPending}
                onChange={(event) => {
                  const value = event.target.value.trim().slice(0, CODE_LENGTH);
                  setCode(value);
                  if (value.length === CODE_LENGTH) submit(value);
                }}
              />
            </div>
            {error && (
              <Alert variant="destructive">
                <AlertCircleIcon aria-hidden />
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            )}
            <DialogFooter>
              <Button type="submit" disabled={code.length !== CODE_LENGTH || verify.isPending}>
                {verify.isPending && <Spinner aria-hidden />}
                {t("twoFactor.verify")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
