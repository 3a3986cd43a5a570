import { Hono } from "hono";
import { createBatchJob, getBatchJob } from "../../lib/batch/batch-jobs.ts";
import { assertCsvFileName, PUBLIC_API_BATCH_CSV_LIMITS, readBatchCsv } from "../../lib/batch/csv.ts";
import { AppError } from "../../lib/errors.ts";
import { batchNameSchema } from "../../lib/public-api/schemas.ts";
import { createBatch, decideHit, getBatch, getSearch, screenName } from "../../lib/public-api/search-routes.ts";
import { publicSearchView } from "../../lib/public-api/search-view.ts";
import { memberOf, type ReviewActor } from "../../lib/review/access.ts";
import { decideHit as decide } from "../../lib/review/decisions.ts";
import { searchReview } from "../../lib/review/search-review.ts";
import { waitForSearchEnd } from "../../lib/screening/search-wait.ts";
import { createSearch, getSearch as readSearch } from "../../lib/screening/searches.ts";
import { appBaseUrl } from "../app-base-url.ts";
import type { AppEnv } from "../context.ts";
import { publicApiAuth } from "../embed/bearer-auth.ts";
import { embedTokenRoutes } from "../embed/token-routes.ts";
import { currentUser } from "../middleware/session.ts";
import { screeningService } from "../screening/service.ts";
import { parseWith } from "../validate.ts";
import { publicCaseRoutes } from "./case-routes.ts";
import { embeddableRoutes } from "./embed-routes.ts";
import { publicListRoutes } from "./list-routes.ts";
import { openApiDocument } from "./openapi.ts";
import { serve } from "./serve.ts";

/** Searches, their decisions and batches (lib/public-api/search-routes.ts defines each call). */
const searchRoutes = new Hono<AppEnv>();

/** Starts a search and, unless ?wait=0, answers when it has ended (at most `wait` seconds, default 30). */
serve(searchRoutes, screenName, async (c, { query: { wait }, body }) => {
  const { database } = c.get("ctx");
  const user = currentUser(c);
  const search = await createSearch({ db: database.db, queue: screeningService(database).queue }, { userId: user.id, ...body });
  if (wait > 0) c.env?.noTimeout?.(c.req.raw);
  const row = wait > 0 ? await waitForSearchEnd(database.db, user, search.id, wait * 1000, { signal: c.req.raw.signal }) : search;
  return publicSearchView(row, await searchReview(database.db, row));
});

/** ?wait=N (0-60, default 0): answers when the search has ended, or as it stands after N seconds. */
serve(searchRoutes, getSearch, async (c, { params: { searchId }, query: { wait } }) => {
  const { db } = c.get("ctx").database;
  const user = currentUser(c);
  if (wait > 0) c.env?.noTimeout?.(c.req.raw);
  const row = wait > 0 ? await waitForSearchEnd(db, user, searchId, wait * 1000, { signal: c.req.raw.signal }) : await readSearch(db, user, searchId);
  return publicSearchView(row, await searchReview(db, row));
});

/**
 * Decides a flagged hit of a search the key's owner reads in their organisation, as POST /api/searches/{id}/decisions
 * does; never beyond it, whatever their instance role, as every /api/v1 call. An embed token needs the decisions scope.
 */
serve(searchRoutes, decideHit, async (c, { params: { searchId }, body }) => {
  const { database } = c.get("ctx");
  const user = currentUser(c);
  const search = await readSearch(database.db, user, searchId);
  const actor: ReviewActor = { ...memberOf(user), kind: "api_key", ipAddress: c.get("clientIp") };
  return decide({ db: database.db, queue: screeningService(database).queue }, actor, search.id, body);
});

/**
 * multipart/form-data with a CSV `file` (columns Name and Type), read with the batch CSV rules (lib/batch/csv.ts): the
 * form is read here, with refusals that name the form's fields.
 */
serve(searchRoutes, createBatch, async (c) => {
  const length = Number(c.req.header("content-length") ?? 0);
  if (length > PUBLIC_API_BATCH_CSV_LIMITS.maxBytes + 64 * 1024) throw new AppError(413, "The CSV file is larger than 2 MB");
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new AppError(400, "Send the CSV as multipart/form-data in a field named file");
  }
  const file = form.file;
  if (!(file instanceof File)) throw new AppError(400, "Send the CSV as multipart/form-data in a field named file");
  assertCsvFileName(file.name);
  const { entities, unknownColumns } = await readBatchCsv(file, PUBLIC_API_BATCH_CSV_LIMITS);
  const given = typeof form.name === "string" ? parseWith(batchNameSchema, form.name) : "";
  const name = given || `API batch ${new Date().toISOString()}`;
  const { database } = c.get("ctx");
  const { batch, creditsRequired } = await createBatchJob(
    { db: database.db, queue: screeningService(database).queue },
    { userId: currentUser(c).id, name, entities },
  );
  return { batchId: batch.id, totalEntities: batch.totalEntities, status: batch.status, creditsRequired, unknownColumns };
});

serve(searchRoutes, getBatch, async (c, { params: { batchId } }) => getBatchJob(c.get("ctx").database.db, currentUser(c), batchId));

/** /api/v1: the document, then every call behind an API key or an embed token (server/embed/bearer-auth.ts). */
export const publicApiRoutes = new Hono<AppEnv>()
  .get("/openapi.json", (c) => c.json(openApiDocument(appBaseUrl(c))))
  .use(publicApiAuth)
  .route("/", embedTokenRoutes)
  .route("/", searchRoutes)
  .route("/", embeddableRoutes)
  .route("/", publicCaseRoutes)
  .route("/", publicListRoutes);
