import { Hono } from "hono";
import { changesPageUrl, changesPdf, viewChanges } from "../../lib/monitoring/changes-report.ts";
import {
  addMonitoredEntity,
  deleteMonitoredEntity,
  listMonitoredEntities,
  markChangesViewed,
  monitoredEntityView,
  setMonitoringStatus,
} from "../../lib/monitoring/entities.ts";
import { monitoredEntitiesQuerySchema, monitoringStatusSchema, newMonitoredEntitySchema } from "../../lib/monitoring/schemas.ts";
import { pageWithTermQuerySchema } from "../../lib/paging.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { parseWith, readJson } from "../validate.ts";

const listQuerySchema = pageWithTermQuerySchema.extend(monitoredEntitiesQuerySchema.shape);

/** The monitoring calls (add, list, pause, resume, delete, changes), for the signed-in owner only: another user's entity is 404. */
export const monitoringRoutes = new Hono<AppEnv>()
  .use(requireUser)

  /** ?changes=all|with|without&q=&limit=&cursor=: a page of one tab, newest first, with the three tabs' counts. */
  .get("/entities", async (c) => {
    const request = parseWith(listQuerySchema, c.req.query());
    return c.json(await listMonitoredEntities(c.get("ctx").database.db, currentUser(c).id, request));
  })

  /** Added as active and due at once: its first check (the baseline) runs at the next scan. Same name and type: 409. */
  .post("/entities", async (c) => {
    const input = await readJson(c, newMonitoredEntitySchema);
    return c.json(monitoredEntityView(await addMonitoredEntity(c.get("ctx").database.db, currentUser(c).id, input)), 201);
  })

  .delete("/entities/:id", async (c) => {
    await deleteMonitoredEntity(c.get("ctx").database.db, currentUser(c).id, c.req.param("id"));
    return c.json({ success: true });
  })

  .put("/entities/:id/status", async (c) => {
    const { status } = await readJson(c, monitoringStatusSchema);
    return c.json(monitoredEntityView(await setMonitoringStatus(c.get("ctx").database.db, currentUser(c).id, c.req.param("id"), status)));
  })

  /** The page that shows the changes; asking for it marks them viewed. */
  .post("/entities/:id/report", async (c) => {
    const row = await markChangesViewed(c.get("ctx").database.db, currentUser(c).id, c.req.param("id"));
    return c.json({ reportUrl: changesPageUrl(row.id) });
  })

  .get("/entities/:id/changes", async (c) => c.json(await viewChanges(c.get("ctx").database.db, currentUser(c).id, c.req.param("id"))))

  .get("/entities/:id/changes.pdf", async (c) => {
    const file = await changesPdf(c.get("ctx").database.db, currentUser(c).id, c.req.param("id"));
    return new Response(file.body as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
