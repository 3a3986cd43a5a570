import { type Context, Hono } from "hono";
import type { OrganisationActor } from "../../lib/organisations/actor.ts";
import { addOrganisationCredits, listAdminOrganisations, showAdminOrganisation } from "../../lib/organisations/admin.ts";
import { moveUserSchema, organisationCreditsSchema } from "../../lib/organisations/admin-contract.ts";
import { moveUser } from "../../lib/organisations/move-user.ts";
import { suspendOrganisation, unsuspendOrganisation } from "../../lib/organisations/suspend.ts";
import { pageWithTermQuerySchema } from "../../lib/paging.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireAdmin } from "../middleware/session.ts";
import { jsonBody, queryOf } from "../validate.ts";

const actorOf = (c: Context<AppEnv>): OrganisationActor => ({ kind: "user", id: currentUser(c).id, ipAddress: c.get("clientIp") });
const db = (c: Context<AppEnv>) => c.get("ctx").database.db;

/**
 * /api/admin/organisations: every organisation of the instance, for the instance's administrator only (401 signed
 * out, 403 for everyone else, an instance auditor included: these screens change organisations, not only read them).
 * lib/organisations decides and audits; it answers 404 for an unknown organisation and 409 for a refused change.
 */
export const adminOrganisationRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", queryOf(pageWithTermQuerySchema), async (c) => c.json(await listAdminOrganisations(db(c), actorOf(c), c.req.valid("query"))))
  .get("/:id", async (c) => c.json(await showAdminOrganisation(db(c), actorOf(c), c.req.param("id"))))
  .post("/:id/credits", jsonBody(organisationCreditsSchema), async (c) => {
    const input = c.req.valid("json");
    return c.json(await addOrganisationCredits(db(c), actorOf(c), c.req.param("id"), input));
  })
  .post("/:id/suspend", async (c) => c.json(await suspendOrganisation(db(c), actorOf(c), c.req.param("id"))))
  .post("/:id/unsuspend", async (c) => c.json(await unsuspendOrganisation(db(c), actorOf(c), c.req.param("id"))));

/**
 * /api/admin/users/{id}/organisation: moves a user into another organisation with a role (instance admin only). The
 * check is the route's own, not a use(): mounted at /admin/users, a use() would also bar auditors from reading users.
 */
export const adminUserOrganisationRoutes = new Hono<AppEnv>().post("/:id/organisation", requireAdmin, jsonBody(moveUserSchema), async (c) => {
  const input = c.req.valid("json");
  return c.json(await moveUser(db(c), actorOf(c), c.req.param("id"), input));
});
