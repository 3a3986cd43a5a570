/**
 * Cases made by hand: a member opens a case for a subject (a customer being onboarded, a tip-off) before or without a
 * screening that needs review, and puts the organisation's searches into a case. Any member but an auditor does both.
 *
 * The subject is keyed as grouping keys it (lib/screening/subject-key.ts), so the screenings of that subject that need
 * review join the case opened by hand. At most one case per subject is not closed (the unique index
 * cases_open_subject): opening a second is 409 naming the first, whoever's or whatever made it. A case opened by hand
 * has no hit yet: it starts at the mildest priority (media) and is due the organisation's media hours after opening; a
 * search added with a worse open hit raises it, as a search joining does in grouping. Auto-assignment hands it out as
 * it hands out a grouped case, under the same lock of the organisation's settings.
 *
 * A search goes into one case at most (case_searches' key): one in another case is 409 naming it. Only a search that
 * finished is added: a search still running would otherwise be grouped again when it finishes. A closed case takes
 * no search: its outcome was decided on what it held, and it must not hold an undecided hit; reopen it first.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { canDecide, READ_ONLY_MESSAGE } from "../auth/roles.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { reviewableBy, SEARCH_NOT_FOUND } from "../review/access.ts";
import type { HitKind } from "../review/contract.ts";
import { reviewableHits } from "../review/status.ts";
import type { SearchResults } from "../screening/results.ts";
import { storedSearchDetails } from "../screening/schemas.ts";
import { subjectKey } from "../screening/subject-key.ts";
import { type CaseActor, type CaseRow, findCase } from "./access.ts";
import type { CasePriority, CaseView, OpenCaseInput } from "./contract.ts";
import { assignNew } from "./grouping.ts";
import { dueAtFor, isWorse, priorityOf } from "./priority.ts";
import { type ChangeActor, recordCaseEvent, updateCase } from "./record.ts";
import { readCaseSettings } from "./settings.ts";
import { caseView } from "./views.ts";

const k = schema.cases;
const cs = schema.caseSearches;
const s = schema.searches;

/** A case opened by hand starts at the mildest priority: it has no hit yet. */
export const MANUAL_CASE_PRIORITY: CasePriority = "media";

/** A refusal naming the case it is about (the subject's open case, the search's case): the API answers its id too. */
export class CaseConflict extends AppError {
  constructor(
    message: string,
    readonly caseId: string,
  ) {
    super(409, message, undefined, { caseId });
  }
}

export const subjectHasCaseMessage = (caseId: string) => `The subject already has a case that is not closed: ${caseId}`;
export const searchInCaseMessage = (caseId: string) => `The search is already in another case: ${caseId}`;
export const CLOSED_CASE_TAKES_NO_SEARCH = "A closed case takes no new search: reopen it first, with a reason";
export const SEARCH_NOT_FINISHED = "The search has not finished yet: add it once it has";

const actorOf = (actor: CaseActor): ChangeActor => ({ kind: actor.kind, id: actor.id, ipAddress: actor.ipAddress });

async function openCaseOf(tx: DbOrTx, organisationId: string, key: string) {
  const [row] = await tx
    .select({ id: k.id })
    .from(k)
    .where(and(eq(k.organisationId, organisationId), eq(k.subjectKey, key), ne(k.status, "closed")));
  return row?.id ?? null;
}

/** POST /api/cases: a new case of the subject in the actor's organisation; 409 naming the subject's case not closed. */
export async function openCase(deps: { db: Db; clock?: Clock }, actor: CaseActor, input: OpenCaseInput): Promise<CaseView> {
  if (!canDecide(actor)) throw new AppError(403, READ_ONLY_MESSAGE);
  const clock = deps.clock ?? systemClock;
  const { name, entityType, birthDate, nationality, identifiers } = input.subject;
  const details = storedSearchDetails({ birthDate, nationality, identifiers });
  const key = subjectKey({ term: name, entityType, details });
  const organisationId = actor.organisationId;
  const after = await deps.db.transaction(async (tx) => {
    // The locks in grouping's order: the organisation's settings (while auto-assignment counts), then the subject.
    const read = await readCaseSettings(tx, organisationId);
    const settings = read.autoAssign ? await readCaseSettings(tx, organisationId, { lock: true }) : read;
    const existing = await openCaseOf(tx, organisationId, key);
    if (existing) throw new CaseConflict(subjectHasCaseMessage(existing), existing);
    const now = clock.now();
    const [inserted] = await tx
      .insert(k)
      .values({
        organisationId,
        title: input.title,
        subjectKey: key,
        subjectName: name,
        entityType,
        subjectDetails: details,
        priority: MANUAL_CASE_PRIORITY,
        openedAt: now,
        dueAt: dueAtFor(now, MANUAL_CASE_PRIORITY, settings.dueHours),
      })
      .onConflictDoNothing({ target: [k.organisationId, k.subjectKey], where: sql`${k.status} <> 'closed'` })
      .returning();
    if (!inserted) {
      // A screening (or another member) opened the subject's case since this one looked.
      const other = (await openCaseOf(tx, organisationId, key))!;
      throw new CaseConflict(subjectHasCaseMessage(other), other);
    }
    await recordCaseEvent(
      tx,
      inserted,
      actorOf(actor),
      "opened",
      { priority: MANUAL_CASE_PRIORITY, dueAt: inserted.dueAt.toISOString(), subject: name, title: input.title, byHand: true },
      now,
    );
    return assignNew(tx, inserted, settings.autoAssign, settings.perMemberCap, now);
  });
  return caseView(deps.db, after.id, clock);
}

