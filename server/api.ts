import { Hono } from "hono";
import { adminOrganisationRoutes, adminUserOrganisationRoutes } from "./admin/organisations.ts";
import { adminRoutes } from "./admin/routes.ts";
import { auditRoutes } from "./audit/routes.ts";
import { apiKeyRoutes } from "./auth/api-key-routes.ts";
import { accountRecoveryRoutes } from "./auth/recovery-routes.ts";
import { authRoutes } from "./auth/routes.ts";
import { batchRoutes } from "./batch/routes.ts";
import { billingRoutes, paymentIntentRoutes } from "./billing/routes.ts";
import { caseRoutes } from "./cases/routes.ts";
import type { AppEnv } from "./context.ts";
import { creditRoutes } from "./credits/routes.ts";
import { embedOriginRoutes } from "./embed/origin-routes.ts";
import { historyExportRoutes, portfolioExportRoutes } from "./exports/routes.ts";
import { apiNotFound } from "./middleware/errors.ts";
import { sameOriginOnly } from "./middleware/same-origin.ts";
import { loadSession, readOnlyRoles } from "./middleware/session.ts";
import { twoFactorRequired } from "./middleware/two-factor-required.ts";
import { monitoringRoutes } from "./monitoring/routes.ts";
import { notificationRoutes } from "./notifications/routes.ts";
import { organisationRoutes } from "./organisations/routes.ts";
import { searchVerifyRoutes } from "./records/routes.ts";
import { reportRoutes } from "./reports/routes.ts";
import { legalHoldRoutes } from "./retention/routes.ts";
import { reviewRoutes, searchReviewRoutes } from "./review/routes.ts";
import { sanctionsRoutes } from "./sanctions/routes.ts";
import { searchRoutes } from "./screening/routes.ts";
import { watchlistRoutes } from "./watchlists/routes.ts";
import { webhookRoutes } from "./webhooks/routes.ts";

/**
 * The cookie-session JSON API, mounted at /api. Its type (ApiRoutes) is what the web app's client is made from
 * (web/src/lib/api.ts, Hono's `hc`): each route's request comes from its validators (server/validate.ts jsonBody,
 * queryOf) and its answer from what the handler returns, so the app never states a response type by hand.
 */
export const apiRoutes = new Hono<AppEnv>()
  .use(sameOriginOnly)
  .use(loadSession)
  .use(twoFactorRequired)
  .use(readOnlyRoles)
  .route("/auth", authRoutes)
  .route("/auth", accountRecoveryRoutes)
  .route("/credits", creditRoutes)
  .route("/credits", paymentIntentRoutes)
  .route("/billing", billingRoutes)
  .route("/user/api-keys", apiKeyRoutes)
  .route("/organisation/watchlists", watchlistRoutes)
  .route("/organisation", organisationRoutes)
  .route("/sanctions", sanctionsRoutes)
  // before /searches/{id}, which would read "export" as an id
  .route("/searches/export", historyExportRoutes)
  .route("/searches", searchRoutes)
  .route("/searches", searchReviewRoutes)
  .route("/reviews", reviewRoutes)
  .route("/cases", caseRoutes)
  .route("/notifications", notificationRoutes)
  .route("/batch-jobs", batchRoutes)
  .route("/monitoring/export", portfolioExportRoutes)
  .route("/monitoring", monitoringRoutes)
  .route("/webhooks", webhookRoutes)
  .route("/embed", embedOriginRoutes)
  .route("/reports", reportRoutes)
  .route("/admin/legal-holds", legalHoldRoutes)
  .route("/admin/searches", searchVerifyRoutes)
  .route("/admin/audit", auditRoutes)
  .route("/admin/organisations", adminOrganisationRoutes)
  .route("/admin/users", adminUserOrganisationRoutes)
  .route("/admin", adminRoutes)
  .notFound(apiNotFound);

export type ApiRoutes = typeof apiRoutes;
