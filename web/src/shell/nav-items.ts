import { type LucideIcon, SearchIcon } from "lucide-react";

export type NavItem = {
  /** Route path; also used to highlight the active item. */
  to: "/";
  labelKey: string;
  icon: LucideIcon;
};

/**
 * Main menu for every signed-in user. Only screens that exist are listed; add /batch, /history, /reports,
 * /sanctions, /automatic-screening and /api-access here (spec part 1 section 2) as their routes are built.
 */
export const MAIN_NAV_ITEMS: NavItem[] = [{ to: "/", labelKey: "nav.newSearch", icon: SearchIcon }];

/**
 * Administration menu, admin role only. Empty until the admin screens exist; the group is hidden while empty.
 * Planned: /admin/dashboard, /admin/users, /admin/activity, /admin/settings.
 */
export const ADMIN_NAV_ITEMS: NavItem[] = [];

export function isNavItemActive(itemPath: string, pathname: string) {
  if (itemPath === "/") return pathname === "/";
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
