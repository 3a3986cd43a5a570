import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Link } from "@tanstack/react-router";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "../auth/auth-layout";

/**
 * The signed-out account pages (forgot password, reset password, confirm email): a centred card with its title,
 * an optional subtitle, the page's form or message, and "Back to sign in" under it.
 */
export function BackToSignInCard({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-xl">{title}</CardTitle>
          {subtitle && <CardDescription>{subtitle}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
        <CardFooter className="justify-center text-sm">
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("accounts.backToLogin")}
          </Link>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
