/** ?show=active|lifted|all of /admin/legal-holds (which holds the list shows, kept across a reload); default active. */
export const HOLD_LISTS = ["active", "lifted", "all"] as const;
export type HoldList = (typeof HOLD_LISTS)[number];

export interface LegalHoldsSearch {
  show?: Exclude<HoldList, "active">;
}

export function validateLegalHoldsSearch(search: Record<string, unknown>): LegalHoldsSearch {
  return search.show === "lifted" || search.show === "all" ? { show: search.show } : {};
}

/** The list's query to GET /api/admin/legal-holds (?active=true|false, or every hold). */
export function holdsQuery(show: HoldList): { active?: "true" | "false" } {
  return show === "all" ? {} : { active: show === "active" ? "true" : "false" };
}
