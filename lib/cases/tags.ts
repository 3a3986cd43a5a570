/**
 * A case's tags: the words a team files its cases under ("onboarding", "pep", "tip-off"), set as a whole list by any
 * member but an auditor, on any case they read, closed ones too (a team files its decided cases as well). The request's
 * schema trims, lower-cases and deduplicates them (lib/cases/contract.ts caseTagsSchema), so "PEP" and "pep" are one
 * tag and the list's ?tag= filter finds both. They are kept in the order given. Setting them is a change like any
 * other: it raises the version (a list set on an older page is 409), and it is on the timeline and in the audit log
 * with the tags before and after. Setting the tags the case already has changes nothing and records nothing.
 */
import type { Db } from "../../data/db.ts";
import { type Clock, systemClock } from "../clock.ts";
import { type CaseActor, findCase, requireVersion } from "./access.ts";
import type { CaseTagsInput, CaseView } from "./contract.ts";
import { recordCaseEvent, updateCase } from "./record.ts";
import { caseView } from "./views.ts";

export async function setCaseTags(deps: { db: Db; clock?: Clock }, actor: CaseActor, caseId: string, input: CaseTagsInput): Promise<CaseView> {
  const clock = deps.clock ?? systemClock;
  const after = await deps.db.transaction(async (tx) => {
    const row = await findCase(tx, actor, caseId, { change: true });
    requireVersion(row, input.version);
    if (row.tags.length === input.tags.length && row.tags.every((tag, i) => tag === input.tags[i])) return row;
    const changed = await updateCase(tx, row, { tags: input.tags });
    const added = input.tags.filter((tag) => !row.tags.includes(tag));
    const removed = row.tags.filter((tag) => !input.tags.includes(tag));
    await recordCaseEvent(
      tx,
      changed,
      { kind: actor.kind, id: actor.id, ipAddress: actor.ipAddress },
      "tags_changed",
      { before: { tags: row.tags }, after: { tags: input.tags }, added, removed },
      clock.now(),
    );
    return changed;
  });
  return caseView(deps.db, after.id, clock);
}
