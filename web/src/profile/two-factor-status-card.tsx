import { Button } from "@duecheck/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Link } from "@tanstack/react-router";
import { ShieldCheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { TwoFactorStatusBadge } from "../auth/two-factor-status-badge";

export function TwoFactorStatusCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheckIcon className="size-5 text-primary" aria-hidden />
          {t("twoFactor.title")}
        </CardTitle>
        <CardDescription>{t("security.twoFactorDescription")}</CardDescription>
        <CardAction>
          <TwoFactorStatusBadge enabled={user.twoFactorEnabled} />
        </CardAction>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to="/settings/2fa">{t("nav.manage2fa")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
