import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { addBatchEntities, parseBatchEntities, startedBatchView } from "../../lib/batch/batch-entities.ts";
import { exportBatch, exportQuerySchema } from "../../lib/batch/batch-export.ts";
import { batchView, listBatches, listBatchResults, openBatch } from "../../lib/batch/batch-read.ts";
import type { BatchEntity } from "../../lib/batch/entity-schema.ts";
import { createPendingBatch } from "../../lib/batch/pending-batch.ts";
import { type batchEntitiesSchema, MAX_BATCH_ENTITIES_BODY_BYTES, newBatchSchema, riskLevelFilter } from "../../lib/batch/schemas.ts";
import { teamScopeQuerySchema } from "../../lib/organisations/contract.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import { appBaseUrl } from "../app-base-url.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { screeningService } from "../screening/service.ts";
import { jsonBody, queryOf, readJson } from "../validate.ts";

const resultsQuerySchema = pageQuerySchema.extend({ riskLevel: riskLevelFilter.optional() });
/** ?scope=mine|team as the history's: the caller's own batches by default, the team's they may read with team. */
const listQuerySchema = pageQuerySchema.extend(teamScopeQuerySchema.shape);

/**
 * The entities' body, declared on the route as jsonBody declares one: read as any JSON body but up to
 * MAX_BATCH_ENTITIES_BODY_BYTES, then each entity checked and the first bad one named by its position ("Entity 3: ..."),
 * which a plain schema's message would not say. Its input type is batchEntitiesSchema's, so the web's call is typed.
 */
const entitiesBody: MiddlewareHandler<
  AppEnv,
  string,
  { in: { json: z.input<typeof batchEntitiesSchema> }; out: { json: { entities: BatchEntity[] } } }
> = async (c, next) => {
  const entities = parseBatchEntities(await readJson(c, z.looseObject({}), { maxBytes: MAX_BATCH_ENTITIES_BODY_BYTES }));
  c.req.addValidatedData("json", { entities });
  await next();
};

/**
 * The web app's batch calls, for the members of the batch's organisation who read it as they read its searches
 * (lib/batch/batch-read.ts): another organisation's batch is 404. Only its maker adds its entities.
 */
export const batchRoutes = new Hono<AppEnv>()
  .use(requireUser)

  .get("/", queryOf(listQuerySchema), async (c) => {
    const request = c.req.valid("query");
    return c.json(await listBatches(c.get("ctx").database.db, currentUser(c), request));
  })

  /** Step one: the batch, pending until its entities arrive. */
  .post("/", jsonBody(newBatchSchema), async (c) => {
    const input = c.req.valid("json");
    const batch = await createPendingBatch(c.get("ctx").database.db, currentUser(c).id, input);
    return c.json(batchView(batch), 201);
  })

  .get("/:id", async (c) => c.json(await openBatch(c.get("ctx").database.db, currentUser(c), c.req.param("id"))))

  /** Step two: every entity charged and queued in one transaction, or none. The body is read and checked before the batch. */
  .post("/:id/entities", entitiesBody, async (c) => {
    const { entities } = c.req.valid("json");
    const { database } = c.get("ctx");
    const started = await addBatchEntities({ db: database.db, queue: screeningService(database).queue }, currentUser(c), c.req.param("id"), entities);
    return c.json(startedBatchView(started));
  })

  .get("/:id/results", queryOf(resultsQuerySchema), async (c) => {
    const request = c.req.valid("query");
    return c.json(await listBatchResults(c.get("ctx").database.db, currentUser(c), c.req.param("id"), request));
  })

  /** ?format=csv|xlsx|pdf: the results as a download, in the caller's report language; CSV and Excel are streamed. */
  .get("/:id/export", queryOf(exportQuerySchema), async (c) => {
    const { format } = c.req.valid("query");
    // Writing a large batch's file (the PDF before its first byte) can take longer than Bun's 10 s idle timeout.
    c.env?.noTimeout?.(c.req.raw);
    const file = await exportBatch(c.get("ctx").database.db, currentUser(c), c.req.param("id"), format, { baseUrl: appBaseUrl(c) });
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
