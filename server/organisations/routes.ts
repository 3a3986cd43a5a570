import { type Context, Hono } from "hono";
import { auditFilterSchema, auditQuerySchema } from "../../lib/audit/contract.ts";
import { auditCsvFileName } from "../../lib/audit/export.ts";
import type { OrganisationActor } from "../../lib/organisations/actor.ts";
import { listOrganisationAudit, organisationAuditCsv } from "../../lib/organisations/audit.ts";
import { changeMemberRoleSchema, inviteMemberSchema, memberCapSchema, organisationSettingsSchema } from "../../lib/organisations/contract.ts";
import { inviteMember } from "../../lib/organisations/invite.ts";
import { changeMemberRole, removeMember, setMemberCap } from "../../lib/organisations/manage.ts";
import { listMembers } from "../../lib/organisations/members.ts";
import { getOrganisation } from "../../lib/organisations/organisation.ts";
import { changeOrganisationSettings } from "../../lib/organisations/settings.ts";
import { pageWithTermQuerySchema } from "../../lib/paging.ts";
import { requestBaseUrl, requestMailer } from "../auth/links.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { jsonBody, queryOf } from "../validate.ts";

const actorOf = (c: Context<AppEnv>): OrganisationActor => ({ kind: "user", id: currentUser(c).id, ipAddress: c.get("clientIp") });
const db = (c: Context<AppEnv>) => c.get("ctx").database.db;

/**
 * /api/organisation: the signed-in user's organisation and its members. Every member reads them; owners and admins
 * invite, change roles and remove; owners, admins and auditors read its audit log (lib/organisations decides, and
 * answers 403, 404 or 409).
 */
export const organisationRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await getOrganisation(db(c), actorOf(c))))
  .put("/settings", jsonBody(organisationSettingsSchema), async (c) => c.json(await changeOrganisationSettings(db(c), actorOf(c), c.req.valid("json"))))
  .get("/members", queryOf(pageWithTermQuerySchema), async (c) => c.json(await listMembers(db(c), actorOf(c), c.req.valid("query"))))
  .post("/members", jsonBody(inviteMemberSchema), async (c) => {
    const input = c.req.valid("json");
    return c.json(await inviteMember({ db: db(c), baseUrl: requestBaseUrl(c), mailer: requestMailer(c) }, actorOf(c), input), 201);
  })
  .put("/members/:userId", jsonBody(changeMemberRoleSchema), async (c) => {
    const { role } = c.req.valid("json");
    return c.json(await changeMemberRole(db(c), actorOf(c), c.req.param("userId"), role));
  })
  .put("/members/:userId/cap", jsonBody(memberCapSchema), async (c) => {
    const { monthlyCreditCap } = c.req.valid("json");
    return c.json(await setMemberCap(db(c), actorOf(c), c.req.param("userId"), monthlyCreditCap));
  })
  .delete("/members/:userId", async (c) => c.json(await removeMember(db(c), actorOf(c), c.req.param("userId"))))
  .get("/audit", queryOf(auditQuerySchema), async (c) => c.json(await listOrganisationAudit(db(c), actorOf(c), c.req.valid("query"))))
  /** The same filters as the list, every matching entry of the organisation as CSV, streamed. */
  .get("/audit/export", queryOf(auditFilterSchema), async (c) => {
    const body = await organisationAuditCsv(db(c), actorOf(c), c.req.valid("query"));
    // A long log takes longer than Bun's 10 s idle timeout to write.
    c.env?.noTimeout?.(c.req.raw);
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${auditCsvFileName(new Date())}"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
