import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import { Button } from "@duecheck/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Separator } from "@duecheck/ui/separator";
import { Spinner } from "@duecheck/ui/spinner";
import { ShieldCheckIcon, ShieldOffIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RegenerateRecoveryCodes } from "../accounts/recovery-codes-card";
import { RecoveryCodesDialog } from "../accounts/recovery-codes-dialog";
import { PageHeader } from "../shell/page-header";
import { TwoFactorDisableForm } from "./two-factor-disable-form";
import { TwoFactorSetupDialog } from "./two-factor-setup-dialog";
import { TwoFactorStatusBadge } from "./two-factor-status-badge";
import { useCurrentUser } from "./use-current-user";
import { type TwoFactorSetup, useSetupTwoFactor } from "./use-two-factor";

export function TwoFactorPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const startSetup = useSetupTwoFactor(setSetup);
  const enabled = user?.twoFactorEnabled ?? false;

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("twoFactor.title")} description={t("twoFactor.subtitle")} />
      {user?.twoFactorSetupRequired && (
        <Alert variant="warning" data-testid="two-factor-required">
          <ShieldOffIcon aria-hidden />
          <AlertTitle>{t("accounts.required.title")}</AlertTitle>
          <AlertDescription>{t("accounts.required.description")}</AlertDescription>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            {enabled ? <ShieldCheckIcon className="size-5 text-success" aria-hidden /> : <ShieldOffIcon className="size-5 text-muted-foreground" aria-hidden />}
            {t("twoFactor.statusTitle")}
          </CardTitle>
          <CardDescription>{enabled ? t("twoFactor.enabledDescription") : t("twoFactor.disabledDescription")}</CardDescription>
          <CardAction>
            <TwoFactorStatusBadge enabled={enabled} />
          </CardAction>
        </CardHeader>
        <CardContent className="grid gap-4">
          {enabled ? (
            <>
              <Separator />
              <div className="grid gap-1">
                <h3 className="font-medium">{t("twoFactor.disableTitle")}</h3>
                <p className="text-sm text-muted-foreground">{t("twoFactor.disableDescription")}</p>
              </div>
              <TwoFactorDisableForm />
              <Separator />
              <RegenerateRecoveryCodes onCodes={setRecoveryCodes} />
            </>
          ) : (
            <Button className="w-fit" onClick={() => startSetup.mutate()} disabled={startSetup.isPending}>
              {startSetup.isPending ? <Spinner aria-hidden /> : <ShieldCheckIcon aria-hidden />}
              {t("twoFactor.startSetup")}
            </Button>
          )}
        </CardContent>
      </Card>
      <TwoFactorSetupDialog setup={setup} onClose={() => setSetup(null)} />
      <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
    </div>
  );
}
