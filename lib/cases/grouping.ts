/**
 * Every search that needs review belongs to a case: subscribed to screening's searchesFinished (lib/wiring.ts), so a
 * search, batch row or monitoring check whose first review has a flagged hit joins its case in the transaction that
 * writes its outcome, and no reader sees one without the other. "Needs review": completed with a flagged hit (a
 * sanctions or PEP listing, a negative article) that no remembered clearance covers (lib/review/status.ts).
 *
 * The case is the organisation's case of the same subject (lib/screening/subject-key.ts, as remembered clearances key
 * it): the one not closed, else the latest closed one, which reopens noting why; else a new case, auto-assigned when
 * the organisation asks for it. A monitoring check's hits that an earlier check of the case decided (the same hit,
 * unchanged) are not new: monitoring carries those decisions onto the check (lib/review/carry-forward.ts), so they
 * neither reopen a closed case nor raise its priority; the check still joins it. At most one case per subject is not
 * closed (a unique index): two searches of one subject finishing at once end in one case.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { HitKind } from "../review/contract.ts";
import { type ReviewableHit, reviewableHits } from "../review/status.ts";
import type { FinishedSearch, SearchesFinished } from "../screening/events.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import { subjectKey } from "../screening/subject-key.ts";
import type { CaseRow } from "./access.ts";
import { autoAssignee } from "./auto-assign.ts";
import type { CasePriority, CaseSettingsView } from "./contract.ts";
import { dueAtFor, isWorse, priorityOf } from "./priority.ts";
import { recordCaseEvent, SYSTEM } from "./record.ts";
import { readCaseSettings } from "./settings.ts";

const k = schema.cases;
const s = schema.searches;

interface Joining {
  id: string;
  searchTerm: string;
  entityType: "person" | "company";
  details: ReturnType<typeof readSearchDetails>;
  organisationId: string;
  isAutomated: boolean;
  batchJobId: string | null;
  /** Its flagged hits (none cleared). */
  hits: ReviewableHit[];
}

const sourceOf = (x: Pick<Joining, "isAutomated" | "batchJobId">) => (x.isAutomated ? "monitoring" : x.batchJobId ? "batch" : "search");

/** The subscriber: the searches finished together, grouped into their cases. */
export async function groupFinishedSearches(event: SearchesFinished): Promise<void> {
  await groupIntoCases(event.tx, event.searches);
}

export async function groupIntoCases(tx: DbOrTx, finished: readonly FinishedSearch[], clock: Clock = systemClock): Promise<void> {
  const flagged = new Map<string, ReviewableHit[]>();
  for (const search of finished) {
    if (search.status !== "completed") continue;
    const hits = reviewableHits(search.results).filter((h) => !h.cleared);
    if (hits.length > 0) flagged.set(search.searchId, hits);
  }
  if (flagged.size === 0) return;
  const rows = await tx
    .select({
      id: s.id,
      searchTerm: s.searchTerm,
      entityType: s.entityType,
      details: s.details,
      organisationId: s.organisationId,
      isAutomated: s.isAutomated,
      batchJobId: s.batchJobId,
    })
    .from(s)
    .where(inArray(s.id, [...flagged.keys()]));
  const groups = new Map<string, Joining[]>();
  for (const row of rows) {
    const joining: Joining = { ...row, details: readSearchDetails(row.details), hits: flagged.get(row.id)! };
    const key = `${row.organisationId} ${subjectKey({ term: row.searchTerm, entityType: row.entityType, details: joining.details })}`;
    groups.set(key, [...(groups.get(key) ?? []), joining]);
  }
  // Locks are taken in one order by every transaction: an organisation's settings first (held while its new cases are
  // auto-assigned, so the counts and the cap hold), then the subjects' cases by key. Two chunks meeting the same
  // subjects wait for each other instead of deadlocking.
  const settings = new Map<string, CaseSettingsView>();
  for (const organisationId of [...new Set(rows.map((r) => r.organisationId))].sort()) {
    const read = await readCaseSettings(tx, organisationId);
    settings.set(organisationId, read.autoAssign ? await readCaseSettings(tx, organisationId, { lock: true }) : read);
  }
  for (const key of [...groups.keys()].sort()) {
    const searches = groups.get(key)!;
    await joinCase(tx, searches, settings.get(searches[0].organisationId)!, clock);
  }
}

/** The case of the subject, found, reopened or opened, locked until the transaction ends. */
async function subjectCase(tx: DbOrTx, organisationId: string, key: string) {
  const [row] = await tx
    .select()
    .from(k)
    .where(and(eq(k.organisationId, organisationId), eq(k.subjectKey, key)))
    .orderBy(sql`${k.status} = 'closed'`, desc(k.createdAt))
    .limit(1)
    .for("update");
  return row;
}

