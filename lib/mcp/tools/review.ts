/** list_open_hits and decide_hit: the caller's undecided hits, and a decision on one as POST /api/v1/search/{id}/decisions makes it. */
import { z } from "zod";
import { hitDecisionSchema } from "../../public-api/schemas.ts";
import { memberOf, type ReviewActor } from "../../review/access.ts";
import { DECISION_REASONS, DECISIONS, decideHitSchema } from "../../review/contract.ts";
import { decideHit as decide } from "../../review/decisions.ts";
import { OPEN_HITS_DEFAULT_LIMIT, OPEN_HITS_MAX_LIMIT, listOpenHits as openHits, openHitsPageSchema } from "../../review/open-hits.ts";
import { getSearch } from "../../screening/searches.ts";
import { defineTool } from "../tool-kit.ts";

export const listOpenHits = defineTool({
  name: "list_open_hits",
  title: "List undecided hits",
  description:
    "The flagged hits still waiting for a decision (true match or false positive) across your screenings that need review, newest screening first: each with its searchId, hitId, kind (sanctions, pep, media), name, score and why it is a hit. Decide them with decide_hit. Pass nextCursor as cursor for the next page. Needs the read scope.",
  scope: "read",
  writes: false,
  input: z.strictObject({
    limit: z
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(OPEN_HITS_MAX_LIMIT, `limit must be at most ${OPEN_HITS_MAX_LIMIT}`)
      .default(OPEN_HITS_DEFAULT_LIMIT)
      .describe(`Hits per page, 1-${OPEN_HITS_MAX_LIMIT} (default ${OPEN_HITS_DEFAULT_LIMIT})`),
    cursor: z.string({ error: "cursor must be the nextCursor of the page before" }).max(300).optional().describe("The nextCursor of the page before"),
  }),
  output: openHitsPageSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: ({ deps, principal }, query) => openHits(deps.db, memberOf(principal.user), query),
});

const decision = decideHitSchema.shape;

export const decideHit = defineTool({
  name: "decide_hit",
  title: "Decide a hit",
  description: `Records a reviewer's decision on a flagged hit of a screening: true_match or false_positive, with a reason (false positive: different_birth_date, different_nationality, different_gender, common_name or other; true match: confirmed_identity or other; text is required with other). remember (false positives of listings only) clears the listing for this subject in later screenings until it changes. With four-eyes review on, the decision is proposed until another reviewer approves it. Free. Decide only what the evidence supports. Needs the review scope.`,
  scope: "review",
  writes: true,
  input: z.strictObject({
    searchId: z.string({ error: "searchId is required" }).describe("The screening's id"),
    hitId: decision.hitId.describe("The hit's hitId (from screen, get_screening or list_open_hits)"),
    decision: decision.decision.describe(DECISIONS.join(" or ")),
    reason: decision.reason.describe(`One of ${DECISION_REASONS.join(", ")}`),
    text: decision.text.describe("Why, in words (required when reason is other)"),
    remember: decision.remember.describe("Remember a false positive of a listing for this subject"),
    replaces: decision.replaces.describe("To change a decision: the id of the decision in effect on the hit"),
  }),
  output: hitDecisionSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ deps, principal }, { searchId, ...given }) {
    // The rules that read two fields together (a reason that fits the decision, text with other) are decideHitSchema's.
    const input = decideHitSchema.parse(given);
    // Within the key owner's organisation, whatever their instance role, as every public API call.
    const search = await getSearch(deps.db, principal.user, searchId);
    const actor: ReviewActor = { ...memberOf(principal.user), kind: principal.actorKind, ipAddress: principal.ipAddress };
    return decide({ db: deps.db, queue: deps.queue }, actor, search.id, input);
  },
});
