import { type Context, Hono } from "hono";
import { acknowledgeAlert, dismissAlert } from "../../lib/monitoring/alerts.ts";
import { changesPageUrl, changesPdf, viewChanges } from "../../lib/monitoring/changes-report.ts";
import {
  addMonitoredEntity,
  deleteMonitoredEntity,
  entityView,
  getMonitoredEntity,
  listMonitoredEntities,
  monitoredEntityView,
  setMonitoringStatus,
} from "../../lib/monitoring/entities.ts";
import { dismissAlertSchema, monitoredEntitiesQuerySchema, monitoringStatusSchema, newMonitoredEntitySchema } from "../../lib/monitoring/schemas.ts";
import { searchMonitoring } from "../../lib/monitoring/search-monitoring.ts";
import { listSpellingVariants, removeSpellingVariants } from "../../lib/monitoring/variants.ts";
import { teamScopeQuerySchema } from "../../lib/organisations/contract.ts";
import { pageWithTermQuerySchema } from "../../lib/paging.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { reviewActor } from "../review/routes.ts";
import { jsonBody, queryOf } from "../validate.ts";

/** ?scope=mine|team as the history's: the caller's own entities by default, the team's they may read with team. */
const listQuerySchema = pageWithTermQuerySchema.extend(monitoredEntitiesQuerySchema.shape).extend(teamScopeQuerySchema.shape);
const db = (c: Context<AppEnv>) => c.get("ctx").database.db;
const changer = (c: Context<AppEnv>) => ({ kind: c.get("apiKeyId") ? ("api_key" as const) : ("user" as const), ipAddress: c.get("clientIp") });

/**
 * The monitoring calls (add, list, pause, resume, delete, changes, acknowledge) for the members of the entity's
 * organisation: read as the team's searches are, changed by its maker and the organisation's owners and admins
 * (lib/monitoring/entities.ts); another organisation's entity is 404. Dismissing an alert is for administrators, on
 * anyone's entity.
 */
export const monitoringRoutes = new Hono<AppEnv>()
  .use(requireUser)

  /** ?changes=all|with|without&risk=&review=&q=&limit=&cursor=: a page of one tab, newest first, with the three tabs' counts. */
  .get("/entities", queryOf(listQuerySchema), async (c) => {
    const request = c.req.valid("query");
    return c.json(await listMonitoredEntities(db(c), currentUser(c), request));
  })

  /** Added as active and due at once: its first check (the baseline) runs at the next scan. Same name and type: 409. */
  .post("/entities", jsonBody(newMonitoredEntitySchema), async (c) => {
    const input = c.req.valid("json");
    return c.json(monitoredEntityView(await addMonitoredEntity(db(c), currentUser(c).id, input)), 201);
  })

  /** The caller's own auto-added spelling variants, grouped with the entry each group keeps (lib/monitoring/variants.ts). */
  .get("/variants", async (c) => c.json(await listSpellingVariants(db(c), currentUser(c))))

  /** Removes them all at once, each audited; answers what was removed. */
  .delete("/variants", async (c) => c.json(await removeSpellingVariants(db(c), currentUser(c), changer(c))))

  /** Whether a search's subject is monitored, and at what cost per check (the note on the search's result). */
  .get("/searches/:searchId", async (c) => c.json(await searchMonitoring(db(c), currentUser(c), c.req.param("searchId"))))

  .delete("/entities/:id", async (c) => {
    await deleteMonitoredEntity(db(c), currentUser(c), c.req.param("id"), changer(c));
    return c.json({ success: true });
  })

  .put("/entities/:id/status", jsonBody(monitoringStatusSchema), async (c) => {
    const { status } = c.req.valid("json");
    return c.json(await entityView(db(c), await setMonitoringStatus(db(c), currentUser(c), c.req.param("id"), status, changer(c))));
  })

  /** The page that shows the changes. Asking for it leaves the alert open: it stays open until it is decided. */
  .post("/entities/:id/report", async (c) => {
    const row = await getMonitoredEntity(db(c), currentUser(c), c.req.param("id"));
    return c.json({ reportUrl: changesPageUrl(row.id) });
  })

  .get("/entities/:id/changes", async (c) => c.json(await viewChanges(db(c), currentUser(c), c.req.param("id"))))

  .get("/entities/:id/changes.pdf", async (c) => {
    const file = await changesPdf(db(c), currentUser(c), c.req.param("id"));
    return new Response(file.body as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  })

  /** Its maker (or the team's owners and admins) closes an alert whose check has nothing left to decide; 409 while it has open hits. */
  .post("/entities/:id/acknowledge", async (c) => c.json(await acknowledgeAlert(db(c), reviewActor(c), c.req.param("id"))))

  /** An administrator closes anyone's alert with a reason (kept as a dismissal note on the check's search); others 403. */
  .post("/entities/:id/dismiss", jsonBody(dismissAlertSchema), async (c) => {
    const { reason } = c.req.valid("json");
    return c.json(await dismissAlert(db(c), reviewActor(c), c.req.param("id"), reason));
  });
