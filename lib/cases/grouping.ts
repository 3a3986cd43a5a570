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
import { createHash } from "node:crypto";
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { HitKind } from "../review/contract.ts";
import { type ReviewableHit, reviewableHits } from "../review/status.ts";
import type { FinishedSearch, SearchesFinished } from "../screening/events.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import { subjectKey } from "../screening/subject-key.ts";
import type { CaseRow } from "./access.ts";
import { autoAssignee, autoAssignees } from "./auto-assign.ts";
import type { CasePriority, CaseSettingsView } from "./contract.ts";
import { dueAtFor, isWorse, priorityOf } from "./priority.ts";
import { type CaseChange, recordCaseEvent, recordCaseEvents, SYSTEM } from "./record.ts";
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

/** The searches of one subject joining its case. */
interface Subject {
  organisationId: string;
  key: string;
  searches: Joining[];
  /** Its case, once found, reopened or opened. */
  row?: CaseRow;
}

const subjectId = (x: { organisationId: string; key: string }) => `${x.organisationId} ${x.key}`;

/**
 * Set-based: the searches finished together (a batch's write of ten rows, a backfill's hundred) cost a few statements
 * in all, not a few for each case: the subjects' cases read at once, the new ones opened in one statement and handed
 * out from one count, every timeline entry, audit entry, notification and webhook event of a step written together.
 * Each case goes through the steps one case at a time would: opened (or reopened, or its priority raised), then
 * assigned, then joined by its searches, each entry on its timeline in that order.
 */
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
  const groups = new Map<string, Subject>();
  for (const row of rows) {
    const joining: Joining = { ...row, details: readSearchDetails(row.details), hits: flagged.get(row.id)! };
    const key = subjectKey({ term: row.searchTerm, entityType: row.entityType, details: joining.details });
    const id = subjectId({ organisationId: row.organisationId, key });
    const subject = groups.get(id) ?? { organisationId: row.organisationId, key, searches: [] };
    subject.searches.push(joining);
    groups.set(id, subject);
  }
  const subjects = [...groups.keys()].sort().map((id) => groups.get(id)!);
  if (subjects.length === 0) return;
  // Locks are taken in one order by every transaction: an organisation's settings first (held while its new cases are
  // auto-assigned, so the counts and the cap hold), then the subjects (lockSubjects), then their cases. Two chunks
  // meeting the same subjects wait for each other instead of deadlocking.
  const settings = new Map<string, CaseSettingsView>();
  for (const organisationId of [...new Set(rows.map((r) => r.organisationId))].sort()) {
    const read = await readCaseSettings(tx, organisationId);
    settings.set(organisationId, read.autoAssign ? await readCaseSettings(tx, organisationId, { lock: true }) : read);
  }
  await lockSubjects(tx, subjects);
  const now = clock.now();
  const found = await subjectCases(tx, subjects);
  const newHits = await notDecidedBefore(tx, subjects, found);

  // 1. Each subject's case found, reopened (a closed case with a new hit), its priority raised, or opened.
  const changes: CaseChange[] = [];
  const reopening: Reopening[] = [];
  const raising: { subject: Subject; priority: CasePriority; dueAt: Date; before: string }[] = [];
  const opening: Subject[] = [];
  for (const subject of subjects) {
    const row = found.get(subjectId(subject));
    const hits = newHits.get(subject) ?? [];
    const priority = priorityOf(hits.map((h) => h.kind as HitKind));
    const due = settings.get(subject.organisationId)!.dueHours;
    subject.row = row;
    if (!row) opening.push(subject);
    else if (row.status === "closed" && priority) reopening.push({ subject, row, priority, dueAt: dueAtFor(now, priority, due), hits });
    else if (row.status !== "closed" && priority && isWorse(priority, row.priority as CasePriority)) {
      const dueAt = dueAtFor(row.openedAt, priority, due);
      raising.push({ subject, priority, dueAt: new Date(Math.min(dueAt.getTime(), row.dueAt.getTime())), before: row.priority });
    }
  }
  const opened = await openCases(tx, opening, settings, now);
  const reopened = await reopen(tx, reopening, now);
  const raised = await raisePriority(tx, raising);
  for (const subject of subjects) {
    const id = subjectId(subject);
    const first = subject.searches[0];
    if (opened.has(id)) {
      const row = opened.get(id)!;
      subject.row = row;
      changes.push({
        row,
        actor: SYSTEM,
        kind: "opened",
        details: { priority: row.priority, dueAt: row.dueAt.toISOString(), subject: first.searchTerm },
        at: now,
      });
    } else if (reopened.has(id)) {
      const { after, change } = reopened.get(id)!;
      subject.row = after;
      changes.push(change);
    } else if (raised.has(id)) {
      const after = raised.get(id)!;
      const { before } = raising.find((r) => r.subject === subject)!;
      subject.row = after;
      changes.push({
        row: after,
        actor: SYSTEM,
        kind: "priority_raised",
        details: { before: { priority: before }, after: { priority: after.priority, dueAt: after.dueAt.toISOString() } },
        at: now,
      });
    }
  }
  // Another transaction opened a subject's case since this one looked (a case opened by hand): join that one.
  const lost = opening.filter((x) => !opened.has(subjectId(x)));
  if (lost.length > 0) for (const [id, row] of await subjectCases(tx, lost)) groups.get(id)!.row = row;
  await recordCaseEvents(tx, changes);

  // 2. The new cases handed out, where the organisation asks for it.
  await assignOpened(
    tx,
    subjects.filter((x) => opened.has(subjectId(x))),
    settings,
    now,
  );

  // 3. Every search joins its subject's case, and the case's version moves on: one statement (a data-modifying WITH).
  const joins = tx
    .insert(schema.caseSearches)
    .values(subjects.flatMap((x) => x.searches.map((search) => ({ searchId: search.id, caseId: x.row!.id }))))
    .onConflictDoNothing();
  const bump = tx
    .update(k)
    .set({ version: sql`${k.version} + 1`, updatedAt: sql`now()` })
    .where(
      inArray(
        k.id,
        subjects.map((x) => x.row!.id),
      ),
    );
  await tx.execute(sql`with joins as (${joins.getSQL()}) ${bump.getSQL()}`);
  await recordCaseEvents(
    tx,
    subjects.flatMap((x) =>
      x.searches.map((search) => ({
        row: x.row!,
        actor: SYSTEM,
        kind: "search_added" as const,
        details: { searchId: search.id, searchTerm: search.searchTerm, source: sourceOf(search), hits: search.hits.length },
        at: now,
      })),
    ),
  );
}

