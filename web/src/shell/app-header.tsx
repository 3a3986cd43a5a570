import { Separator } from "@duecheck/ui/separator";
import { SidebarTrigger } from "@duecheck/ui/sidebar";
import { useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ThemeToggle } from "./theme-toggle";

/** Section names shown in the header, by route path. */
const SECTION_KEYS: Record<string, string> = {
  "/": "nav.newSearch",
  "/profile": "profile.title",
  "/settings/2fa": "twoFactor.title",
  "/credit-history": "credits.history.title",
  "/history": "nav.history",
  "/sanctions": "nav.sanctions",
  "/api-access": "nav.apiAccess",
  "/admin/batches": "nav.adminBatches",
  "/admin/monitoring": "nav.adminMonitoring",
  "/admin/legal-holds": "nav.adminLegalHolds",
};

/** Screens under a section with an id in their address (a batch read by an admin), named by their section. */
const SECTION_PREFIXES: [string, string][] = [["/admin/batches/", "nav.adminBatches"]];

export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const sectionKey = SECTION_KEYS[pathname] ?? SECTION_PREFIXES.find(([prefix]) => pathname.startsWith(prefix))?.[1];
  const section = sectionKey ? t(sectionKey) : undefined;

  useEffect(() => {
    document.title = section ? `${section} · ${t("app.name")}` : t("app.name");
  }, [section, t]);
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
      <span className="truncate text-sm font-medium text-muted-foreground">{section ?? t("app.name")}</span>
      <div className="ml-auto flex items-center gap-1">
        <ThemeToggle />
      </div>
    </header>
  );
}
