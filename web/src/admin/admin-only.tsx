import { DuecheckError } from "@duecheck/react/api/errors";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent } from "@duecheck/ui/card";
import { Link } from "@tanstack/react-router";
import { ShieldOffIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../auth/use-current-user";

/** The admin screens for admins only; anyone else sees the 'not allowed' state (the server answers them 403 too). */
export function AdminOnly({ children }: { children: React.ReactNode }) {
  const { user } = useCurrentUser();
  if (user?.role !== "admin") return <NotAllowed />;
  return children;
}

/** True when a query failed because the server refused this user (403): the screen shows the 'not allowed' state. */
export function isForbidden(error: unknown) {
  return error instanceof DuecheckError && error.status === 403;
}

export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-1 items-center justify-center py-12" data-testid="admin-not-allowed">
      <Card className="w-full max-w-md">
        <CardContent className="grid justify-items-center gap-4 text-center">
          <ShieldOffIcon className="size-10 text-muted-foreground" aria-hidden />
          <h1 className="text-2xl font-bold">{t("admin.notAllowed.title")}</h1>
          <p className="text-sm text-muted-foreground">{t("admin.notAllowed.description")}</p>
          <Button asChild>
            <Link to="/">{t("notFound.home")}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
