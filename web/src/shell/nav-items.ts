import { ChartColumnIcon, DatabaseIcon, HistoryIcon, KeyRoundIcon, LayersIcon, type LucideIcon, RadarIcon, SearchIcon } from "lucide-react";

export type NavItem = {
  /** Route path; also used to highlight the active item. */
  to: "/" | "/batch" | "/history" | "/reports" | "/sanctions" | "/automatic-screening" | "/api-access";
  labelKey: string;
  icon: LucideIcon;
};

/** Main menu for every signed-in user, in the spec's order (spec part 1 section 2). */
export const MAIN_NAV_ITEMS: NavItem[] = [
  { to: "/", labelKey: "nav.newSearch", icon: SearchIcon },
  { to: "/batch", labelKey: "nav.batch", icon: LayersIcon },
  { to: "/history", labelKey: "nav.history", icon: HistoryIcon },
  { to: "/reports", labelKey: "nav.reports", icon: ChartColumnIcon },
  { to: "/sanctions", labelKey: "nav.sanctions", icon: DatabaseIcon },
  { to: "/automatic-screening", labelKey: "nav.automaticScreening", icon: RadarIcon },
  { to: "/api-access", labelKey: "nav.apiAccess", icon: KeyRoundIcon },
];

/**
 * Administration menu, admin role only. Empty until the admin screens exist; the group is hidden while empty.
 * Planned: /admin/dashboard, /admin/users, /admin/activity, /admin/settings.
 */
export const ADMIN_NAV_ITEMS: NavItem[] = [];

export function isNavItemActive(itemPath: string, pathname: string) {
  if (itemPath === "/") return pathname === "/";
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
