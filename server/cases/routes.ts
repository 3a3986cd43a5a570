/**
 * Cases over HTTP: the list and its views, a case with its searches, notes and timeline, assignment, status, notes,
 * escalation, the organisation's case settings and a member's availability. lib/cases decides who may do what and
 * answers 400, 403, 404 or 409; another organisation's case is 404, as an unknown id.
 */
import { type Context, Hono } from "hono";
import { findCase } from "../../lib/cases/access.ts";
import { assignCase } from "../../lib/cases/assign.ts";
import {
  assignCaseSchema,
  availabilitySchema,
  caseListFilterSchema,
  caseNoteSchema,
  caseSettingsSchema,
  caseStatusSchema,
  escalateCaseSchema,
} from "../../lib/cases/contract.ts";
import { listCases } from "../../lib/cases/list.ts";
import { addCaseNote, escalateCase } from "../../lib/cases/notes.ts";
import { changeCaseSettings, readAvailability, readCaseSettings, setAvailability } from "../../lib/cases/settings.ts";
import { changeCaseStatus } from "../../lib/cases/status.ts";
import { caseView } from "../../lib/cases/views.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { reviewActor } from "../review/routes.ts";
import { jsonBody, queryOf } from "../validate.ts";

const deps = (c: Context<AppEnv>) => ({ db: c.get("ctx").database.db });
const listQuerySchema = pageQuerySchema.extend(caseListFilterSchema.shape);

/** Under /api/cases. */
export const caseRoutes = new Hono<AppEnv>()
  .use(requireUser)

  /** ?status=&assignee=me|unassigned|USER_ID&overdue=true&escalated=true&priority=&source=&limit=&cursor= */
  .get("/", queryOf(listQuerySchema), async (c) => c.json(await listCases(deps(c).db, reviewActor(c), c.req.valid("query"))))

  .get("/settings", async (c) => c.json(await readCaseSettings(deps(c).db, currentUser(c).organisationId)))
  .put("/settings", jsonBody(caseSettingsSchema), async (c) => c.json(await changeCaseSettings(deps(c).db, reviewActor(c), c.req.valid("json"))))

  .get("/availability", async (c) => c.json(await readAvailability(deps(c).db, reviewActor(c))))
  .put("/availability", jsonBody(availabilitySchema), async (c) => {
    const { unavailable } = c.req.valid("json");
    return c.json(await setAvailability(deps(c).db, reviewActor(c), unavailable));
  })

  .get("/:id", async (c) => {
    const row = await findCase(deps(c).db, reviewActor(c), c.req.param("id"));
    return c.json(await caseView(deps(c).db, row.id));
  })

  .put("/:id/assignee", jsonBody(assignCaseSchema), async (c) => c.json(await assignCase(deps(c), reviewActor(c), c.req.param("id"), c.req.valid("json"))))

  .post("/:id/status", jsonBody(caseStatusSchema), async (c) => c.json(await changeCaseStatus(deps(c), reviewActor(c), c.req.param("id"), c.req.valid("json"))))

  .post("/:id/notes", jsonBody(caseNoteSchema), async (c) => {
    const { text } = c.req.valid("json");
    return c.json(await addCaseNote(deps(c), reviewActor(c), c.req.param("id"), text), 201);
  })

  .post("/:id/escalate", jsonBody(escalateCaseSchema), async (c) => {
    const { reason } = c.req.valid("json");
    return c.json(await escalateCase(deps(c), reviewActor(c), c.req.param("id"), reason));
  });
