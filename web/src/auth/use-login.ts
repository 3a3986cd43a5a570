import { toast } from "@duecheck/ui/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { LoginRequest } from "../../../lib/auth/schemas.ts";
import { answer, api } from "../lib/api";
import { serverRefusalWords } from "../lib/refusal-words";
import { CURRENT_USER_QUERY_KEY } from "./use-current-user";

/** Wait before leaving /login for / after a successful sign-in. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

/**
 * POST /api/auth/login. A second factor asked for shows the code step; success stores the user, toasts 'Welcome!' (the account's first sign-in) or 'Welcome back!'
 * and goes to /; a failure shows the server's text, else 'Invalid credentials', in the alert and a toast.
 */
export function useLogin({ onTwoFactorRequired, onError }: { onTwoFactorRequired: (request: LoginRequest) => void; onError: (message: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useMutation({
    mutationFn: (body: LoginRequest) => answer(api.auth.login.$post({ json: body })),
    onSuccess: (answer, request) => {
      if ("requiresTwoFactor" in answer && answer.requiresTwoFactor) {
        toast({ title: t("login.twoFactorRequired"), description: t("login.twoFactorRequiredDescription") });
        onTwoFactorRequired(request);
        return;
      }
      if ("user" in answer) {
        toast({ title: answer.firstSignIn ? t("login.welcome") : t("login.welcomeBack"), description: t("login.loggedInAs", { name: answer.user.fullName }) });
        // Nothing cached for an earlier session (for example one that expired) may show for this user.
        queryClient.clear();
        queryClient.setQueryData(CURRENT_USER_QUERY_KEY, answer.user);
        setTimeout(() => void navigate({ to: "/" }), LOGIN_REDIRECT_DELAY_MS);
      }
    },
    onError: (error) => {
      const message = serverRefusalWords(t, error) ?? t("login.invalidCredentials");
      onError(message);
      toast({ variant: "destructive", title: t("login.failed"), description: message });
    },
  });
}
