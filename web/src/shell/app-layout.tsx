import { SidebarInset, SidebarProvider } from "@duecheck/ui/sidebar";
import type * as React from "react";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { useProfileLanguage } from "../i18n/use-profile-language";
import { AppHeader } from "./app-header";
import { AppSidebar } from "./app-sidebar";
import { PageContainer } from "./page-container";

/** Sidebar + header shell around every signed-in screen, each in the one page container (one width for all). */
export function AppLayout({ user, children }: { user: PublicUser; children: React.ReactNode }) {
  useProfileLanguage(user.profileLanguage);
  return (
    <SidebarProvider>
      <AppSidebar user={user} />
      <SidebarInset>
        <AppHeader />
        <div className="flex flex-1 flex-col p-4 md:p-6 lg:p-8">
          <PageContainer>{children}</PageContainer>
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}
