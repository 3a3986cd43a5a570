import { ShieldCheckIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { ThemeToggle } from "../shell/theme-toggle";

/** Centered column without the sidebar, for /login and /register. */
export function AuthLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="relative flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 p-4 md:p-10">
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <div className="flex items-center gap-2 text-lg font-semibold">
        <div className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <ShieldCheckIcon className="size-4" aria-hidden />
        </div>
        {t("app.name")}
      </div>
      <main className="w-full max-w-md">{children}</main>
    </div>
  );
}
