import { DuecheckError } from "@duecheck/react/api/errors";
import { toast } from "@duecheck/ui/use-toast";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Language, UpdateProfileInput } from "../../../lib/auth/schemas.ts";
import { useRefreshCurrentUser } from "../auth/use-refresh-current-user";
import i18n from "../i18n";
import { answer, api } from "../lib/api";
import { serverRefusalWords } from "../lib/refusal-words";

function failureToast(title: string, error: unknown, fallback?: string) {
  toast({ variant: "destructive", title, description: serverRefusalWords(i18n.t, error) ?? fallback });
}

/**
 * POST /api/auth/update-profile. A new email address awaiting its link says where the link went (the account keeps
 * its old address until then). A 429 may have ended the session (too many wrong passwords or codes): the user is read
 * again, so a session that is gone goes to sign-in.
 */
export function useUpdateProfile(onSaved: () => void) {
  const { t } = useTranslation();
  const refreshUser = useRefreshCurrentUser();
  return useMutation({
    mutationFn: (body: UpdateProfileInput) => answer(api.auth["update-profile"].$post({ json: body })),
    onSuccess: async ({ emailChangePending: email }) => {
      if (email) toast({ title: t("accounts.emailChange.sent"), description: t("accounts.emailChange.sentDescription", { email }) });
      else toast({ title: t("profile.updated"), description: t("profile.updatedDescription") });
      onSaved();
      await refreshUser();
    },
    onError: (error) => {
      failureToast(t("profile.updateFailed"), error, t("profile.updateFailedDescription"));
      if (error instanceof DuecheckError && error.status === 429) void refreshUser();
    },
  });
}

/** PUT /api/auth/profile {sessionDuration}; the new duration applies from the next sign-in. */
export function useUpdateSessionDuration() {
  const { t } = useTranslation();
  const refreshUser = useRefreshCurrentUser();
  return useMutation({
    mutationFn: (sessionDuration: number) => answer(api.auth.profile.$put({ json: { sessionDuration } })),
    onSuccess: async () => {
      toast({ title: t("security.sessionUpdated"), description: t("security.sessionUpdatedDescription") });
      await refreshUser();
    },
    onError: (error) => failureToast(t("security.sessionUpdateFailed"), error),
  });
}

/** POST /api/auth/change-password {currentPassword, newPassword}. */
export function useChangePassword(onChanged: () => void) {
  const { t } = useTranslation();
  const refreshUser = useRefreshCurrentUser();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => answer(api.auth["change-password"].$post({ json: body })),
    onSuccess: async () => {
      toast({ title: t("security.passwordChanged"), description: t("security.passwordChangedDescription") });
      onChanged();
      await refreshUser();
    },
    onError: (error) => failureToast(t("security.passwordChangeFailed"), error),
  });
}

/** POST /api/auth/update-languages; a new profile language also switches the interface. */
export function useUpdateLanguages() {
  const refreshUser = useRefreshCurrentUser();
  return useMutation({
    mutationFn: (body: { profileLanguage: Language; reportLanguage: Language }) => answer(api.auth["update-languages"].$post({ json: body })),
    onSuccess: async (_answer, body) => {
      if (i18n.language !== body.profileLanguage) await i18n.changeLanguage(body.profileLanguage);
      toast({ title: i18n.t("languages.updated"), description: i18n.t("languages.updatedDescription") });
      await refreshUser();
    },
    onError: (error) => failureToast(i18n.t("languages.updateFailed"), error),
  });
}
