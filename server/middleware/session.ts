import type { MiddlewareHandler } from "hono";
import { validateSession } from "../../lib/auth/sessions.ts";
import { AppError } from "../../lib/errors.ts";
import { clearSessionCookie, readSessionCookie } from "../auth/cookies.ts";
import type { AppEnv } from "../context.ts";

/** Loads the signed-in user from the session cookie, if any. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = readSessionCookie(c);
  if (token) {
    const found = await validateSession(c.get("ctx").database.db, token);
    if (found) {
      c.set("user", found.user);
      c.set("sessionId", found.sessionId);
    } else {
      clearSessionCookie(c);
    }
  }
  await next();
};

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw new AppError(401, "Not signed in");
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (!user) throw new AppError(401, "Not signed in");
  if (user.role !== "admin") throw new AppError(403, "Administrator role required");
  await next();
};

/** The signed-in user of a route behind requireUser. */
export function currentUser(c: { get(key: "user"): AppEnv["Variables"]["user"] }) {
  const user = c.get("user");
  if (!user) throw new AppError(401, "Not signed in");
  return user;
}
