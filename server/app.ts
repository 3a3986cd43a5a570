import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { adminRoutes } from "./admin/routes.ts";
import { auditRoutes } from "./audit/routes.ts";
import { apiKeyRoutes } from "./auth/api-key-routes.ts";
import { accountRecoveryRoutes } from "./auth/recovery-routes.ts";
import { authRoutes } from "./auth/routes.ts";
import { batchRoutes } from "./batch/routes.ts";
import { billingRoutes, paymentIntentRoutes, stripeWebhookRoutes } from "./billing/routes.ts";
import type { AppContext, AppEnv } from "./context.ts";
import { creditRoutes } from "./credits/routes.ts";
import { embedCors } from "./embed/cors.ts";
import { embedOriginRoutes } from "./embed/origin-routes.ts";
import { historyExportRoutes, portfolioExportRoutes } from "./exports/routes.ts";
import { databaseGate } from "./health/database-gate.ts";
import { healthRoutes } from "./health/routes.ts";
import { clientInfo } from "./middleware/client-info.ts";
import { apiNotFound, onError } from "./middleware/errors.ts";
import { sameOriginOnly } from "./middleware/same-origin.ts";
import { loadSession, readOnlyRoles } from "./middleware/session.ts";
import { twoFactorRequired } from "./middleware/two-factor-required.ts";
import { monitoringRoutes } from "./monitoring/routes.ts";
import { publicApiRoutes } from "./public-api/routes.ts";
import { searchVerifyRoutes } from "./records/routes.ts";
import { reportRoutes } from "./reports/routes.ts";
import { legalHoldRoutes } from "./retention/routes.ts";
import { reviewRoutes, searchReviewRoutes } from "./review/routes.ts";
import { sanctionsRoutes } from "./sanctions/routes.ts";
import { searchRoutes } from "./screening/routes.ts";
import { serveWebApp } from "./static.ts";
import { checkUrl } from "./validate.ts";
import { webhookRoutes } from "./webhooks/routes.ts";

export function createApp(ctx: AppContext) {
  const api = new Hono<AppEnv>()
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
    .route("/sanctions", sanctionsRoutes)
    // before /searches/{id}, which would read "export" as an id
    .route("/searches/export", historyExportRoutes)
    .route("/searches", searchRoutes)
    .route("/searches", searchReviewRoutes)
    .route("/reviews", reviewRoutes)
    .route("/batch-jobs", batchRoutes)
    .route("/monitoring/export", portfolioExportRoutes)
    .route("/monitoring", monitoringRoutes)
    .route("/webhooks", webhookRoutes)
    .route("/embed", embedOriginRoutes)
    .route("/reports", reportRoutes)
    .route("/admin/legal-holds", legalHoldRoutes)
    .route("/admin/searches", searchVerifyRoutes)
    .route("/admin/audit", auditRoutes)
    .route("/admin", adminRoutes)
    .notFound(apiNotFound);

  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.use(async (c, next) => {
    c.set("ctx", ctx);
    await next();
  });
  // /embed.js, the embeddable components' script, is loaded by other sites' pages: readable from any origin (set after
  // secureHeaders' own).
  app.use("/embed.js", async (c, next) => {
    await next();
    c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
    c.res.headers.set("Cache-Control", "public, max-age=300");
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stripe.js and its Payment Element (only /buy-credits loads them), as Stripe's CSP guide lists them.
        scriptSrc: ["'self'", "https://js.stripe.com", "https://*.js.stripe.com"],
        frameSrc: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
        connectSrc: ["'self'", "https://api.stripe.com"],
        frameAncestors: ["'none'"],
      },
    }),
  );
  app.use(clientInfo);
  app.route("/", healthRoutes);
  app.use("/api/*", checkUrl);
  app.use("/api/*", databaseGate);
  // Bearer-key API: no cookies, so no same-origin check; mounted before the cookie API. CORS for embed tokens only.
  app.use("/api/v1/*", embedCors);
  app.route("/api/v1", publicApiRoutes);
  // Stripe's webhook: authenticated by its signature, not a session; mounted before the cookie API.
  app.route("/api/billing/webhook", stripeWebhookRoutes);
  app.route("/api", api);
  app.all("/api/*", apiNotFound);
  serveWebApp(app);
  return app;
}

export type AppType = ReturnType<typeof createApp>;