/** The kinds of the search's flagged hits without a decision that took effect (a proposal leaves a hit open). */
async function openHitKinds(tx: DbOrTx, searchId: string, results: SearchResults | null): Promise<HitKind[]> {
  const flagged = reviewableHits(results).filter((h) => !h.cleared);
  if (flagged.length === 0) return [];
  const d = schema.hitDecisions;
  const decided = await tx
    .select({ hitId: d.hitId })
    .from(d)
    .where(and(eq(d.searchId, searchId), inArray(d.state, ["decided", "approved"])));
  const done = new Set(decided.map((x) => x.hitId));
  return flagged.filter((h) => !done.has(h.hitId)).map((h) => h.kind);
}

/**
 * POST /api/cases/{id}/searches: the organisation's search put into the case. A search already in this case leaves it
 * as it is (a repeated request changes nothing). A worse open hit raises the case's priority and brings its due date
 * forward (never later than it was), as grouping does.
 */
export async function addCaseSearch(deps: { db: Db; clock?: Clock }, actor: CaseActor, caseId: string, searchId: string): Promise<CaseView> {
  const clock = deps.clock ?? systemClock;
  const after = await deps.db.transaction(async (tx) => {
    const row = await findCase(tx, actor, caseId, { change: true });
    if (!isUuid(searchId)) throw new AppError(404, SEARCH_NOT_FOUND);
    const [search] = await tx
      .select({
        id: s.id,
        searchTerm: s.searchTerm,
        status: s.status,
        results: s.results,
        isAutomated: s.isAutomated,
        batchJobId: s.batchJobId,
        caseId: cs.caseId,
      })
      .from(s)
      .leftJoin(cs, eq(cs.searchId, s.id))
      .where(and(eq(s.id, searchId), eq(s.organisationId, row.organisationId), reviewableBy(actor)));
    if (!search) throw new AppError(404, SEARCH_NOT_FOUND);
    if (search.caseId === row.id) return row;
    if (search.caseId) throw new CaseConflict(searchInCaseMessage(search.caseId), search.caseId);
    if (row.status === "closed") throw new AppError(409, CLOSED_CASE_TAKES_NO_SEARCH);
    if (search.status !== "completed" && search.status !== "failed") throw new AppError(409, SEARCH_NOT_FINISHED);

    const [added] = await tx.insert(cs).values({ searchId: search.id, caseId: row.id }).onConflictDoNothing().returning();
    if (!added) {
      // Grouped into a case (or added to one by someone else) since this one looked.
      const [other] = await tx.select({ caseId: cs.caseId }).from(cs).where(eq(cs.searchId, search.id));
      throw new CaseConflict(searchInCaseMessage(other.caseId), other.caseId);
    }
    const kinds = await openHitKinds(tx, search.id, search.results as SearchResults | null);
    const worst = priorityOf(kinds);
    const now = clock.now();
    let changed: CaseRow;
    if (worst && isWorse(worst, row.priority as CasePriority)) {
      const settings = await readCaseSettings(tx, row.organisationId);
      const dueAt = new Date(Math.min(dueAtFor(row.openedAt, worst, settings.dueHours).getTime(), row.dueAt.getTime()));
      changed = await updateCase(tx, row, { priority: worst, dueAt });
      await recordCaseEvent(
        tx,
        changed,
        actorOf(actor),
        "priority_raised",
        { before: { priority: row.priority }, after: { priority: worst, dueAt: dueAt.toISOString() }, searchId: search.id },
        now,
      );
    } else {
      // Holding one search more is a change: a member closing the case on an older page is refused (409).
      changed = await updateCase(tx, row, {});
    }
    const source = search.isAutomated ? "monitoring" : search.batchJobId ? "batch" : "search";
    await recordCaseEvent(
      tx,
      changed,
      actorOf(actor),
      "search_added",
      { searchId: search.id, searchTerm: search.searchTerm, source, hits: kinds.length, byHand: true },
      now,
    );
    return changed;
  });
  return caseView(deps.db, after.id, clock);
}
