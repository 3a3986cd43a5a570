import { toast } from "@duecheck/ui/use-toast";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { answer, api } from "../lib/api";
import { serverRefusalWords } from "../lib/refusal-words";
import { useRefreshCurrentUser } from "./use-refresh-current-user";

const startSetup = () => answer(api.auth["setup-2fa"].$post());

/** What POST /api/auth/setup-2fa answers: the QR code and the secret the setup dialog shows. */
export type TwoFactorSetup = Awaited<ReturnType<typeof startSetup>>;

/** POST /api/auth/setup-2fa: a QR code (data: URL) and the manual secret. */
export function useSetupTwoFactor(onReady: (setup: TwoFactorSetup) => void) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: startSetup,
    onSuccess: onReady,
    onError: (error) => {
      toast({
        variant: "destructive",
        title: t("twoFactor.setupFailed"),
        description: serverRefusalWords(t, error) ?? t("twoFactor.setupFailedDescription"),
      });
    },
  });
}

/** POST /api/auth/verify-2fa {code}: turns two-factor on, then refetches the current user. */
export function useVerifyTwoFactor({ onVerified, onInvalid }: { onVerified: (recoveryCodes: string[]) => void; onInvalid: () => void }) {
  const { t } = useTranslation();
  const refreshUser = useRefreshCurrentUser();
  return useMutation({
    mutationFn: (code: string) => answer(api.auth["verify-2fa"].$post({ json: { code } })),
    onSuccess: async ({ recoveryCodes }) => {
      toast({ title: t("twoFactor.enabledToast"), description: t("twoFactor.enabledToastDescription") });
      onVerified(recoveryCodes);
      await refreshUser();
    },
    onError: () => {
      toast({ variant: "destructive", title: t("Invalid verification code"), description: t("twoFactor.checkCode") });
      onInvalid();
    },
  });
}

/** POST /api/auth/disable-2fa {password, code}: turns two-factor off, then refetches the current user. */
export function useDisableTwoFactor(onDisabled: () => void) {
  const { t } = useTranslation();
  const refreshUser = useRefreshCurrentUser();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => answer(api.auth["disable-2fa"].$post({ json: body })),
    onSuccess: async () => {
      toast({ title: t("twoFactor.disabledToast"), description: t("twoFactor.disabledToastDescription") });
      onDisabled();
      await refreshUser();
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: t("twoFactor.disableFailed"),
        description: serverRefusalWords(t, error),
      });
    },
  });
}
