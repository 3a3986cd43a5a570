/**
 * A case's status: open → investigating → closed, and a closed case reopened with a reason. Closing needs an outcome
 * (the request's schema says so) and every flagged hit of the case's searches decided: 409 naming how many are not.
 * Closing also answers an escalation. Any member but an auditor moves a case along.
 */
import type { Db, schema } from "../../data/db.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { type CaseActor, findCase, requireVersion } from "./access.ts";
import type { CasePriority, CaseStatus, CaseStatusInput, CaseView } from "./contract.ts";
import { dueAtFor } from "./priority.ts";
import { recordCaseEvent, updateCase } from "./record.ts";
import { readCaseSettings } from "./settings.ts";
import { caseView, undecidedHits } from "./views.ts";

/** The moves a case may make, from each status. */
const MOVES: Record<CaseStatus, readonly CaseStatus[]> = {
  open: ["investigating", "closed"],
  investigating: ["closed"],
  closed: ["open", "investigating"],
};

export async function changeCaseStatus(deps: { db: Db; clock?: Clock }, actor: CaseActor, caseId: string, input: CaseStatusInput): Promise<CaseView> {
  const clock = deps.clock ?? systemClock;
  const after = await deps.db.transaction(async (tx) => {
    const row = await findCase(tx, actor, caseId, { change: true });
    requireVersion(row, input.version);
    const from = row.status as CaseStatus;
    if (from === input.status) throw new AppError(409, `The case is already ${from}`);
    if (!MOVES[from].includes(input.status)) throw new AppError(409, `A case that is ${from} cannot become ${input.status}`);
    const now = clock.now();
    let set: Partial<typeof schema.cases.$inferInsert>;
    if (input.status === "closed") {
      const open = await undecidedHits(tx, row.id);
      if (open > 0)
        throw new AppError(
          409,
          `${open} hit${open === 1 ? " is" : "s are"} not decided yet: decide every hit of the case's searches before closing it`,
          undefined,
          {
            undecidedHits: open,
          },
        );
      set = { status: "closed", outcome: input.outcome!, closedAt: now, escalatedAt: null };
    } else if (from === "closed") {
      if (!input.reason) throw new AppError(400, "Reopening a case needs a reason");
      // Reopened: it is due again, counted from now.
      const settings = await readCaseSettings(tx, row.organisationId);
      set = { status: input.status, outcome: null, closedAt: null, openedAt: now, dueAt: dueAtFor(now, row.priority as CasePriority, settings.dueHours) };
    } else {
      set = { status: input.status };
    }
    const changed = await updateCase(tx, row, set);
    await recordCaseEvent(
      tx,
      changed,
      { kind: actor.kind, id: actor.id, ipAddress: actor.ipAddress },
      from === "closed" ? "reopened" : "status_changed",
      {
        before: { status: from, outcome: row.outcome },
        after: { status: changed.status, outcome: changed.outcome, dueAt: changed.dueAt.toISOString() },
        reason: input.reason ?? null,
      },
      now,
    );
    return changed;
  });
  return caseView(deps.db, after.id, clock);
}
