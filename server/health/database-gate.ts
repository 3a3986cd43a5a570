import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { unavailable } from "./unavailable.ts";

/** A request still unanswered after this long has the database probed: it may be waiting on a lost connection. */
const SLOW_REQUEST_MS = 2000;
/** Reads can be answered 503 while their query still waits: asking again later changes nothing. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * In front of every /api call. While the database is known to be unreachable, calls answer 503 with Retry-After at once
 * instead of waiting for a connection that will not come. A read that is waiting when the database is lost answers 503
 * as soon as it is noticed. A write is never answered before it has ended, since it may yet commit: it answers with
 * its own outcome, or 503 through the error handler when its query fails on the lost connection.
 */
export const databaseGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { health } = c.get("ctx").database;
  if (!health.available) return unavailable(c);
  const watchdog = setTimeout(() => void health.check(), SLOW_REQUEST_MS);
  try {
    if (!READS.has(c.req.method)) return await next();
    const lost = health.whenUnavailable();
    const handled = next().then(() => "answered" as const);
    // The race's loser must not surface as an unhandled rejection once the answer has gone.
    handled.catch(() => {});
    const outcome = await Promise.race([handled, lost.promise.then(() => "lost" as const)]).finally(lost.cancel);
    if (outcome === "lost") return unavailable(c);
  } finally {
    clearTimeout(watchdog);
  }
};
