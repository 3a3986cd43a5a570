import type * as React from "react";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { SidebarInset, SidebarProvider } from "../components/ui/sidebar";
import { useProfileLanguage } from "../i18n/use-profile-language";
import { AppHeader } from "./app-header";
import { AppSidebar } from "./app-sidebar";

/** Sidebar + header shell around every signed-in screen. */
export function AppLayout({ user, children }: { user: PublicUser; children: React.ReactNode }) {
  useProfileLanguage(user.profileLanguage);
  return (
    <SidebarProvider>
      <AppSidebar user={user} />
      <SidebarInset>
        <AppHeader />
        <div className="flex flex-1 flex-col p-4 md:p-6 lg:p-8">{children}</div>
      </SidebarInset>
    </SidebarProvider>
  );
}
