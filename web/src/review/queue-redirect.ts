import type { CaseListSearch } from "../cases/case-search";

/**
 * /reviews, the review queue's address, now leads to the case list's "Needs decision" view, so bookmarks and links
 * still open the work that waits. What of the queue's filters the case list knows is kept: the source; an escalated
 * filter opens "Escalated", an assignee filter "Mine" or "Unassigned".
 */
export function caseListOfQueue(search: Record<string, unknown>): CaseListSearch {
  const source = search.source === "search" || search.source === "batch" || search.source === "monitoring" ? search.source : undefined;
  const view: CaseListSearch["view"] =
    search.status === "escalated" ? "escalated" : search.assignee === "me" ? "mine" : search.assignee === "unassigned" ? "unassigned" : "needs-decision";
  return { view, ...(source ? { source } : {}) };
}
