import { Hono } from "hono";
import {
  addMonitoredEntity,
  deleteMonitoredEntity,
  entityView,
  listMonitoredEntities,
  monitoredEntityView,
  setMonitoringStatus,
} from "../../lib/monitoring/entities.ts";
import { monitoredEntitiesQuerySchema, monitoringStatusSchema, newMonitoredEntitySchema } from "../../lib/monitoring/schemas.ts";
import { pageWithTermQuerySchema } from "../../lib/paging.ts";
import { exportFormatSchema } from "../../lib/public-api/schemas.ts";
import type { AppEnv } from "../context.ts";
import { currentUser } from "../middleware/session.ts";
import { answerListSearch } from "../sanctions/list-search.ts";
import { exportSearch } from "../screening/routes.ts";
import { parseWith, readJson } from "../validate.ts";

const monitoringListQuerySchema = pageWithTermQuerySchema.extend(monitoredEntitiesQuerySchema.shape);

/**
 * The public API calls the embedded components need besides starting and reading a search: a search's
 * report, the list search, monitoring. The same lib/ functions as the cookie API, for the key's (or embed token's) owner.
 */
export const embeddableRoutes = new Hono<AppEnv>()
  /** The PDF or Excel report of a completed search; 409 before it has completed, 404 for another user's search. */
  .get("/search/:searchId/export/:format", (c) => {
    const format = parseWith(exportFormatSchema, c.req.param("format"));
    return exportSearch(c, format, c.req.param("searchId"));
  })

  /** The sanctions and PEP lists searched by name (free of charge, as on the Sanctions Lists screen). */
  .get("/sanctions/search", answerListSearch)

  .get("/monitoring/entities", async (c) => {
    const request = parseWith(monitoringListQuerySchema, c.req.query());
    return c.json(await listMonitoredEntities(c.get("ctx").database.db, currentUser(c).id, request));
  })
  .post("/monitoring/entities", async (c) => {
    const input = await readJson(c, newMonitoredEntitySchema);
    return c.json(monitoredEntityView(await addMonitoredEntity(c.get("ctx").database.db, currentUser(c).id, input)), 201);
  })
  .put("/monitoring/entities/:entityId/status", async (c) => {
    const { status } = await readJson(c, monitoringStatusSchema);
    const { db } = c.get("ctx").database;
    return c.json(await entityView(db, await setMonitoringStatus(db, currentUser(c).id, c.req.param("entityId"), status)));
  })
  .delete("/monitoring/entities/:entityId", async (c) => {
    await deleteMonitoredEntity(c.get("ctx").database.db, currentUser(c).id, c.req.param("entityId"));
    return c.json({ success: true });
  });
