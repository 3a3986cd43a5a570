import type { Context } from "hono";

/** Seconds a client is asked to wait before trying again while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable: its database cannot be reached. Try again in a few seconds.";

/** 503 with Retry-After: the answer to any call that needs the database while it cannot be reached. */
export function unavailable(c: Context) {
  c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  c.header("Cache-Control", "no-store");
  return c.json({ error: UNAVAILABLE_MESSAGE }, 503);
}
