import type { ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { AppError } from "../../lib/errors.ts";
import type { AppEnv } from "../context.ts";
import { unavailable } from "../health/unavailable.ts";

/**
 * Every error answer is JSON { error } (with the error's fields beside it) with a fitting status; unexpected errors are logged, not shown. A query that
 * failed because the database connection was lost is a 503 with Retry-After, never a 500: the call may succeed later.
 */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
    return c.json({ ...error.fields, error: error.message }, error.status);
  }
  if (error instanceof ZodError) {
    return c.json({ error: error.issues[0]?.message ?? "Invalid input" }, 400);
  }
  if (error instanceof HTTPException) {
    return c.json({ error: error.message || "Request failed" }, error.status);
  }
  if (c.get("ctx")?.database.health.report(error)) return unavailable(c);
  console.error(`[duecheck] ${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ error: "Internal server error" }, 500);
};

export const apiNotFound: NotFoundHandler = (c) => c.json({ error: "Not found" }, 404);
