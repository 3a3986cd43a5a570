import { Avatar, AvatarFallback } from "@duecheck/ui/avatar";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem, useSidebar } from "@duecheck/ui/sidebar";
import { Link } from "@tanstack/react-router";
import { CreditCardIcon, LogOutIcon, ShieldCheckIcon, UserPenIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buysCredits } from "../../../lib/auth/roles.ts";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { useLogout } from "../auth/use-logout";
import { SidebarCreditSummary } from "../credits/sidebar-credit-summary";
import { userInitials } from "./user-initials";

/** Sidebar footer: who is signed in, the credit balance and the account actions. */
export function SidebarUserBlock({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const { isMobile, setOpenMobile } = useSidebar();
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };
  const twoFactorLabel = user.twoFactorEnabled ? t("nav.manage2fa") : t("nav.enable2fa");

  return (
    <div className="grid gap-2" data-testid="sidebar-user">
      <div className="flex items-center gap-2 px-1 py-1 group-data-[collapsible=icon]:px-0">
        <Avatar className="size-8 rounded-lg">
          <AvatarFallback className="rounded-lg bg-primary text-primary-foreground" title={user.fullName}>
            {userInitials(user.fullName)}
          </AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 flex-1 text-left text-sm leading-tight group-data-[collapsible=icon]:hidden">
          <span className="truncate font-medium" data-testid="sidebar-user-name">
            {user.fullName}
          </span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </div>
      </div>
      <div className="group-data-[collapsible=icon]:hidden">
        <SidebarCreditSummary user={user} />
      </div>
      <SidebarMenu>
        {buysCredits(user) && (
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip={t("credits.buy")}>
              <Link to="/buy-credits" onClick={closeOnMobile}>
                <CreditCardIcon aria-hidden />
                <span>{t("credits.buy")}</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        )}
        <SidebarMenuItem>
          <SidebarMenuButton asChild tooltip={t("nav.editProfile")}>
            <Link to="/profile" onClick={closeOnMobile}>
              <UserPenIcon aria-hidden />
              <span>{t("nav.editProfile")}</span>
            </Link>
          </SidebarMenuButton>
        </SidebarMenuItem>
        <SidebarMenuItem>
          <SidebarMenuButton asChild tooltip={twoFactorLabel}>
            <Link to="/settings/2fa" onClick={closeOnMobile}>
              <ShieldCheckIcon aria-hidden />
              <span>{twoFactorLabel}</span>
            </Link>
          </SidebarMenuButton>
        </SidebarMenuItem>
        <SidebarMenuItem>
          <SidebarMenuButton tooltip={t("nav.logout")} onClick={() => logout.mutate()} disabled={logout.isPending}>
            <LogOutIcon aria-hidden />
            <span>{t("nav.logout")}</span>
          </SidebarMenuButton>
        </SidebarMenuItem>
      </SidebarMenu>
    </div>
  );
}