/** Any int4 naming this use of the two-key advisory locks (the audit chain's lock is a single key: another space). */
const SUBJECT_LOCK = 20_261_126;

/**
 * A transaction-scoped advisory lock per subject (a 32-bit hash of the organisation and the subject key; two subjects
 * sharing one only wait for each other), taken in ascending order in one statement. Two transactions grouping
 * searches of a subject take turns on it before either reads or opens its case, so neither opens a second case, and
 * however many subjects each holds, their cases' row locks are never taken in crossing orders.
 */
async function lockSubjects(tx: DbOrTx, subjects: readonly Subject[]) {
  const hashes = [...new Set(subjects.map((x) => createHash("sha256").update(subjectId(x)).digest().readInt32BE(0)))].sort((a, b) => a - b);
  await tx.execute(
    sql`select pg_advisory_xact_lock(${SUBJECT_LOCK}, v::int) from jsonb_array_elements_text(${JSON.stringify(hashes)}::jsonb) with ordinality as t(v, n) order by n`,
  );
}

/**
 * Each subject's case: the one not closed, else the latest closed one; locked until the transaction ends (the rows
 * in the subjects' order). By subject id.
 */
async function subjectCases(tx: DbOrTx, subjects: readonly Subject[]): Promise<Map<string, CaseRow>> {
  const wanted = JSON.stringify(subjects.map((x) => ({ organisation_id: x.organisationId, subject_key: x.key })));
  const rows = await tx
    .select()
    .from(k)
    .where(
      inArray(
        k.id,
        sql`(select distinct on (c.organisation_id, c.subject_key) c.id
          from jsonb_to_recordset(${wanted}::jsonb) as w(organisation_id uuid, subject_key text)
          join ${k} c on c.organisation_id = w.organisation_id and c.subject_key = w.subject_key
          order by c.organisation_id, c.subject_key, c.status = 'closed', c.created_at desc)`,
      ),
    )
    .orderBy(k.organisationId, k.subjectKey)
    .for("update");
  return new Map(rows.map((row) => [subjectId({ organisationId: row.organisationId, key: row.subjectKey }), row]));
}

