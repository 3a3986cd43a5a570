import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Link } from "@tanstack/react-router";
import { ActivityIcon, ChartColumnIcon, CoinsIcon, DollarSignIcon, SearchIcon, SettingsIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CasesGlance } from "../cases/cases-glance";
import { StatCard } from "../components/stat-card";
import { PageHeader } from "../shell/page-header";
import { useUsd } from "./admin-format";
import { AdminOnly, isForbidden, NotAllowed } from "./admin-only";
import { RecentPurchases, RecentSearches } from "./recent-lists";
import { useAdminStats } from "./use-admin-stats";

/** /admin/dashboard: the four figures, quick actions, recent searches and purchases. */
export function AdminDashboardPage() {
  return (
    <AdminOnly>
      <Dashboard />
    </AdminOnly>
  );
}

function Dashboard() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const usd = useUsd();
  const stats = useAdminStats();
  if (isForbidden(stats.error)) return <NotAllowed />;
  const data = stats.data;

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("admin.dashboard.title")} description={t("admin.dashboard.description")} />
      {stats.isLoading && <Skeleton className="h-32 w-full" />}
      {stats.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("admin.loadFailed")}
        </p>
      )}
      {data && (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              testId="stat-users"
              icon={UsersIcon}
              title={t("admin.dashboard.totalUsers")}
              value={number(data.totalUsers)}
              note={t("admin.dashboard.activeToday", { count: data.activeUsers, value: number(data.activeUsers) })}
            />
            <StatCard
              testId="stat-searches"
              icon={SearchIcon}
              title={t("admin.dashboard.totalSearches")}
              value={number(data.totalSearches)}
              note={t("admin.dashboard.today", { value: number(data.searchesToday) })}
            />
            <StatCard
              testId="stat-credits"
              icon={CoinsIcon}
              title={t("admin.dashboard.creditsConsumed")}
              value={number(data.totalCreditsUsed)}
              note={t("admin.dashboard.today", { value: number(data.creditsUsedToday) })}
            />
            <StatCard
              testId="stat-revenue"
              icon={DollarSignIcon}
              title={t("admin.dashboard.revenue")}
              value={usd(data.totalRevenue)}
              note={t("admin.dashboard.today", { value: usd(data.revenueToday) })}
            />
          </div>
          <CasesGlance />
          <QuickActions />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <RecentSearches searches={data.recentSearches} />
            <RecentPurchases purchases={data.recentPurchases} />
          </div>
        </>
      )}
    </div>
  );
}

const QUICK_ACTIONS = [
  { to: "/admin/users", labelKey: "admin.dashboard.manageUsers", icon: UsersIcon },
  { to: "/admin/activity", labelKey: "admin.dashboard.viewActivity", icon: ActivityIcon },
  { to: "/admin/settings", labelKey: "admin.dashboard.systemSettings", icon: SettingsIcon },
  { to: "/reports", labelKey: "admin.dashboard.viewReports", icon: ChartColumnIcon },
] as const;

function QuickActions() {
  const { t } = useTranslation();
  return (
    <nav className="flex flex-wrap gap-2" aria-label={t("admin.dashboard.quickActions")}>
      {QUICK_ACTIONS.map(({ to, labelKey, icon: Icon }) => (
        <Button key={to} asChild variant="outline">
          <Link to={to}>
            <Icon aria-hidden />
            {t(labelKey)}
          </Link>
        </Button>
      ))}
    </nav>
  );
}
