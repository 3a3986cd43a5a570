import { DuecheckError } from "@duecheck/react/api/errors";
import { ShieldOffIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { readsAdminViews } from "../../../lib/auth/roles.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { MessagePage } from "../components/message-page";

/**
 * The admin screens for admins, and to read, auditors; anyone else sees the 'not allowed' state (the server answers
 * them 403 too). `adminsOnly`: a screen with nothing to read for an auditor (the settings).
 */
export function AdminOnly({ children, adminsOnly = false }: { children: React.ReactNode; adminsOnly?: boolean }) {
  const { user } = useCurrentUser();
  if (!user || !readsAdminViews(user) || (adminsOnly && user.role !== "admin")) return <NotAllowed />;
  return children;
}

/** True when a query failed because the server refused this user (403): the screen shows the 'not allowed' state. */
export function isForbidden(error: unknown) {
  return error instanceof DuecheckError && error.status === 403;
}

export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={ShieldOffIcon}
      title={t("admin.notAllowed.title")}
      description={t("admin.notAllowed.description")}
      link={{ to: "/", label: t("notFound.home") }}
      testId="admin-not-allowed"
    />
  );
}
