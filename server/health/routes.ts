import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { RETRY_AFTER_SECONDS } from "./unavailable.ts";

/**
 * For supervisors and load balancers, without a session.
 *   GET /healthz  200 while this process can answer HTTP at all (restart it when this fails).
 *   GET /readyz   200 only when the database answers now, else 503 (send it no traffic meanwhile; do not restart it).
 */
export const healthRoutes = new Hono<AppEnv>()
  .get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" });
  })
  .get("/readyz", async (c) => {
    const { health } = c.get("ctx").database;
    c.header("Cache-Control", "no-store");
    if (await health.check()) return c.json({ status: "ready", database: "available" });
    const outage = health.outage;
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return c.json(
      { status: "unavailable", database: "unreachable", since: outage ? new Date(outage.since).toISOString() : null, error: outage?.error ?? null },
      503,
    );
  });
