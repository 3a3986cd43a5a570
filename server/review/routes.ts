/**
 * Review decisions over HTTP: deciding hits, four-eyes approvals, case notes, escalation, assignment, the timeline,
 * the review queue and remembered clearances. A user reviews their own searches; admins and reviewers everyone's
 * (lib/review/access.ts); auditors read everyone's and change nothing. Another user's search is 404, as everywhere.
 */
import { type Context, Hono } from "hono";
import { escalateSearchCase } from "../../lib/cases/search-escalation.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import type { ReviewActor } from "../../lib/review/access.ts";
import { memberOf, reviewableSearch } from "../../lib/review/access.ts";
import { assignReview } from "../../lib/review/assign.ts";
import { listClearances, revokeClearance } from "../../lib/review/clearances.ts";
import {
  addNoteSchema,
  approveProposalSchema,
  assignSchema,
  clearanceFilterSchema,
  decideHitSchema,
  escalateSchema,
  reasonSchema,
  rejectProposalSchema,
  reviewQueueFilterSchema,
} from "../../lib/review/contract.ts";
import { approveProposal, decideHit, rejectProposal } from "../../lib/review/decisions.ts";
import { addNote } from "../../lib/review/notes.ts";
import { listReviewQueue } from "../../lib/review/queue.ts";
import { searchDetail } from "../../lib/review/search-detail.ts";
import { searchReview } from "../../lib/review/search-review.ts";
import { searchTimeline } from "../../lib/review/timeline.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { screeningService } from "../screening/service.ts";
import { jsonBody, queryOf } from "../validate.ts";

export function reviewActor(c: Context<AppEnv>): ReviewActor {
  const user = currentUser(c);
  return { ...memberOf(user), kind: user.role === "admin" ? "admin" : "user", ipAddress: c.get("clientIp") };
}

const deps = (c: Context<AppEnv>) => {
  const { database } = c.get("ctx");
  return { db: database.db, queue: screeningService(database).queue };
};
const db = (c: Context<AppEnv>) => c.get("ctx").database.db;

/** Under /api/searches/{id}: what a review does to one search. */
export const searchReviewRoutes = new Hono<AppEnv>()
  .use(requireUser)

  .post("/:id/decisions", jsonBody(decideHitSchema), async (c) => {
    const input = c.req.valid("json");
    return c.json(await decideHit(deps(c), reviewActor(c), c.req.param("id"), input), 201);
  })

  .get("/:id/review", async (c) => c.json(await searchReview(db(c), await reviewableSearch(db(c), reviewActor(c), c.req.param("id")))))

  .post("/:id/notes", jsonBody(addNoteSchema), async (c) => {
    const { text } = c.req.valid("json");
    return c.json(await addNote(db(c), reviewActor(c), c.req.param("id"), text), 201);
  })

  .post("/:id/escalate", jsonBody(escalateSchema), async (c) => {
    const { text } = c.req.valid("json");
    // The search's case is escalated to the reviewers; the search keeps the request on its timeline.
    const search = await escalateSearchCase({ db: db(c) }, reviewActor(c), c.req.param("id"), text);
    return c.json(await searchReview(db(c), search));
  })

  .put("/:id/assignee", jsonBody(assignSchema), async (c) => {
    const { assignee } = c.req.valid("json");
    const search = await assignReview(db(c), reviewActor(c), c.req.param("id"), assignee);
    return c.json(await searchReview(db(c), search));
  })

  .get("/:id/timeline", async (c) => c.json({ items: await searchTimeline(db(c), await reviewableSearch(db(c), reviewActor(c), c.req.param("id"))) }));

const queueQuerySchema = pageQuerySchema.extend(reviewQueueFilterSchema.shape);
const clearanceQuerySchema = pageQuerySchema.extend(clearanceFilterSchema.shape);

/** Under /api/reviews: the queue, an item with its hits, proposals and clearances. */
export const reviewRoutes = new Hono<AppEnv>()
  .use(requireUser)

  /** ?status=open|needs_review|escalated|awaiting_approval&risk=&source=&olderThanDays=&assignee=&limit=&cursor= */
  .get("/", queryOf(queueQuerySchema), async (c) => {
    const request = c.req.valid("query");
    return c.json(await listReviewQueue(db(c), reviewActor(c), request));
  })

  .get("/clearances", queryOf(clearanceQuerySchema), async (c) => {
    const { all, ...request } = c.req.valid("query");
    const user = currentUser(c);
    return c.json(await listClearances(db(c), memberOf(user), { ...request, all: all === "true" }));
  })

  .post("/clearances/:id/revoke", jsonBody(reasonSchema), async (c) => {
    const { reason } = c.req.valid("json");
    const user = currentUser(c);
    return c.json(await revokeClearance(db(c), memberOf(user), c.req.param("id"), reason, c.get("clientIp")));
  })

  .post("/decisions/:id/approve", jsonBody(approveProposalSchema), async (c) => {
    const { comment } = c.req.valid("json");
    return c.json(await approveProposal(deps(c), reviewActor(c), c.req.param("id"), comment));
  })

  .post("/decisions/:id/reject", jsonBody(rejectProposalSchema), async (c) => {
    const { comment } = c.req.valid("json");
    return c.json(await rejectProposal(deps(c), reviewActor(c), c.req.param("id"), comment));
  })

  /** A search of the queue with its hits and review, for whoever may review it (reviewers and admins: anyone's). */
  .get("/:searchId", async (c) => {
    const search = await reviewableSearch(db(c), reviewActor(c), c.req.param("searchId"));
    return c.json(await searchDetail(db(c), search));
  });
