import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { apiRoutes } from "./api.ts";
import { stripeWebhookRoutes } from "./billing/routes.ts";
import type { AppContext, AppEnv } from "./context.ts";
import { embedCors } from "./embed/cors.ts";
import { databaseGate } from "./health/database-gate.ts";
import { healthRoutes } from "./health/routes.ts";
import { mcpRoutes } from "./mcp/routes.ts";
import { clientInfo } from "./middleware/client-info.ts";
import { apiNotFound, onError } from "./middleware/errors.ts";
import { publicApiRoutes } from "./public-api/routes.ts";
import { serveWebApp } from "./static.ts";
import { checkUrl } from "./validate.ts";

export function createApp(ctx: AppContext) {
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
  app.route("/api", apiRoutes);
  app.all("/api/*", apiNotFound);
  // The MCP server for agents: bearer API keys, no cookies (server/mcp/routes.ts).
  app.use("/mcp", checkUrl);
  app.use("/mcp", databaseGate);
  app.route("/mcp", mcpRoutes);
  serveWebApp(app);
  return app;
}
