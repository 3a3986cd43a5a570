import { Hono, type MiddlewareHandler } from "hono";
import { AppError } from "../../lib/errors.ts";
import { mayVerifyRecords } from "../../lib/records/access.ts";
import type { SearchVerification } from "../../lib/records/verify-contract.ts";
import { verifySearch } from "../../lib/records/verify-search.ts";
import type { AppEnv } from "../context.ts";
import { currentUser } from "../middleware/session.ts";

/** 401 without a session, 403 for a role lib/records/access.ts does not name. */
const requireVerifier: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (!user) throw new AppError(401, "Not signed in");
  if (!mayVerifyRecords(user)) throw new AppError(403, "Administrator role required");
  await next();
};

/**
 * /api/admin/searches/{id}/verify: any user's search screened again against the dataset versions it recorded; 200
 * with the outcome (identical, different, cannot_verify), 404 for an unknown search. Mounted before /api/admin so
 * its own role rule answers it.
 */
export const searchVerifyRoutes = new Hono<AppEnv>().post("/:id/verify", requireVerifier, async (c) => {
  const user = currentUser(c);
  const verification: SearchVerification = await verifySearch(
    c.get("ctx").database.db,
    { kind: "admin", userId: user.id, ipAddress: c.get("clientIp") },
    c.req.param("id"),
  );
  return c.json(verification);
});
