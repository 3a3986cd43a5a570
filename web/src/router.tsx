import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet } from "@tanstack/react-router";
import { ConfirmEmailPage } from "./accounts/confirm-email-page";
import { ForgotPasswordPage } from "./accounts/forgot-password-page";
import { ResetPasswordPage } from "./accounts/reset-password-page";
import { AdminActivityPage } from "./admin/activity-page";
import { AdminDashboardPage } from "./admin/dashboard-page";
import { AdminSettingsPage } from "./admin/settings-page";
import { AdminUsersPage } from "./admin/users-page";
import { ApiAccessPage } from "./api-access/api-access-page";
import { AuditPage } from "./audit/audit-page";
import { validateAuditSearch } from "./audit/audit-search";
import { LoginPage } from "./auth/login-page";
import { RegisterPage } from "./auth/register-page";
import { RequireAuth } from "./auth/require-auth";
import { TwoFactorPage } from "./auth/two-factor-page";
import { BatchPage } from "./batch/batch-page";
import { BatchResultsPage } from "./batch/batch-results-page";
import { validateBatchResultsSearch } from "./batch/results-search";
import { validateBuyCreditsSearch } from "./billing/buy-credits-search";
import { CreditHistoryPage } from "./credits/credit-history-page";
import { HistoryPage } from "./history/history-page";
import { ChangesPage } from "./monitoring/changes-page";
import { MonitoringPage } from "./monitoring/monitoring-page";
import { validateMonitoringSearch } from "./monitoring/monitoring-search";
import { ProfilePage } from "./profile/profile-page";
import { validateReportsSearch } from "./reports/report-date";
import { ClearancesPage, validateClearancesSearch } from "./review/clearances-page";
import { ReviewQueuePage } from "./review/queue-page";
import { validateQueueSearch } from "./review/queue-search";
import { SanctionsPage } from "./sanctions/sanctions-page";
import { SearchPage } from "./search/search-page";
import { AppLayout } from "./shell/app-layout";
import { NotFoundPage } from "./shell/not-found-page";
import { RootNotFound } from "./shell/root-not-found";

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

/** ?view={searchId} shows a stored search. */
const searchRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/",
  component: SearchPage,
  validateSearch: (search: Record<string, unknown>): { view?: string } => {
    const view = typeof search.view === "number" ? String(search.view) : search.view;
    return typeof view === "string" && view ? { view } : {};
  },
});
const batchRoute = createRoute({ getParentRoute: () => shellRoute, path: "/batch", component: BatchPage });
/** A batch's results; ?riskLevel= keeps one risk level. */
const batchResultsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/batch/$batchId",
  component: BatchResultsPage,
  validateSearch: validateBatchResultsSearch,
});
const historyRoute = createRoute({ getParentRoute: () => shellRoute, path: "/history", component: HistoryPage });
const apiAccessRoute = createRoute({ getParentRoute: () => shellRoute, path: "/api-access", component: ApiAccessPage });
const twoFactorRoute = createRoute({ getParentRoute: () => shellRoute, path: "/settings/2fa", component: TwoFactorPage });
const profileRoute = createRoute({ getParentRoute: () => shellRoute, path: "/profile", component: ProfilePage });
const creditHistoryRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/credit-history",
  component: CreditHistoryPage,
});
/** Buying credits with Stripe's Payment Element; loaded on first visit, so Stripe's packages stay out of the main bundle. */
const buyCreditsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/buy-credits",
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
  component: lazyRouteComponent(() => import("./reports/reports-page"), "ReportsPage"),
  validateSearch: validateReportsSearch,
});

const sanctionsRoute = createRoute({ getParentRoute: () => shellRoute, path: "/sanctions", component: SanctionsPage });

/** The monitored entities; ?risk= and ?review= keep the table's filters. */
const monitoringRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/automatic-screening",
  component: MonitoringPage,
  validateSearch: validateMonitoringSearch,
});
/** What changed between a monitored entry's last two checks (the reportUrl of View Changes). */
const monitoringChangesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/automatic-screening/$entityId/changes",
  component: ChangesPage,
});

/**
 * The review queue (filters in the address), an item of it opened beside the list, and the remembered clearances
 * (?q= and ?all=true).
 */
const reviewsRoute = createRoute({ getParentRoute: () => shellRoute, path: "/reviews", component: ReviewQueuePage, validateSearch: validateQueueSearch });
const reviewItemRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/reviews/$searchId",
  component: ReviewQueuePage,
  validateSearch: validateQueueSearch,
});
const clearancesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: "/reviews/clearances",
  component: ClearancesPage,
  validateSearch: validateClearancesSearch,
});

/** The Administration screens: admins only (others see a 'not allowed' state; the server answers them 403). */
const adminDashboardRoute = createRoute({ getParentRoute: () => shellRoute, path: "/admin/dashboard", component: AdminDashboardPage });
const adminUsersRoute = createRoute({ getParentRoute: () => shellRoute, path: "/admin/users", component: AdminUsersPage });
const adminActivityRoute = createRoute({ getParentRoute: () => shellRoute, path: "/admin/activity", component: AdminActivityPage });
const adminSettingsRoute = createRoute({ getParentRoute: () => shellRoute, path: "/admin/settings", component: AdminSettingsPage });
/** The audit log, its filters in the address. */
const adminAuditRoute = createRoute({ getParentRoute: () => shellRoute, path: "/admin/audit", component: AuditPage, validateSearch: validateAuditSearch });
const adminRoutes = [adminDashboardRoute, adminUsersRoute, adminActivityRoute, adminAuditRoute, adminSettingsRoute];

const routeTree = rootRoute.addChildren([
  loginRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  confirmEmailRoute,
  shellRoute.addChildren([
    searchRoute,
    batchRoute,
    batchResultsRoute,
    historyRoute,
    apiAccessRoute,
    twoFactorRoute,
    profileRoute,
    creditHistoryRoute,
    buyCreditsRoute,
    reportsRoute,
    sanctionsRoute,
    monitoringRoute,
    monitoringChangesRoute,
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
}
