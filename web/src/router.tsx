import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from "@tanstack/react-router";
import { ConfirmEmailPage } from "./accounts/confirm-email-page";
import { ForgotPasswordPage } from "./accounts/forgot-password-page";
import { ResetPasswordPage } from "./accounts/reset-password-page";
import { AdminActivityPage } from "./admin/activity-page";
import { validateAdminListSearch } from "./admin/admin-list-page";
import { AdminDashboardPage } from "./admin/dashboard-page";
import { AdminSettingsPage } from "./admin/settings-page";
import { AdminUsersPage } from "./admin/users-page";
import { AdminOrganisationPage } from "./admin-organisations/organisation-detail-page";
import { AdminOrganisationsPage } from "./admin-organisations/organisations-page";
import { ApiAccessPage } from "./api-access/api-access-page";
import { AuditPage, OrganisationAuditPage } from "./audit/audit-page";
import { validateAuditSearch } from "./audit/audit-search";
import { LoginPage } from "./auth/login-page";
import { RegisterPage } from "./auth/register-page";
import { RequireAuth } from "./auth/require-auth";
import { TwoFactorPage } from "./auth/two-factor-page";
import { AdminBatchPage } from "./batch/admin-batch-page";
import { AdminBatchesPage } from "./batch/admin-batches-page";
import { BatchPage, validateBatchSearch } from "./batch/batch-page";
import { BatchResultsPage } from "./batch/batch-results-page";
import { validateBatchResultsSearch } from "./batch/results-search";
import { validateBuyCreditsSearch } from "./billing/buy-credits-search";
import { CasePage } from "./cases/case-page";
import { validateCaseListSearch } from "./cases/case-search";
import { CasesPage } from "./cases/cases-page";
import { CreditHistoryPage } from "./credits/credit-history-page";
import { HistoryPage, validateHistorySearch } from "./history/history-page";
import { AdminMonitoringPage } from "./monitoring/admin-monitoring-page";
import { ChangesPage } from "./monitoring/changes-page";
import { MonitoringPage } from "./monitoring/monitoring-page";
import { validateMonitoringSearch } from "./monitoring/monitoring-search";
import { NotificationsPage, validateNotificationsSearch } from "./notifications/notifications-page";
import { OrganisationPage } from "./organisations/organisation-page";
import { ProfilePage } from "./profile/profile-page";
import { validateReportsSearch } from "./reports/report-date";
import { LegalHoldsPage } from "./retention/legal-holds-page";
import { validateLegalHoldsSearch } from "./retention/legal-holds-search";
import { ClearancesPage, validateClearancesSearch } from "./review/clearances-page";
import { caseListOfQueue } from "./review/queue-redirect";
import { ReviewItemPage } from "./review/review-item-page";
import { SanctionsPage } from "./sanctions/sanctions-page";
import { SearchPage } from "./search/search-page";
import { SearchResultPage } from "./search/search-result-page";
import { AppLayout } from "./shell/app-layout";
import { NotFoundPage } from "./shell/not-found-page";
import { RootNotFound } from "./shell/root-not-found";
import { WatchlistPage } from "./watchlists/watchlist-page";
import { WatchlistsPage } from "./watchlists/watchlists-page";

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: RootNotFound,
});

const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: "/login", component: LoginPage });
const registerRoute = createRoute({ getParentRoute: () => rootRoute, path: "/register", component: RegisterPage });
/** The pages of emailed or handed-over links: signed out, like /login. */
const tokenSearch = (search: Record<string, unknown>): { token?: string } => (typeof search.token === "string" && search.token ? { token: search.token } : {});
const forgotPasswordRoute = createRoute({ getParentRoute: () => rootRoute, path: "/forgot-password", component: ForgotPasswordPage });
const resetPasswordRoute = createRoute({ getParentRoute: () => rootRoute, path: "/reset-password", component: ResetPasswordPage, validateSearch: tokenSearch });
const confirmEmailRoute = createRoute({ getParentRoute: () => rootRoute, path: "/confirm-email", component: ConfirmEmailPage, validateSearch: tokenSearch });

