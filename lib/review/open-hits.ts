/**
 * The caller's undecided flagged hits, one row per hit across the searches waiting for review, newest search first
 * (a search's hits in the order a reviewer sees them). Used by the MCP server's list_open_hits and
 * GET /api/v1/hits/open. Read from the searches' review columns (the queue's partial index), then each page's searches' results.
 *
 * Whose: the searches decide_hit would let the caller decide, read within their organisation as the public API reads
 * (lib/review/access.ts reviewableSearch): their own, and their team's when they decide for it (the team's reviewers,
 * the instance's admins and reviewers).
 */
import { and, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { readsEveryone } from "../auth/roles.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { decidesForTeam } from "../organisations/contract.ts";
import { cursorKey, newestFirst } from "../paging.ts";
import { readResults, riskLevelSchema } from "../screening/results.ts";
import { searchesOf } from "../screening/visibility.ts";
import type { ReviewMember } from "./access.ts";
import { explainedHits } from "./hit-explanations.ts";
import { type OpenHit, type OpenHitsPage, type OpenHitsQuery, openHitsQuerySchema } from "./open-hits-contract.ts";
import { LIVE_STATES } from "./search-review.ts";

export {
  OPEN_HITS_DEFAULT_LIMIT,
  OPEN_HITS_MAX_LIMIT,
  type OpenHit,
  type OpenHitsPage,
  type OpenHitsQuery,
  openHitSchema,
  openHitsPageSchema,
  openHitsQuerySchema,
} from "./open-hits-contract.ts";

/** Where a page ends: its last hit's search (position and id) and the hit's id. */
interface HitCursor {
  createdAt: string;
  searchId: string;
  hitId: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const encode = (cursor: HitCursor) => Buffer.from(JSON.stringify([cursor.createdAt, cursor.searchId, cursor.hitId])).toString("base64url");

function decode(text: string): HitCursor {
  try {
    const [createdAt, searchId, hitId] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (typeof createdAt === "string" && TIMESTAMP.test(createdAt) && typeof searchId === "string" && isUuid(searchId) && typeof hitId === "string") {
      return { createdAt, searchId, hitId };
    }
  } catch {
    // not one of ours: refused below
  }
  throw new AppError(400, "Invalid cursor");
}

const s = schema.searches;
const d = schema.hitDecisions;

/** The searches with open hits the member may decide (see the file's comment). */
function openSearchesOf(member: ReviewMember): SQL {
  const team = readsEveryone(member) || decidesForTeam(member.organisationRole);
  return and(sql`${s.reviewStatus} in ('needs_review', 'escalated')`, gt(s.openHits, 0), searchesOf(member, team ? "team" : "mine"), isNull(s.hiddenAt))!;
}

/** Searches read per round: a page's hits usually come from far fewer. */
const SEARCHES_PER_ROUND = 25;

export async function listOpenHits(db: Db, member: ReviewMember, query: OpenHitsQuery = {}): Promise<OpenHitsPage> {
  const { limit, cursor: given } = openHitsQuerySchema.parse(query);
  // Where reading goes on: within the cursor's search after its hit, or (hitId null) strictly before that search.
  let position: { createdAt: string; searchId: string; hitId: string | null } | undefined = given ? decode(given) : undefined;
  const where = openSearchesOf(member);
  const [{ total }] = await db
    .select({ total: sql<number>`coalesce(sum(${s.openHits}), 0)::int` })
    .from(s)
    .where(where);

  const found: { hit: OpenHit; createdAt: string }[] = [];
  // One more hit than asked tells whether another page follows.
  while (found.length <= limit) {
    const from = position;
    const after = !from
      ? undefined
      : from.hitId === null
        ? sql`(${s.createdAt}, ${s.id}) < (${from.createdAt}::timestamptz, ${from.searchId}::uuid)`
        : sql`(${s.createdAt}, ${s.id}) <= (${from.createdAt}::timestamptz, ${from.searchId}::uuid)`;
    const rows = await db
      .select({
        id: s.id,
        searchTerm: s.searchTerm,
        entityType: s.entityType,
        riskLevel: s.riskLevel,
        results: s.results,
        createdAt: s.createdAt,
        cursorKey: cursorKey(s),
      })
      .from(s)
      .where(and(where, after))
      .orderBy(...newestFirst(s))
      .limit(SEARCHES_PER_ROUND);
    if (rows.length === 0) break;
    const decisions = await db
      .select({ searchId: d.searchId, hitId: d.hitId, state: d.state })
      .from(d)
      .where(
        and(
          inArray(
            d.searchId,
            rows.map((r) => r.id),
          ),
          inArray(d.state, [...LIVE_STATES]),
        ),
      );
    const stateOf = new Map(decisions.map((x) => [`${x.searchId} ${x.hitId}`, x.state]));
    for (const row of rows) {
      let hits = explainedHits(readResults(row.results)).filter((h) => !h.cleared);
      // The cursor's own search: its hits after the cursor's hit.
      if (from?.hitId && row.id === from.searchId) hits = hits.slice(hits.findIndex((h) => h.hitId === from.hitId) + 1);
      for (const { cleared: _, ...hit } of hits) {
        const state = stateOf.get(`${row.id} ${hit.hitId}`);
        if (state === "decided" || state === "approved") continue;
        found.push({
          createdAt: row.cursorKey,
          hit: {
            ...hit,
            searchId: row.id,
            searchTerm: row.searchTerm,
            entityType: row.entityType,
            riskLevel: riskLevelSchema.safeParse(row.riskLevel).data ?? null,
            searchCreatedAt: row.createdAt.toISOString(),
            awaitingApproval: state === "proposed",
          },
        });
        if (found.length > limit) break;
      }
      if (found.length > limit) break;
    }
    if (rows.length < SEARCHES_PER_ROUND) break;
    const last = rows.at(-1)!;
    position = { createdAt: last.cursorKey, searchId: last.id, hitId: null };
  }
  const page = found.slice(0, limit);
  const end = page.at(-1);
  return {
    items: page.map((x) => x.hit),
    nextCursor: found.length > limit && end ? encode({ createdAt: end.createdAt, searchId: end.hit.searchId, hitId: end.hit.hitId }) : null,
    total,
  };
}