/** New cases, one statement for all (at most ROWS of them each); by subject id, those this transaction opened. */
async function openCases(tx: DbOrTx, subjects: readonly Subject[], settings: Map<string, CaseSettingsView>, now: Date): Promise<Map<string, CaseRow>> {
  const opened = new Map<string, CaseRow>();
  for (let i = 0; i < subjects.length; i += ROWS) {
    const inserted = await tx
      .insert(k)
      .values(
        subjects.slice(i, i + ROWS).map((subject) => {
          const first = subject.searches[0];
          const opening = priorityOf(subject.searches.flatMap((x) => x.hits.map((h) => h.kind as HitKind))) ?? "media";
          return {
            organisationId: subject.organisationId,
            title: first.searchTerm,
            subjectKey: subject.key,
            subjectName: first.searchTerm,
            entityType: first.entityType,
            subjectDetails: first.details,
            priority: opening,
            openedAt: now,
            dueAt: dueAtFor(now, opening, settings.get(subject.organisationId)!.dueHours),
          };
        }),
      )
      .onConflictDoNothing({ target: [k.organisationId, k.subjectKey], where: sql`${k.status} <> 'closed'` })
      .returning();
    for (const row of inserted) opened.set(subjectId({ organisationId: row.organisationId, key: row.subjectKey }), row);
  }
  return opened;
}

/** Rows a statement writes (10 parameters each, well under the 65,534 a statement may carry). */
const ROWS = 2000;

/** The new cases handed out: one count per organisation, one update, their timeline entries together. */
async function assignOpened(tx: DbOrTx, subjects: readonly Subject[], settings: Map<string, CaseSettingsView>, now: Date) {
  const picks: { id: string; assignee_id: string }[] = [];
  const changes: CaseChange[] = [];
  for (const organisationId of [...new Set(subjects.map((x) => x.organisationId))]) {
    const { autoAssign, perMemberCap } = settings.get(organisationId)!;
    if (!autoAssign) continue;
    const theirs = subjects.filter((x) => x.organisationId === organisationId);
    const assignees = await autoAssignees(tx, organisationId, perMemberCap, theirs.length);
    theirs.forEach((x, i) => {
      const assigneeId = assignees[i];
      if (assigneeId) picks.push({ id: x.row!.id, assignee_id: assigneeId });
    });
  }
  if (picks.length === 0) return;
  const assigned = await tx
    .update(k)
    .set({ assigneeId: sql`v.assignee_id`, version: sql`${k.version} + 1`, updatedAt: sql`now()` })
    .from(sql`jsonb_to_recordset(${JSON.stringify(picks)}::jsonb) as v(id uuid, assignee_id uuid)`)
    .where(sql`${k.id} = v.id`)
    .returning(getTableColumns(k));
  const byId = new Map(assigned.map((row) => [row.id, row]));
  for (const x of subjects) {
    const after = byId.get(x.row!.id);
    if (!after) continue;
    x.row = after;
    changes.push({
      row: after,
      actor: SYSTEM,
      kind: "assigned",
      details: { before: { assignee: null }, after: { assignee: after.assigneeId }, auto: true },
      at: now,
    });
  }
  await recordCaseEvents(tx, changes);
}

/**
 * The hits of the joining searches that are new to each found case: all of them, except a monitoring check's hit that
 * a search of the case already decided (a decision that took effect, on the same hit, unchanged). One read for all.
 */
