/**
 * Deciding a hit, and (with four eyes) approving or rejecting a proposed decision. Each runs in one transaction that
 * locks the search first: two reviewers deciding the same hit at once are taken one after the other, and the second
 * finds the hit decided (409) instead of overwriting the first. Deciding never charges credits.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { personName } from "../auth/person-name.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { searchPagePath } from "../screening/contract.ts";
import { readResults } from "../screening/results.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import { queueWebhookEvent } from "../webhooks/events.ts";
import { type ReviewActor, reviewableSearch, reviewsEveryone } from "./access.ts";
import { checkClearance } from "./clearance-check.ts";
import { rememberClearance } from "./clearances.ts";
import type { DecideHitInput, HitDecisionView } from "./contract.ts";
import { fourEyesFor } from "./four-eyes.ts";
import { decisionView, LIVE_STATES, saveReviewState } from "./search-review.ts";
import { reviewableHits } from "./status.ts";

const d = schema.hitDecisions;
type SearchRow = typeof schema.searches.$inferSelect;
type DecisionRow = typeof d.$inferSelect;

export interface ReviewDeps {
  db: Db;
  /** Queues the review.decided webhook event in the deciding transaction; none in tests that do not look. */
  queue?: JobQueue;
}

export async function decideHit(deps: ReviewDeps, actor: ReviewActor, searchId: string, input: DecideHitInput): Promise<HitDecisionView> {
  return deps.db.transaction(async (tx) => {
    const search = await reviewableSearch(tx, actor, searchId, { lock: true });
    if (search.status !== "completed") throw new AppError(409, "Only a completed search has hits to decide");
    const hit = findHit(search, input.hitId);
    await checkClearance(tx, search, hit, input);
    if (input.remember && hit.kind === "media") throw new AppError(400, "Only a listing can be remembered: an article is not one");
    if (input.remember && (!hit.entityId || !hit.datasetId || !hit.listingFingerprint)) {
      throw new AppError(400, "This listing was screened before clearances could be remembered: decide it without remember");
    }

    const [live] = await tx
      .select()
      .from(d)
      .where(and(eq(d.searchId, search.id), eq(d.hitId, hit.hitId), inArray(d.state, [...LIVE_STATES])));
    if (live && input.replaces !== live.id) {
      throw new AppError(409, `This hit was already ${live.state === "proposed" ? "proposed" : "decided"}: pass replaces with its decision id to change it`);
    }
    if (!live && input.replaces) throw new AppError(409, "The decision to replace is no longer the hit's decision");
    if (live) await tx.update(d).set({ state: "replaced" }).where(eq(d.id, live.id));

    const fourEyes = await fourEyesFor(tx, search.organisationId);
    const [row] = await tx
      .insert(d)
      .values({
        searchId: search.id,
        hitId: hit.hitId,
        hitKind: hit.kind,
        hitLabel: hit.label,
        decision: input.decision,
        reason: input.reason,
        text: input.text ?? null,
        remember: input.remember ?? false,
        state: fourEyes ? "proposed" : "decided",
        decidedBy: actor.id,
        listingFingerprint: hit.listingFingerprint ?? null,
      })
      .returning();
    const view = await takeEffect(tx, deps, actor, search, row, {
      action: fourEyes ? "review.proposed" : "review.decided",
      before: live ? { decision: live.decision, reason: live.reason, state: live.state } : null,
    });
    return view;
  });
}

export async function approveProposal(deps: ReviewDeps, actor: ReviewActor, decisionId: string, comment?: string): Promise<HitDecisionView> {
  return answerProposal(deps, actor, decisionId, "approved", comment ?? null);
}

export async function rejectProposal(deps: ReviewDeps, actor: ReviewActor, decisionId: string, comment: string): Promise<HitDecisionView> {
  return answerProposal(deps, actor, decisionId, "rejected", comment);
}

