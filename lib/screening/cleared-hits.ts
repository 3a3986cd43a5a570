/**
 * A screening takes into account the clearances reviewers remembered (lib/review/clearances.ts makes them): a hit a
 * live clearance of the search's organisation covers for the same subject is shown as cleared, and the risk and the summary are
 * judged without it. A clearance covers the listing only as it was: a listing changed since is flagged again, marked
 * as changed since it was cleared.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { personName } from "../auth/person-name.ts";
import type { SearchResults } from "./results.ts";
import { type ScreenedSubject, subjectKey } from "./subject-key.ts";

const c = schema.rememberedClearances;

type Found = Pick<SearchResults, "sanctionsList" | "pepListings">;

/**
 * Marks the hits that a live clearance of the organisation covers (whichever member cleared them), in place: `clearance` when the listing is unchanged,
 * `clearanceChanged` when it changed since. One indexed read per screening, whatever the number of clearances.
 */
export async function markClearedHits(db: DbOrTx, organisationId: string, subject: ScreenedSubject, found: Found): Promise<void> {
  const hits = [...found.sanctionsList.flatMap((row) => row.hits), ...found.pepListings].filter((h) => h.entityId);
  if (hits.length === 0) return;
  const rows = await db
    .select({
      id: c.id,
      entityId: c.entityId,
      listingFingerprint: c.listingFingerprint,
      reason: c.reason,
      text: c.text,
      decidedAt: c.decidedAt,
      decidedBy: personName(c.decidedBy),
    })
    .from(c)
    .where(
      and(
        eq(c.organisationId, organisationId),
        eq(c.subjectKey, subjectKey(subject)),
        isNull(c.revokedAt),
        inArray(
          c.entityId,
          hits.map((h) => h.entityId!),
        ),
      ),
    );
  if (rows.length === 0) return;
  const byEntity = new Map(rows.map((r) => [r.entityId, r]));
  for (const hit of hits) {
    const row = byEntity.get(hit.entityId!);
    if (!row) continue;
    const mark = {
      clearanceId: row.id,
      decidedAt: row.decidedAt.toISOString(),
      decidedBy: row.decidedBy,
      reason: row.reason,
      ...(row.text ? { text: row.text } : {}),
    };
    if (hit.listingFingerprint && hit.listingFingerprint === row.listingFingerprint) hit.clearance = mark;
    else hit.clearanceChanged = mark;
  }
}

/** What the risk level and the summary are judged on: the findings without the hits a clearance covers. */
export function withoutClearedHits<T extends Found>(found: T, matchThreshold: number): T {
  return {
    ...found,
    sanctionsList: found.sanctionsList.map((row) => {
      const hits = row.hits.filter((h) => !h.clearance);
      if (hits.length === row.hits.length) return row;
      const matches = hits.filter((h) => h.score >= matchThreshold && !h.partial).length;
      return { ...row, hits, match: row.match && matches > 0, entityCount: matches };
    }),
    pepListings: found.pepListings.filter((l) => !l.clearance),
  };
}
