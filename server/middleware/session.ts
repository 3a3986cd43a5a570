import type { MiddlewareHandler } from "hono";
import type { ProofContext } from "../../lib/auth/proof-throttle.ts";
import { isReadOnly, READ_ONLY_MESSAGE, readsAdminViews } from "../../lib/auth/roles.ts";
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

/** The admin screens' routes: an admin, or an auditor reading (refuseReadOnlyWrites turns an auditor's writes away first). */
export const requireAdminOrAuditorReading: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (!user) throw new AppError(401, "Not signed in");
  if (!readsAdminViews(user) || (user.role !== "admin" && !isReading(c.req.method))) throw new AppError(403, "Administrator role required");
  await next();
};

const isReading = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

/**
 * POST calls that change no record: verifying a stored search screens it again in memory and only records that it was
 * verified (as opening another user's search is recorded). Their own routes still check who may call them.
 */
const READS_BY_POST = [/^\/api\/admin\/searches\/[^/]+\/verify$/];

/**
 * A read-only role (the auditor) only reads: every other call is 403 before any route runs, so no route can forget it.
 * Their own account (signing in and out, password, two-factor, languages) stays theirs to change: /api/auth/*.
 */
export function refuseReadOnlyWrites(c: { req: { method: string; path: string }; get(key: "user"): AppEnv["Variables"]["user"] }) {
  const user = c.get("user");
  if (!user || !isReadOnly(user) || isReading(c.req.method)) return;
  if (c.req.path.startsWith("/api/auth/")) return;
  if (c.req.method === "POST" && READS_BY_POST.some((path) => path.test(c.req.path))) return;
  throw new AppError(403, READ_ONLY_MESSAGE);
}

export const readOnlyRoles: MiddlewareHandler<AppEnv> = async (c, next) => {
  refuseReadOnlyWrites(c);
  await next();
};

/** The signed-in user of a route behind requireUser. */
export function currentUser(c: { get(key: "user"): AppEnv["Variables"]["user"] }) {
  const user = c.get("user");
  if (!user) throw new AppError(401, "Not signed in");
  return user;
}

/** The session and client address a signed-in call proves itself from (wrong passwords and codes are throttled). */
export function proofContext(c: {
  get(key: "sessionId"): AppEnv["Variables"]["sessionId"];
  get(key: "clientIp"): AppEnv["Variables"]["clientIp"];
}): ProofContext {
  return { sessionId: c.get("sessionId") ?? null, ipAddress: c.get("clientIp") };
}