/** Every screen except /login and /register: behind the auth guard, inside the sidebar layout. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "shell",
  component: () => (
    <RequireAuth>
      {(user) => (
        <AppLayout user={user}>
          <Outlet />
        </AppLayout>
      )}
    </RequireAuth>
  ),
  notFoundComponent: NotFoundPage,
});

/** The search form. The old address of a stored search, /?view={searchId}, moves on to /searches/{searchId}. */
const searchRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/",
  staticData: { titleKey: "nav.newSearch" },
  component: SearchPage,
  validateSearch: (search: Record<string, unknown>): { view?: string } => {
    const view = typeof search.view === "number" ? String(search.view) : search.view;
    return typeof view === "string" && view ? { view } : {};
  },
  beforeLoad: ({ search }) => {
    if (search.view) throw redirect({ to: "/searches/$searchId", params: { searchId: search.view }, replace: true });
  },
});
/** One search's own address: its progress while it runs, then its results; shareable and reloadable. */
const searchResultRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/searches/$searchId",
  staticData: { titleKey: "nav.searchResult" },
  component: SearchResultPage,
});
/** The batch screen; ?scope=team lists the whole team's batches. */
const batchRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/batch",
  staticData: { titleKey: "nav.batch" },
  validateSearch: validateBatchSearch,
  component: BatchPage,
});
/** A batch's results; ?riskLevel= keeps one risk level. */
const batchResultsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/batch/$batchId",
  staticData: { titleKey: "nav.batchResults" },
  component: BatchResultsPage,
  validateSearch: validateBatchResultsSearch,
});
/** The history; ?scope=team shows the whole team's. */
const historyRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/history",
  staticData: { titleKey: "nav.history" },
  component: HistoryPage,
  validateSearch: validateHistorySearch,
});
const apiAccessRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/api-access",
  staticData: { titleKey: "nav.apiAccess" },
  component: ApiAccessPage,
});
/** The caller's organisation and its members, for every signed-in user (owners and admins manage the members). */
const organisationRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/organisation",
  staticData: { titleKey: "organisation.title" },
  component: OrganisationPage,
});
/** The organisation's audit log, for its owners, admins and auditors; its filters in the address as /admin/audit's. */
const organisationAuditRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/organisation/audit",
  staticData: { titleKey: "organisation.audit.title" },
  component: OrganisationAuditPage,
  validateSearch: validateAuditSearch,
});
/** The organisation's own watchlists, and one with its entries (every member reads; owners and admins change them). */
const watchlistsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/organisation/watchlists",
  staticData: { titleKey: "watchlists.title" },
  component: WatchlistsPage,
});
const watchlistRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/organisation/watchlists/$watchlistId",
  staticData: { titleKey: "watchlists.title" },
  component: WatchlistPage,
});
const twoFactorRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/settings/2fa",
  staticData: { titleKey: "twoFactor.title" },
  component: TwoFactorPage,
});
const profileRoute = createRoute({ getParentRoute: () => shellRoute, path: "/profile", staticData: { titleKey: "profile.title" }, component: ProfilePage });
const creditHistoryRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/credit-history",
  staticData: { titleKey: "credits.history.title" },
  component: CreditHistoryPage,
});
/** Buying credits with Stripe's Payment Element; loaded on first visit, so Stripe's packages stay out of the main bundle. */
const buyCreditsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/buy-credits",
  staticData: { titleKey: "billing.title" },
  component: lazyRouteComponent(() => import("./billing/buy-credits-page"), "BuyCreditsPage"),
  validateSearch: validateBuyCreditsSearch,
});

/**
 * The daily activity report; ?date=yyyy-MM-dd keeps the chosen day across a reload (default yesterday). Loaded on
 * first visit: its charts (Recharts) stay out of the main bundle.
 */
const reportsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/reports",
  staticData: { titleKey: "nav.reports" },
  component: lazyRouteComponent(() => import("./reports/reports-page"), "ReportsPage"),
  validateSearch: validateReportsSearch,
});

const sanctionsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/sanctions",
  staticData: { titleKey: "nav.sanctions" },
  component: SanctionsPage,
});

/** The monitored entities; ?risk= and ?review= keep the table's filters. */
const monitoringRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/automatic-screening",
  staticData: { titleKey: "nav.automaticScreening" },
  component: MonitoringPage,
  validateSearch: validateMonitoringSearch,
});
/** What changed between a monitored entry's last two checks (the reportUrl of View Changes). */
const monitoringChangesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/automatic-screening/$entityId/changes",
  staticData: { titleKey: "nav.monitoringChanges" },
  component: ChangesPage,
});

/**
 * The review queue's old address, now the case list's "Needs decision" view (a bookmark still opens the waiting work);
 * one search's hits to decide (the case page opens them); and the remembered clearances (?q= and ?all=true).
 */
const reviewsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/reviews",
  beforeLoad: ({ search }) => {
    throw redirect({ to: "/cases", search: caseListOfQueue(search as Record<string, unknown>), replace: true });
  },
});
const reviewItemRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/reviews/$searchId",
  staticData: { titleKey: "reviews.item.pageTitle" },
  component: ReviewItemPage,
});
const clearancesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/reviews/clearances",
  staticData: { titleKey: "reviews.clearances.title" },
  component: ClearancesPage,
  validateSearch: validateClearancesSearch,
});

/** The organisation's cases, the view and filters in the address (?view=&status=&priority=&source=), and one case. */
const casesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/cases",
  staticData: { titleKey: "cases.title" },
  component: CasesPage,
  validateSearch: validateCaseListSearch,
});
const caseRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/cases/$caseId",
  staticData: { titleKey: "cases.title" },
  component: CasePage,
});

/** The signed-in member's notifications (the bell's full list), ?unread=true for the unread ones. */
const notificationsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/notifications",
  staticData: { titleKey: "notifications.title" },
  component: NotificationsPage,
  validateSearch: validateNotificationsSearch,
});

/** The Administration screens: admins only (others see a 'not allowed' state; the server answers them 403). */
const adminDashboardRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/admin/dashboard",
  staticData: { titleKey: "nav.adminDashboard" },
  component: AdminDashboardPage,
});
const adminUsersRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/admin/users",
  staticData: { titleKey: "nav.adminUsers" },
  component: AdminUsersPage,
});
/** Every organisation (?q= on the name), and one with its members and the instance admin's actions: admins only. */
const adminOrganisationsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/admin/organisations",
  staticData: { titleKey: "nav.adminOrganisations" },
  component: AdminOrganisationsPage,
  validateSearch: validateAdminListSearch,
});
const adminOrganisationRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/admin/organisations/$organisationId",
  staticData: { titleKey: "nav.adminOrganisations" },
  component: AdminOrganisationPage,
});
const adminActivityRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/admin/activity",
  staticData: { titleKey: "nav.adminActivity" },
  component: AdminActivityPage,
});
const adminSettingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/admin/settings",
  staticData: { titleKey: "nav.adminSettings" },
  component: AdminSettingsPage,
});
/** The audit log, its filters in the address. */
const adminAuditRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/admin/audit",
  staticData: { titleKey: "nav.adminAudit" },
  component: AuditPage,
  validateSearch: validateAuditSearch,
});
/** Legal holds; ?show=lifted|all (default: active ones). */
const adminLegalHoldsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/admin/legal-holds",
  staticData: { titleKey: "nav.adminLegalHolds" },
  component: LegalHoldsPage,
  validateSearch: validateLegalHoldsSearch,
});
/** Every user's batches (?q=), and any one of them read-only (?riskLevel=). */
const adminBatchesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/admin/batches",
  staticData: { titleKey: "nav.adminBatches" },
  component: AdminBatchesPage,
  validateSearch: validateAdminListSearch,
});
const adminBatchRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/admin/batches/$batchId",
  staticData: { titleKey: "nav.adminBatches" },
  component: AdminBatchPage,
  validateSearch: validateBatchResultsSearch,
});
/** Every user's monitored entities (?q=). */
const adminMonitoringRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/admin/monitoring",
  staticData: { titleKey: "nav.adminMonitoring" },
  component: AdminMonitoringPage,
  validateSearch: validateAdminListSearch,
});
const adminRoutes = [
  adminDashboardRoute,
  adminUsersRoute,
  adminOrganisationsRoute,
  adminOrganisationRoute,
  adminActivityRoute,
  adminBatchesRoute,
  adminBatchRoute,
  adminMonitoringRoute,
  adminAuditRoute,
  adminLegalHoldsRoute,
  adminSettingsRoute,
];

const routeTree = rootRoute.addChildren([
  loginRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  confirmEmailRoute,
  shellRoute.addChildren([
    searchRoute,
    searchResultRoute,
    batchRoute,
    batchResultsRoute,
    historyRoute,
    apiAccessRoute,
    organisationRoute,
    organisationAuditRoute,
    watchlistsRoute,
    watchlistRoute,
    twoFactorRoute,
    profileRoute,
    creditHistoryRoute,
    buyCreditsRoute,
    reportsRoute,
    sanctionsRoute,
    monitoringRoute,
    monitoringChangesRoute,
    casesRoute,
    caseRoute,
    notificationsRoute,
    reviewsRoute,
    reviewItemRoute,
    clearancesRoute,
    ...adminRoutes,
  ]),
]);

export const router = createRouter({ routeTree, defaultNotFoundComponent: NotFoundPage });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
  /** What a route declares about itself: the translation key of the screen's name in the header. */
  interface StaticDataRouteOption {
    titleKey?: string;
  }
}
