import {
  ActivityIcon,
  Building2Icon,
  ChartColumnIcon,
  DatabaseIcon,
  FolderKanbanIcon,
  HistoryIcon,
  KeyRoundIcon,
  LayersIcon,
  LayoutDashboardIcon,
  ListChecksIcon,
  LockIcon,
  type LucideIcon,
  RadarIcon,
  ScrollTextIcon,
  SearchIcon,
  SettingsIcon,
  UsersIcon,
} from "lucide-react";

export type NavItem = {
  /** Route path; also used to highlight the active item. */
  to:
    | "/"
    | "/batch"
    | "/history"
    | "/cases"
    | "/reports"
    | "/sanctions"
    | "/automatic-screening"
    | "/api-access"
    | "/organisation"
    | "/organisation/audit"
    | "/organisation/watchlists"
    | "/admin/dashboard"
    | "/admin/users"
    | "/admin/organisations"
    | "/admin/activity"
    | "/admin/batches"
    | "/admin/monitoring"
    | "/admin/audit"
    | "/admin/legal-holds"
    | "/admin/settings";
  labelKey: string;
  icon: LucideIcon;
  /** Screens that start screening (or keys that could): left out for a read-only role. */
  screens?: boolean;
  /** Admins only (an auditor reads the other admin screens). */
  adminsOnly?: boolean;
  /** An organisation's owners, admins and auditors only (its audit log). */
  overseers?: boolean;
};

/** Main menu for every signed-in user, in this order. */
export const MAIN_NAV_ITEMS: NavItem[] = [
  { to: "/", labelKey: "nav.newSearch", icon: SearchIcon, screens: true },
  { to: "/batch", labelKey: "nav.batch", icon: LayersIcon, screens: true },
  { to: "/history", labelKey: "nav.history", icon: HistoryIcon },
  // The review queue is the case list's "Needs decision" view: one entry for the team's work (/reviews leads there).
  { to: "/cases", labelKey: "cases.nav", icon: FolderKanbanIcon },
  { to: "/reports", labelKey: "nav.reports", icon: ChartColumnIcon },
  { to: "/sanctions", labelKey: "nav.sanctions", icon: DatabaseIcon },
  { to: "/automatic-screening", labelKey: "nav.automaticScreening", icon: RadarIcon },
  { to: "/api-access", labelKey: "nav.apiAccess", icon: KeyRoundIcon, screens: true },
  // Every user belongs to one organisation and may see who else does: the entry is never left out.
  { to: "/organisation", labelKey: "organisation.title", icon: Building2Icon },
  { to: "/organisation/watchlists", labelKey: "watchlists.title", icon: ListChecksIcon },
  { to: "/organisation/audit", labelKey: "organisation.audit.nav", icon: ScrollTextIcon, overseers: true },
];

/** Administration menu, admin role only. */
export const ADMIN_NAV_ITEMS: NavItem[] = [
  { to: "/admin/dashboard", labelKey: "nav.adminDashboard", icon: LayoutDashboardIcon },
  { to: "/admin/users", labelKey: "nav.adminUsers", icon: UsersIcon },
  { to: "/admin/organisations", labelKey: "nav.adminOrganisations", icon: Building2Icon, adminsOnly: true },
  { to: "/admin/activity", labelKey: "nav.adminActivity", icon: ActivityIcon },
  { to: "/admin/batches", labelKey: "nav.adminBatches", icon: LayersIcon },
  { to: "/admin/monitoring", labelKey: "nav.adminMonitoring", icon: RadarIcon },
  { to: "/admin/audit", labelKey: "nav.adminAudit", icon: ScrollTextIcon },
  { to: "/admin/legal-holds", labelKey: "nav.adminLegalHolds", icon: LockIcon },
  { to: "/admin/settings", labelKey: "nav.adminSettings", icon: SettingsIcon, adminsOnly: true },
];

export function isNavItemActive(itemPath: string, pathname: string) {
  if (itemPath === "/") return pathname === "/";
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