async function notDecidedBefore(tx: DbOrTx, subjects: readonly Subject[], found: Map<string, CaseRow>): Promise<Map<Subject, ReviewableHit[]>> {
  const checked = subjects.filter((x) => found.has(subjectId(x)) && x.searches.some((search) => search.isAutomated));
  const d = schema.hitDecisions;
  const decided =
    checked.length === 0
      ? []
      : await tx
          .select({ caseId: schema.caseSearches.caseId, hitId: d.hitId, hitKind: d.hitKind, listingFingerprint: d.listingFingerprint })
          .from(d)
          .innerJoin(schema.caseSearches, eq(schema.caseSearches.searchId, d.searchId))
          .where(
            and(
              inArray(
                schema.caseSearches.caseId,
                checked.map((x) => found.get(subjectId(x))!.id),
              ),
              inArray(d.state, ["decided", "approved"]),
            ),
          );
  const hits = new Map<Subject, ReviewableHit[]>();
  for (const subject of subjects) {
    const row = found.get(subjectId(subject));
    const all = subject.searches.flatMap((x) => x.hits.map((hit) => ({ hit, automated: x.isAutomated })));
    const ofCase = row ? decided.filter((x) => x.caseId === row.id) : [];
    const covered = (hit: ReviewableHit) =>
      ofCase.some(
        (x) =>
          x.hitId === hit.hitId &&
          x.hitKind === hit.kind &&
          (hit.kind === "media" || (!!x.listingFingerprint && x.listingFingerprint === hit.listingFingerprint)),
      );
    hits.set(
      subject,
      all.filter((x) => !x.automated || !covered(x.hit)).map((x) => x.hit),
    );
  }
  return hits;
}

interface Reopening {
  subject: Subject;
  row: CaseRow;
  priority: CasePriority;
  dueAt: Date;
  hits: ReviewableHit[];
}

/** Closed cases with a new hit opened again, noting why, due again from now: one statement. By subject id. */
async function reopen(tx: DbOrTx, reopening: readonly Reopening[], now: Date): Promise<Map<string, { after: CaseRow; change: CaseChange }>> {
  const done = new Map<string, { after: CaseRow; change: CaseChange }>();
  if (reopening.length === 0) return done;
  const values = JSON.stringify(reopening.map((x) => ({ id: x.row.id, priority: x.priority, due_at: x.dueAt.toISOString() })));
  const rows = await tx
    .update(k)
    .set({
      status: "open",
      outcome: null,
      closedAt: null,
      escalatedAt: null,
      priority: sql`v.priority`,
      openedAt: now,
      dueAt: sql`v.due_at`,
      version: sql`${k.version} + 1`,
      updatedAt: sql`now()`,
    })
    .from(sql`jsonb_to_recordset(${values}::jsonb) as v(id uuid, priority text, due_at timestamptz)`)
    .where(sql`${k.id} = v.id`)
    .returning(getTableColumns(k));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { subject, row, priority, dueAt, hits } of reopening) {
    const after = byId.get(row.id)!;
    const labels = [...new Set(hits.map((h) => h.label))];
    done.set(subjectId(subject), {
      after,
      change: {
        row: after,
        actor: SYSTEM,
        kind: "reopened",
        details: {
          reason: `New hit${labels.length === 1 ? "" : "s"} for the subject: ${labels.join("; ")}`,
          searchIds: subject.searches.map((x) => x.id),
          before: { status: row.status, outcome: row.outcome },
          after: { status: "open", priority, dueAt: dueAt.toISOString() },
        },
        at: now,
      },
    });
  }
  return done;
}

/** Open cases a worse hit joins: the priority raised and the due date brought forward, one statement. By subject id. */
async function raisePriority(tx: DbOrTx, raising: readonly { subject: Subject; priority: CasePriority; dueAt: Date }[]): Promise<Map<string, CaseRow>> {
  const done = new Map<string, CaseRow>();
  if (raising.length === 0) return done;
  const values = JSON.stringify(raising.map((x) => ({ id: x.subject.row!.id, priority: x.priority, due_at: x.dueAt.toISOString() })));
  const rows = await tx
    .update(k)
    .set({ priority: sql`v.priority`, dueAt: sql`v.due_at`, version: sql`${k.version} + 1`, updatedAt: sql`now()` })
    .from(sql`jsonb_to_recordset(${values}::jsonb) as v(id uuid, priority text, due_at timestamptz)`)
    .where(sql`${k.id} = v.id`)
    .returning(getTableColumns(k));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const x of raising) done.set(subjectId(x.subject), byId.get(x.subject.row!.id)!);
  return done;
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