async function answerProposal(
  deps: ReviewDeps,
  actor: ReviewActor,
  decisionId: string,
  answer: "approved" | "rejected",
  comment: string | null,
): Promise<HitDecisionView> {
  if (!reviewsEveryone(actor)) throw new AppError(403, "Approving or rejecting a decision needs the reviewer or administrator role");
  if (!isUuid(decisionId)) throw new AppError(404, "Decision not found");
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select({ searchId: d.searchId }).from(d).where(eq(d.id, decisionId));
    if (!found) throw new AppError(404, "Decision not found");
    // A decision on a search the reviewer may not read is as unknown to them as one that does not exist: the same
    // answer, or another organisation would learn which ids are decisions.
    const search = await reviewableSearch(tx, actor, found.searchId, { lock: true }).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw new AppError(404, "Decision not found");
      throw error;
    });
    const [proposal] = await tx.select().from(d).where(eq(d.id, decisionId));
    if (proposal.state !== "proposed") throw new AppError(409, `The decision is not waiting for approval (it is ${proposal.state})`);
    if (proposal.decidedBy === actor.id) throw new AppError(403, "Nobody approves or rejects their own proposal: another reviewer must");
    const [row] = await tx
      .update(d)
      .set({ state: answer, reviewedBy: actor.id, reviewedAt: sql`now()`, reviewComment: comment })
      .where(eq(d.id, decisionId))
      .returning();
    return takeEffect(tx, deps, actor, search, row, {
      action: answer === "approved" ? "review.approved" : "review.rejected",
      before: { state: "proposed" },
    });
  });
}

/**
 * What follows a decision's change, in its transaction: a remembered clearance for a false positive that took effect,
 * the search's new review status (an escalation is answered by it), the audit record with the state before and
 * after, and the review.decided event.
 */
async function takeEffect(
  tx: DbOrTx,
  deps: ReviewDeps,
  actor: ReviewActor,
  search: SearchRow,
  row: DecisionRow,
  audit: { action: string; before: Record<string, unknown> | null },
): Promise<HitDecisionView> {
  const effective = row.state === "decided" || row.state === "approved";
  if (effective && row.remember && row.decision === "false_positive") {
    const hit = findHit(search, row.hitId);
    const clearanceId = await rememberClearance(tx, {
      ownerId: search.userId,
      organisationId: search.organisationId,
      subject: { term: search.searchTerm, entityType: search.entityType, details: readSearchDetails(search.details) },
      hit: { kind: hit.kind, entityId: hit.entityId!, datasetId: hit.datasetId!, label: hit.label, listingFingerprint: hit.listingFingerprint! },
      decisionId: row.id,
      searchId: search.id,
      reason: row.reason as DecideHitInput["reason"],
      text: row.text,
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt,
    });
    await recordAudit(tx, {
      action: "review.clearance_remembered",
      actorKind: actor.kind,
      actorUserId: actor.id,
      targetType: "clearance",
      targetId: clearanceId,
      ipAddress: actor.ipAddress,
      details: { before: null, after: { subject: search.searchTerm, listing: hit.label, entityId: hit.entityId, decisionId: row.id, reason: row.reason } },
    });
  }
  const after = await saveReviewState(tx, search, false);
  const [names] = await tx
    .select({ decidedBy: personName(d.decidedBy), reviewedBy: personName(d.reviewedBy) })
    .from(d)
    .where(eq(d.id, row.id));
  const view = decisionView(row, names.decidedBy, names.reviewedBy);
  await recordAudit(tx, {
    action: audit.action,
    actorKind: actor.kind,
    actorUserId: actor.id,
    targetType: "search",
    targetId: search.id,
    ipAddress: actor.ipAddress,
    details: {
      hitId: row.hitId,
      hitLabel: row.hitLabel,
      decisionId: row.id,
      before: { ...audit.before, reviewStatus: search.reviewStatus },
      after: { decision: row.decision, reason: row.reason, text: row.text, remember: row.remember, state: row.state, reviewStatus: after.reviewStatus },
    },
  });
  if (effective && deps.queue) {
    await queueWebhookEvent(tx, deps.queue, {
      userId: search.userId,
      event: "review.decided",
      payload: { searchId: search.id, searchTerm: search.searchTerm, decision: view, review: { status: after.reviewStatus, openHits: after.openHits } },
      link: searchPagePath(search.id),
    });
  }
  return view;
}

/** The hit of the search: 404 when there is none with that id, 409 when it is not flagged (nothing to decide). */
function findHit(search: SearchRow, hitId: string) {
  const results = readResults(search.results);
  const hit = reviewableHits(results).find((h) => h.hitId === hitId);
  if (!hit) {
    const article = results?.adverseMedia.find((m) => m.hitId === hitId);
    if (article) throw new AppError(409, "This article is not flagged (it is not negative): there is nothing to decide");
    throw new AppError(404, "Hit not found");
  }
  if (hit.cleared) throw new AppError(409, "This hit is covered by a remembered clearance: revoke the clearance to decide it again");
  return hit;
}
