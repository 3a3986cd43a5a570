import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Form, FormControl } from "@duecheck/ui/form";
import { LabelledField } from "@duecheck/ui/form-fields";
import { Input } from "@duecheck/ui/input";
import { Spinner } from "@duecheck/ui/spinner";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircleIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { verifyTwoFactorSchema } from "../../../lib/auth/schemas.ts";
import { RecoveryCodesView } from "../accounts/recovery-codes-dialog";
import { type TwoFactorSetup, useVerifyTwoFactor } from "./use-two-factor";

const CODE_LENGTH = 6;

type VerifyValues = z.input<typeof verifyTwoFactorSchema>;

/**
 * QR code, manual secret and a 6-digit code that submits by itself once complete. A refusal (the schema's or the
 * server's) stays until the next try.
 */
export function TwoFactorSetupDialog({ setup, onClose }: { setup: TwoFactorSetup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const secretId = useId();
  const lastSubmitted = useRef<string | null>(null);
  // Once verified, the same dialog shows the new recovery codes (one dialog: no second one opening as this closes).
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const form = useForm<VerifyValues, unknown, z.output<typeof verifyTwoFactorSchema>>({
    resolver: zodResolver(verifyTwoFactorSchema),
    defaultValues: { code: "" },
    reValidateMode: "onSubmit",
  });
  const code = form.watch("code");
  const error = form.formState.errors.code?.message;

  const verify = useVerifyTwoFactor({
    onVerified: (codes) => {
      form.reset();
      setRecoveryCodes(codes);
    },
    onInvalid: () => {
      form.setValue("code", "");
      form.setError("code", { message: "twoFactor.checkCode" });
      lastSubmitted.current = null;
    },
  });

  const submit = form.handleSubmit(({ code: entered }) => {
    if (verify.isPending || lastSubmitted.current === entered) return;
    lastSubmitted.current = entered;
    verify.mutate(entered);
  });

  return (
    <Dialog
      open={setup !== null}
      onOpenChange={(open) => {
        if (!open) {
          form.reset();
          setRecoveryCodes(null);
          lastSubmitted.current = null;
          onClose();
        }
      }}
    >
      <DialogContent>
        {recoveryCodes ? (
          <RecoveryCodesView
            codes={recoveryCodes}
            onDone={() => {
              setRecoveryCodes(null);
              onClose();
            }}
          />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{t("twoFactor.setupTitle")}</DialogTitle>
              <DialogDescription>{t("twoFactor.setupDescription")}</DialogDescription>
            </DialogHeader>
            {setup && (
              <Form {...form}>
                <form
                  className="grid gap-4"
                  noValidate
                  onSubmit={(event) => {
                    lastSubmitted.current = null;
                    void submit(event);
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
                  <LabelledField
                    control={form.control}
                    name="code"
                    label={t("twoFactor.codeLabel")}
                    message={false}
                    render={(field) => (
                      <FormControl>
                        <Input
                          {...field}
                          autoFocus
                          inputMode="numeric"
                          autoComplete="one-time-code"
                          maxLength={CODE_LENGTH}
                          placeholder="000000"
                          className="text-center font-mono text-lg tracking-[0.5em]"
                          readOnly={verify.isPending}
                          onChange={(event) => {
                            const value = event.target.value.trim().slice(0, CODE_LENGTH);
                            field.onChange(value);
                            if (value.length === CODE_LENGTH) void submit();
                          }}
                        />
                      </FormControl>
                    )}
                  />
                  {error && (
                    <Alert variant="destructive">
                      <AlertCircleIcon aria-hidden />
                      <AlertDescription>{t(error)}</AlertDescription>
                    </Alert>
                  )}
                  <DialogFooter>
                    <Button type="submit" disabled={code.length !== CODE_LENGTH || verify.isPending}>
                      {verify.isPending && <Spinner aria-hidden />}
                      {t("twoFactor.verify")}
                    </Button>
                  </DialogFooter>
                </form>
              </Form>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
