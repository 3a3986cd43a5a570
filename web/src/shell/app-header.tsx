import { Separator } from "@duecheck/ui/separator";
import { SidebarTrigger } from "@duecheck/ui/sidebar";
import { useMatches } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { NotificationBell } from "../notifications/notification-bell";
import { ThemeToggle } from "./theme-toggle";

/**
 * The screen's name: every route of the signed-in shell declares its title key as static data (web/src/router.tsx);
 * the deepest matched route that has one names the screen.
 */
function useScreenTitleKey(): string | undefined {
  return useMatches({ select: (matches) => matches.findLast((match) => match.staticData?.titleKey)?.staticData.titleKey });
}

export function AppHeader() {
  const { t } = useTranslation();
  const sectionKey = useScreenTitleKey();
  const section = sectionKey ? t(sectionKey) : undefined;

  useEffect(() => {
    document.title = section ? `${section} · ${t("app.name")}` : t("app.name");
  }, [section, t]);
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
      <span className="truncate text-sm font-medium text-muted-foreground" data-testid="screen-name">
        {section ?? t("app.name")}
      </span>
      <div className="ml-auto flex items-center gap-1">
        <NotificationBell />
        <ThemeToggle />
      </div>
    </header>
  );
}
