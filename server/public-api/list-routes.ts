import { type Context, Hono } from "hono";
import { listBatches, listBatchResults } from "../../lib/batch/batch-read.ts";
import { cursorBefore, pageQuerySchema } from "../../lib/paging.ts";
import * as routes from "../../lib/public-api/list-routes.ts";
import { memberOf, type ReviewActor } from "../../lib/review/access.ts";
import { approveProposal, rejectProposal } from "../../lib/review/decisions.ts";
import { addNote } from "../../lib/review/notes.ts";
import { listOpenHits } from "../../lib/review/open-hits.ts";
import { listReviewQueue } from "../../lib/review/queue.ts";
import { comparePair } from "../../lib/sanctions/compare-pairs.ts";
import { listSearches } from "../../lib/screening/searches.ts";
import { searchListView } from "../../lib/screening/views.ts";
import type { AppEnv } from "../context.ts";
import { currentUser } from "../middleware/session.ts";
import { sanctionsService } from "../sanctions/service.ts";
import { screeningService } from "../screening/service.ts";
import { serve } from "./serve.ts";

/**
 * The public API's lists, a reviewer's answers and notes, and the pair comparison (lib/public-api/list-routes.ts
 * defines each): the same lib/ functions as the cookie API, for the key's owner, who reads and reviews in their
 * organisation as their roles there allow (lib/ decides; another member's rows answer 404).
 */
export const publicListRoutes = new Hono<AppEnv>();

/** The cursor's content is the server's (lib/paging.ts decodes it); the document states it as text. */
const withCursor = { cursor: pageQuerySchema.shape.cursor };

/** How the audit log and the review name the key's owner acting through the API. */
const apiActor = (c: Context<AppEnv>): ReviewActor => ({ ...memberOf(currentUser(c)), kind: "api_key", ipAddress: c.get("clientIp") });

serve(
  publicListRoutes,
  routes.listSearches,
  async (c, { query: { before, cursor, ...query } }) => {
    const page = await listSearches(c.get("ctx").database.db, currentUser(c), {
      ...query,
      // a cursor goes on from a page; before starts the list at a moment (the CLI's --before)
      cursor: cursor ?? (before ? cursorBefore(new Date(before)) : undefined),
    });
    return { ...page, items: page.items.map(searchListView) };
  },
  { query: routes.listSearches.request.query.extend(withCursor) },
);

serve(publicListRoutes, routes.listBatches, (c, { query }) => listBatches(c.get("ctx").database.db, currentUser(c), query), {
  query: routes.listBatches.request.query.extend(withCursor),
});

serve(
  publicListRoutes,
  routes.listBatchResults,
  (c, { params: { batchId }, query }) => listBatchResults(c.get("ctx").database.db, currentUser(c), batchId, query),
  { query: routes.listBatchResults.request.query.extend(withCursor) },
);

serve(publicListRoutes, routes.listOpenHits, (c, { query }) => listOpenHits(c.get("ctx").database.db, memberOf(currentUser(c)), query));

serve(publicListRoutes, routes.listReviewQueue, (c, { query }) => listReviewQueue(c.get("ctx").database.db, apiActor(c), query), {
  query: routes.listReviewQueue.request.query.extend(withCursor),
});

const reviewDeps = (c: Context<AppEnv>) => {
  const { database } = c.get("ctx");
  return { db: database.db, queue: screeningService(database).queue };
};

serve(publicListRoutes, routes.approveDecision, (c, { params: { decisionId }, body }) =>
  approveProposal(reviewDeps(c), apiActor(c), decisionId, body?.comment),
);

serve(publicListRoutes, routes.rejectDecision, (c, { params: { decisionId }, body: { comment } }) =>
  rejectProposal(reviewDeps(c), apiActor(c), decisionId, comment),
);

serve(publicListRoutes, routes.addSearchNote, (c, { params: { searchId }, body: { text } }) => addNote(c.get("ctx").database.db, apiActor(c), searchId, text));

/** Free of charge, as on the Sanctions Lists screen: the imported lists' index weighs the name parts. */
serve(publicListRoutes, routes.compareNames, async (c, { body }) => {
  const { database } = c.get("ctx");
  return comparePair(await sanctionsService(database).index.current(), body);
});
