import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  SidebarSeparator,
  useSidebar,
} from "@duecheck/ui/sidebar";
import { Link, useLocation } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { ShieldCheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { canScreen, readsAdminViews } from "../../../lib/auth/roles.ts";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { overseesTeam } from "../../../lib/organisations/contract.ts";
import { newSearchRequestAtom } from "../search/new-search-atom";
import { ADMIN_NAV_ITEMS, isNavItemActive, MAIN_NAV_ITEMS, type NavItem } from "./nav-items";
import { SidebarUserBlock } from "./sidebar-user-block";

function NavGroup({ labelKey, items }: { labelKey: string; items: NavItem[] }) {
  const requestNewSearch = useSetAtom(newSearchRequestAtom);
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  return (
    <SidebarGroup>
      <SidebarGroupLabel>{t(labelKey)}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {items.map((item) => {
            const active = isNavItemActive(item.to, pathname);
            return (
              <SidebarMenuItem key={item.to}>
                <SidebarMenuButton asChild isActive={active} tooltip={t(item.labelKey)}>
                  <Link
                    to={item.to}
                    aria-current={active ? "page" : undefined}
                    onClick={() => {
                      if (item.to === "/") requestNewSearch((n) => n + 1);
                      if (isMobile) setOpenMobile(false);
                    }}
                  >
                    <item.icon aria-hidden />
                    <span>{t(item.labelKey)}</span>
                  </Link>
                </SidebarMenuButton>
              </SidebarMenuItem>
            );
          })}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}

export function AppSidebar({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const oversees = !!user.organisation && overseesTeam(user.organisation.role);
  const main = MAIN_NAV_ITEMS.filter((item) => (!item.screens || canScreen(user)) && (!item.overseers || oversees));
  const admin = readsAdminViews(user) ? ADMIN_NAV_ITEMS.filter((item) => !item.adminsOnly || user.role === "admin") : [];
  const showAdmin = admin.length > 0;
  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip={t("app.name")}>
              <Link to="/">
                <div className="flex aspect-square size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <ShieldCheckIcon className="size-4" aria-hidden />
                </div>
                <div className="grid flex-1 text-left text-sm leading-tight">
                  <span className="truncate font-semibold">{t("app.name")}</span>
                  <span className="truncate text-xs text-muted-foreground">{t("app.tagline")}</span>
                </div>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label={t("nav.main")}>
          <NavGroup labelKey="nav.menu" items={main} />
          {showAdmin && <NavGroup labelKey="nav.administration" items={admin} />}
        </nav>
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        <SidebarUserBlock user={user} />
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
