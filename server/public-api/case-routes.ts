/**
 * Cases over the public API (lib/public-api/case-routes.ts defines each call): the same lib/cases functions as
 * /api/cases, for the key's owner as a member of their organisation, whatever their instance role (organisationOnly):
 * another organisation's case is 404 as an unknown id, and an auditor's key changes nothing (403, before any lookup).
 */
import { type Context, Hono } from "hono";
import { type CaseActor, findCase } from "../../lib/cases/access.ts";
import { assignCase } from "../../lib/cases/assign.ts";
import { caseListFilterSchema } from "../../lib/cases/contract.ts";
import { listCases } from "../../lib/cases/list.ts";
import { addCaseNote } from "../../lib/cases/notes.ts";
import { changeCaseStatus } from "../../lib/cases/status.ts";
import { caseView } from "../../lib/cases/views.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import * as routes from "../../lib/public-api/case-routes.ts";
import { memberOf } from "../../lib/review/access.ts";
import type { AppEnv } from "../context.ts";
import { currentUser } from "../middleware/session.ts";
import { serve } from "./serve.ts";

/** The key's owner, acting in their organisation only, as every /api/v1 call does. */
function keyOwner(c: Context<AppEnv>): CaseActor {
  return { ...memberOf(currentUser(c)), kind: "api_key", ipAddress: c.get("clientIp"), organisationOnly: true };
}

const db = (c: Context<AppEnv>) => c.get("ctx").database.db;

export const publicCaseRoutes = new Hono<AppEnv>();

/** The server reads the list's query as GET /api/cases does (the cursor's content, tags and age as the list checks them). */
serve(publicCaseRoutes, routes.listCases, async (c, { query }) => listCases(db(c), keyOwner(c), query), {
  query: pageQuerySchema.extend(caseListFilterSchema.shape),
});

serve(publicCaseRoutes, routes.getCase, async (c, { params: { caseId } }) => {
  const row = await findCase(db(c), keyOwner(c), caseId);
  return caseView(db(c), row.id);
});

serve(publicCaseRoutes, routes.assignCase, async (c, { params: { caseId }, body }) => assignCase({ db: db(c) }, keyOwner(c), caseId, body));

serve(publicCaseRoutes, routes.changeCaseStatus, async (c, { params: { caseId }, body }) => changeCaseStatus({ db: db(c) }, keyOwner(c), caseId, body));

serve(publicCaseRoutes, routes.addCaseNote, async (c, { params: { caseId }, body: { text } }) => addCaseNote({ db: db(c) }, keyOwner(c), caseId, text));
