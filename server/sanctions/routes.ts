import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Database } from "../../data/db.ts";
import { listStatesAnswer } from "../../lib/sanctions/availability.ts";
import { comparePair, compareRequestSchema } from "../../lib/sanctions/compare-pairs.ts";
import { addCustomDataset, datasetView, getDataset, listDatasets, updateDataset } from "../../lib/sanctions/datasets/catalog.ts";
import { type Actor, DownloadFailedError, downloadDataset } from "../../lib/sanctions/datasets/download.ts";
import { downloadAllDatasets } from "../../lib/sanctions/datasets/download-all.ts";
import { setDatasetEnabled } from "../../lib/sanctions/datasets/enable.ts";
import { addDatasetSchema, disableDatasetSchema, updateDatasetSchema } from "../../lib/sanctions/datasets/schemas.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireAdmin, requireUser } from "../middleware/session.ts";
import { jsonBody } from "../validate.ts";
import { datasetImportRoutes } from "./import-route.ts";
import { answerListSearch, listSearchQuery } from "./list-search.ts";
import { sanctionsService } from "./service.ts";

/** After a new version, this process answers from it before the call returns (the others within their poll). */
const refreshIndex = (database: Database) =>
  sanctionsService(database)
    .index.refresh()
    .catch((error) => console.error("[duecheck] refreshing the sanctions index failed:", error));

/** A download's settings, and its new version's index built before the switch, so that no search waits for it. */
const switchOptions = (database: Database) => {
  const service = sanctionsService(database);
  return { settings: service.settings, beforeSwitch: (versionId: string) => service.index.prepare(versionId) };
};

const adminActor = (c: Context<AppEnv>): Actor => ({ kind: "admin", userId: currentUser(c).id, ipAddress: c.get("clientIp") });

/** A download may take minutes: lift the server's idle timeout for this request (a binding set by server/start.ts). */
function allowLongRequest(c: Context<AppEnv>) {
  c.env?.noTimeout?.(c.req.raw);
}

export const sanctionsRoutes = new Hono<AppEnv>()
  .get("/datasets", requireUser, async (c) => c.json(await listDatasets(c.get("ctx").database.db)))

  /** Which lists can be searched now (with their version dates), which are downloading or have no data: for the search forms. */
  .get("/status", requireUser, async (c) => c.json(await listStatesAnswer(c.get("ctx").database.db)))

  .post("/datasets", requireAdmin, jsonBody(addDatasetSchema), async (c) => {
    const input = c.req.valid("json");
    const { db } = c.get("ctx").database;
    const row = await addCustomDataset(db, input, adminActor(c));
    return c.json(await datasetView(db, row.id), 201);
  })

  .patch("/datasets/:id", requireAdmin, jsonBody(updateDatasetSchema), async (c) => {
    const input = c.req.valid("json");
    const { db } = c.get("ctx").database;
    const after = await updateDataset(db, c.req.param("id"), input, adminActor(c));
    return c.json(await datasetView(db, after.id));
  })

  /** Turn a list on or off for every screening and for scheduled downloads (audited; the last sanctions list stays on). */
  .post("/datasets/:id/enable", requireAdmin, async (c) => {
    const { db } = c.get("ctx").database;
    const row = await setDatasetEnabled(db, c.req.param("id"), true, adminActor(c));
    return c.json(await datasetView(db, row.id));
  })

  .post("/datasets/:id/disable", requireAdmin, jsonBody(disableDatasetSchema), async (c) => {
    const { db } = c.get("ctx").database;
    const row = await setDatasetEnabled(db, c.req.param("id"), false, adminActor(c), c.req.valid("json"));
    return c.json(await datasetView(db, row.id));
  })

  .post("/datasets/:id/download", requireAdmin, async (c) => {
    const { database } = c.get("ctx");
    const dataset = await getDataset(database.db, c.req.param("id"));
    allowLongRequest(c);
    try {
      const result = await downloadDataset(database.db, dataset.id, { ...switchOptions(database), actor: adminActor(c) });
      if (result.status === "success") await refreshIndex(database);
      return c.json(result);
    } catch (error) {
      // Thrown, answered { error } all the same (server/middleware/errors.ts): the route's answer type stays the result's.
      if (error instanceof DownloadFailedError) throw new HTTPException(502, { message: `Download of ${dataset.id} failed: ${error.message}` });
      throw error;
    }
  })

  .route("/", datasetImportRoutes)

  .post("/download-all", requireAdmin, async (c) => {
    const { database } = c.get("ctx");
    allowLongRequest(c);
    const result = await downloadAllDatasets(database.db, { ...switchOptions(database), actor: adminActor(c) });
    if (result.results.some((r) => r.status === "success")) await refreshIndex(database);
    return c.json(result);
  })

  /** Query by example: birthDate, nationality and identifier=KIND:VALUE (repeatable) weigh on the results as on a search. */
  // Called from a handler of its own: one typed as a plain Context (answerListSearch) would drop the declared query from
  // the route's type.
  .get("/search", requireUser, listSearchQuery, (c) => answerListSearch(c))

  /** Two names scored against each other, weighed by the imported lists: score, decision and which parts matched how. */
  .post("/compare", requireUser, jsonBody(compareRequestSchema), async (c) => {
    const request = c.req.valid("json");
    const { database } = c.get("ctx");
    return c.json(await comparePair(await sanctionsService(database).index.current(), request));
  });
