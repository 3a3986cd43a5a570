import { type Context, Hono } from "hono";
import { legalHoldCreateSchema, legalHoldLiftSchema, legalHoldsQuerySchema } from "../../lib/retention/contract.ts";
import { createLegalHold, type HoldActor, liftLegalHold, listLegalHolds } from "../../lib/retention/legal-holds.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireAdminOrAuditorReading } from "../middleware/session.ts";
import { jsonBody, queryOf } from "../validate.ts";

const actorOf = (c: Context<AppEnv>): HoldActor => ({ kind: "admin", userId: currentUser(c).id, ipAddress: c.get("clientIp") });
const db = (c: Context<AppEnv>) => c.get("ctx").database.db;

/**
 * /api/admin/legal-holds: admins set, lift and list legal holds; auditors list them (401 without a session, 403 for
 * anyone else).
 */
export const legalHoldRoutes = new Hono<AppEnv>()
  .use(requireAdminOrAuditorReading)
  .get("/", queryOf(legalHoldsQuerySchema), async (c) => {
    const { active } = c.req.valid("query");
    return c.json({ items: await listLegalHolds(db(c), { active: active === undefined ? undefined : active === "true" }) });
  })
  .post("/", jsonBody(legalHoldCreateSchema), async (c) => c.json(await createLegalHold(db(c), actorOf(c), c.req.valid("json")), 201))
  .post("/:id/lift", jsonBody(legalHoldLiftSchema), async (c) => {
    const { reason } = c.req.valid("json");
    return c.json(await liftLegalHold(db(c), actorOf(c), c.req.param("id"), reason));
  });