async function joinCase(tx: DbOrTx, searches: Joining[], settings: CaseSettingsView, clock: Clock) {
  const first = searches[0];
  const key = subjectKey({ term: first.searchTerm, entityType: first.entityType, details: first.details });
  const now = clock.now();
  let row = await subjectCase(tx, first.organisationId, key);
  const newHits = row ? await notDecidedBefore(tx, row, searches) : searches.flatMap((x) => x.hits);
  const priority = priorityOf(newHits.map((h) => h.kind as HitKind));

  if (!row) {
    const opening = priority ?? "media";
    const [inserted] = await tx
      .insert(k)
      .values({
        organisationId: first.organisationId,
        title: first.searchTerm,
        subjectKey: key,
        subjectName: first.searchTerm,
        entityType: first.entityType,
        subjectDetails: first.details,
        priority: opening,
        openedAt: now,
        dueAt: dueAtFor(now, opening, settings.dueHours),
      })
      .onConflictDoNothing({ target: [k.organisationId, k.subjectKey], where: sql`${k.status} <> 'closed'` })
      .returning();
    if (inserted) {
      row = inserted;
      await recordCaseEvent(tx, row, SYSTEM, "opened", { priority: opening, dueAt: row.dueAt.toISOString(), subject: first.searchTerm }, now);
      row = await assignNew(tx, row, settings.autoAssign, settings.perMemberCap, now);
    } else {
      // Another transaction opened the subject's case since this one looked: join that one.
      row = (await subjectCase(tx, first.organisationId, key))!;
    }
  } else if (row.status === "closed" && priority) {
    row = await reopen(tx, row, priority, settings.dueHours, newHits, searches, now);
  } else if (row.status !== "closed" && priority && isWorse(priority, row.priority as CasePriority)) {
    const dueAt = dueAtFor(row.openedAt, priority, settings.dueHours);
    const earlier = new Date(Math.min(dueAt.getTime(), row.dueAt.getTime()));
    const before = row.priority;
    [row] = await tx
      .update(k)
      .set({ priority, dueAt: earlier, version: row.version + 1, updatedAt: sql`now()` })
      .where(eq(k.id, row.id))
      .returning();
    await recordCaseEvent(tx, row, SYSTEM, "priority_raised", { before: { priority: before }, after: { priority, dueAt: earlier.toISOString() } }, now);
  }

  await tx
    .insert(schema.caseSearches)
    .values(searches.map((x) => ({ searchId: x.id, caseId: row.id })))
    .onConflictDoNothing();
  await tx
    .update(k)
    .set({ version: sql`${k.version} + 1`, updatedAt: sql`now()` })
    .where(eq(k.id, row.id));
  for (const x of searches) {
    await recordCaseEvent(tx, row, SYSTEM, "search_added", { searchId: x.id, searchTerm: x.searchTerm, source: sourceOf(x), hits: x.hits.length }, now);
  }
}

/**
 * The hits of the joining searches that are new to the case: all of them, except a monitoring check's hit that a
 * search of the case already decided (a decision that took effect, on the same hit, unchanged).
 */
async function notDecidedBefore(tx: DbOrTx, row: CaseRow, searches: Joining[]): Promise<ReviewableHit[]> {
  const all = searches.flatMap((x) => x.hits.map((hit) => ({ hit, automated: x.isAutomated })));
  if (!all.some((x) => x.automated)) return all.map((x) => x.hit);
  const d = schema.hitDecisions;
  const decided = await tx
    .select({ hitId: d.hitId, hitKind: d.hitKind, listingFingerprint: d.listingFingerprint })
    .from(d)
    .innerJoin(schema.caseSearches, eq(schema.caseSearches.searchId, d.searchId))
    .where(and(eq(schema.caseSearches.caseId, row.id), inArray(d.state, ["decided", "approved"])));
  const covered = (hit: ReviewableHit) =>
    decided.some(
      (x) =>
        x.hitId === hit.hitId &&
        x.hitKind === hit.kind &&
        (hit.kind === "media" || (!!x.listingFingerprint && x.listingFingerprint === hit.listingFingerprint)),
    );
  return all.filter((x) => !x.automated || !covered(x.hit)).map((x) => x.hit);
}

async function reopen(
  tx: DbOrTx,
  row: CaseRow,
  priority: CasePriority,
  dueHours: Record<CasePriority, number>,
  newHits: ReviewableHit[],
  searches: Joining[],
  now: Date,
): Promise<CaseRow> {
  const dueAt = dueAtFor(now, priority, dueHours);
  const [after] = await tx
    .update(k)
    .set({ status: "open", outcome: null, closedAt: null, escalatedAt: null, priority, openedAt: now, dueAt, version: row.version + 1, updatedAt: sql`now()` })
    .where(eq(k.id, row.id))
    .returning();
  const labels = [...new Set(newHits.map((h) => h.label))];
  await recordCaseEvent(
    tx,
    after,
    SYSTEM,
    "reopened",
    {
      reason: `New hit${labels.length === 1 ? "" : "s"} for the subject: ${labels.join("; ")}`,
      searchIds: searches.map((x) => x.id),
      before: { status: row.status, outcome: row.outcome },
      after: { status: "open", priority, dueAt: dueAt.toISOString() },
    },
    now,
  );
  return after;
}

/** A new case (grouped, or opened by hand: manual.ts) goes to the member auto-assignment picks, when the organisation turned it on. */
export async function assignNew(tx: DbOrTx, row: CaseRow, autoAssign: boolean, perMemberCap: number | null, now: Date): Promise<CaseRow> {
  // The settings row is locked (groupIntoCases): cases opened at once are handed out one after the other.
  if (!autoAssign) return row;
  const assigneeId = await autoAssignee(tx, row.organisationId, perMemberCap);
  if (!assigneeId) return row;
  const [after] = await tx
    .update(k)
    .set({ assigneeId, version: row.version + 1, updatedAt: sql`now()` })
    .where(eq(k.id, row.id))
    .returning();
  await recordCaseEvent(tx, after, SYSTEM, "assigned", { before: { assignee: null }, after: { assignee: assigneeId }, auto: true }, now);
  return after;
}
