import { Badge } from "@duecheck/ui/badge";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../lib/auth/schemas.ts";

/** Read-only view of the profile information. */
export function ProfileDetails({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const notProvided = <span className="text-muted-foreground italic">{t("profile.notProvided")}</span>;
  const rows: { labelKey: string; value: React.ReactNode }[] = [
    { labelKey: "fields.fullName", value: user.fullName },
    { labelKey: "fields.email", value: user.email },
    { labelKey: "fields.phoneNumber", value: user.phoneNumber || notProvided },
    { labelKey: "fields.company", value: user.company || notProvided },
    { labelKey: "fields.position", value: user.position || notProvided },
    {
      labelKey: "profile.accountStatus",
      value: <Badge variant="success">{t("profile.active")}</Badge>,
    },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2" data-testid="profile-details">
      {rows.map(({ labelKey, value }) => (
        <div key={labelKey} className="grid gap-1">
          <dt className="text-sm text-muted-foreground">{t(labelKey)}</dt>
          <dd className="break-words font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
