/**
 * A case's priority and due date. Pure: the grouping, the status changes and the views use the same rule.
 * Priority is the kind of the worst open hit: any sanctions listing (match, near miss or partial) over a PEP listing
 * over a negative article. A case is due its organisation's hours for that priority after it (last) opened.
 */
import type { HitKind } from "../review/contract.ts";
import { CASE_PRIORITIES, type CasePriority } from "./contract.ts";

const rank = (p: CasePriority) => CASE_PRIORITIES.indexOf(p);

/** The worst of the hits' kinds; null when there is no hit. */
export function priorityOf(kinds: Iterable<HitKind>): CasePriority | null {
  let worst: CasePriority | null = null;
  for (const kind of kinds) if (worst === null || rank(kind) < rank(worst)) worst = kind;
  return worst;
}

/** Whether `candidate` is worse (more urgent) than `current`. */
export const isWorse = (candidate: CasePriority, current: CasePriority) => rank(candidate) < rank(current);

export function dueAtFor(openedAt: Date, priority: CasePriority, dueHours: Record<CasePriority, number>): Date {
  return new Date(openedAt.getTime() + dueHours[priority] * 3_600_000);
}
