import { caseListFilterSchema } from "../../../lib/cases/contract.ts";

/**
 * The list's views, each one a filter of GET /api/cases. "Needs decision" comes first: it is the review queue's place,
 * the cases with a hit nobody has decided yet (/reviews leads there).
 */
export const CASE_VIEWS = ["needs-decision", "mine", "unassigned", "team", "overdue", "escalated"] as const;
export type CaseView = (typeof CASE_VIEWS)[number];
/** Without ?view= the list shows the team's cases (everything the reader reads). */
export const DEFAULT_VIEW: CaseView = "team";

/** /cases keeps its view and filters in the address (?view=&status=&priority=&source=), so a reload keeps them. */
export interface CaseListSearch {
  view?: Exclude<CaseView, "team">;
  status?: "open" | "investigating" | "closed";
  priority?: "sanctions" | "pep" | "media";
  source?: "search" | "batch" | "monitoring";
  /** Tags separated by commas, lower case: the cases carrying every one. */
  tag?: string;
  /** Days: the cases first opened longer ago. */
  olderThan?: number;
}

export function filterOfView(view: CaseView | undefined): { assignee?: "me" | "unassigned"; overdue?: "true"; escalated?: "true"; needsDecision?: "true" } {
  switch (view) {
    case "needs-decision":
      return { needsDecision: "true" };
    case "mine":
      return { assignee: "me" };
    case "unassigned":
      return { assignee: "unassigned" };
    case "overdue":
      return { overdue: "true" };
    case "escalated":
      return { escalated: "true" };
    default:
      return {};
  }
}

const shape = caseListFilterSchema.shape;

/** Each filter checked with the server's rule; a value it refuses is dropped (the whole list rather than an error). */
export function validateCaseListSearch(search: Record<string, unknown>): CaseListSearch {
  const result: CaseListSearch = {};
  if (typeof search.view === "string" && search.view !== DEFAULT_VIEW && (CASE_VIEWS as readonly string[]).includes(search.view)) {
    result.view = search.view as CaseListSearch["view"];
  }
  const status = shape.status.safeParse(search.status);
  if (status.success && status.data) result.status = status.data;
  const priority = shape.priority.safeParse(search.priority);
  if (priority.success && priority.data) result.priority = priority.data;
  const source = shape.source.safeParse(search.source);
  if (source.success && source.data) result.source = source.data;
  // The router reads ?tag=2026 as a number: a tag is text.
  const tag = shape.tag.safeParse(typeof search.tag === "number" ? String(search.tag) : search.tag);
  if (tag.success && tag.data) result.tag = tag.data.join(",");
  const olderThan = shape.olderThan.safeParse(search.olderThan);
  if (olderThan.success && olderThan.data) result.olderThan = olderThan.data;
  return result;
}
