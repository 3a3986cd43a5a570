import { Hono } from "hono";
import {
  addMonitoredEntity,
  deleteMonitoredEntity,
  entityView,
  listMonitoredEntities,
  monitoredEntityView,
  setMonitoringStatus,
} from "../../lib/monitoring/entities.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import * as routes from "../../lib/public-api/embeddable-routes.ts";
import { exportSearch } from "../../lib/public-api/search-routes.ts";
import type { AppEnv } from "../context.ts";
import { currentUser } from "../middleware/session.ts";
import { answerListSearch } from "../sanctions/list-search.ts";
import { exportSearch as answerExport } from "../screening/routes.ts";
import { serve } from "./serve.ts";

/**
 * The public API calls the embedded components need besides starting and reading a search: a search's report, the
 * list search, monitoring (lib/public-api/embeddable-routes.ts defines each). The same lib/ functions as the cookie
 * API, for the key's (or embed token's) owner.
 */
export const embeddableRoutes = new Hono<AppEnv>();

/** The PDF or Excel report of a completed search; 409 before it has completed, 404 for another user's search. */
serve(embeddableRoutes, exportSearch, (c, { params }) => answerExport(c, params.format, params.searchId));

/**
 * The sanctions and PEP lists searched by name (free of charge, as on the Sanctions Lists screen): the query passed
 * the definition's rules, and the search reads it (its details, every dataset and identifier) as the cookie API does.
 */
serve(embeddableRoutes, routes.searchSanctionsLists, (c) => answerListSearch(c));

/** The cursor's content is the server's (lib/paging.ts decodes it); the other keys are checked as the definition says. */
const monitoringListQuery = routes.monitoringListQuerySchema.extend({ cursor: pageQuerySchema.shape.cursor });

serve(embeddableRoutes, routes.listMonitoredEntities, async (c, { query }) => listMonitoredEntities(c.get("ctx").database.db, currentUser(c), query), {
  query: monitoringListQuery,
});

serve(embeddableRoutes, routes.monitorName, async (c, { body }) =>
  monitoredEntityView(await addMonitoredEntity(c.get("ctx").database.db, currentUser(c).id, body)),
);

serve(embeddableRoutes, routes.setMonitoringStatus, async (c, { params: { entityId }, body: { status } }) => {
  const { db } = c.get("ctx").database;
  return entityView(db, await setMonitoringStatus(db, currentUser(c), entityId, status, { kind: "api_key", ipAddress: c.get("clientIp") }));
});

serve(embeddableRoutes, routes.stopMonitoring, async (c, { params: { entityId } }) => {
  await deleteMonitoredEntity(c.get("ctx").database.db, currentUser(c), entityId, { kind: "api_key", ipAddress: c.get("clientIp") });
  return { success: true as const };
});
