/**
 * A search's story, oldest first: created, completed (or failed), every decision, approval and rejection, every note,
 * escalation and dismissal, and every export of its report.
 */
import { and, asc, eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { personName } from "../auth/person-name.ts";
import type { TimelineEventView } from "./contract.ts";
import { decisionsOf, notesOf } from "./search-review.ts";

type SearchRow = typeof schema.searches.$inferSelect;

export async function searchTimeline(db: DbOrTx, search: SearchRow): Promise<TimelineEventView[]> {
  const a = schema.auditLog;
  const [decisions, notes, exports, [owner]] = await Promise.all([
    decisionsOf(db, [search.id]),
    notesOf(db, search.id),
    db
      .select({ at: a.at, actor: personName(a.actorUserId), details: a.details })
      .from(a)
      .where(and(eq(a.targetType, "search"), eq(a.targetId, search.id), eq(a.action, "search.exported")))
      .orderBy(asc(a.at)),
    db.select({ fullName: schema.users.fullName, email: schema.users.email }).from(schema.users).where(eq(schema.users.id, search.userId)),
  ]);
  const events: TimelineEventView[] = [
    { at: search.createdAt.toISOString(), kind: "created", actor: owner ? owner.fullName || owner.email : null, details: { searchTerm: search.searchTerm } },
  ];
  if (search.status === "completed" || search.status === "failed") {
    events.push({ at: search.updatedAt.toISOString(), kind: search.status, actor: null, details: { riskLevel: search.riskLevel } });
  }
  for (const x of decisions) {
    events.push({
      at: x.decidedAt,
      kind: "decision",
      actor: x.decidedBy,
      details: { hitId: x.hitId, hitLabel: x.hitLabel, decision: x.decision, reason: x.reason, text: x.text, proposed: x.state !== "decided" },
    });
    if (x.reviewedAt) {
      events.push({
        at: x.reviewedAt,
        kind: x.state === "rejected" ? "rejection" : "approval",
        actor: x.reviewedBy,
        details: { hitId: x.hitId, hitLabel: x.hitLabel, decision: x.decision, comment: x.reviewComment },
      });
    }
  }
  for (const note of notes) events.push({ at: note.createdAt, kind: note.kind, actor: note.author, details: { text: note.text } });
  for (const e of exports) {
    const format = (e.details as { format?: string } | null)?.format ?? null;
    events.push({ at: e.at.toISOString(), kind: "export", actor: e.actor, details: { format } });
  }
  return events.sort((x, y) => x.at.localeCompare(y.at));
}
