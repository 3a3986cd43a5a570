import type { AuditFilter } from "../../../lib/audit/contract.ts";

export const AUDIT_FILTER_KEYS = ["actor", "action", "targetType", "targetId", "from", "to"] as const satisfies readonly (keyof AuditFilter)[];
export type AuditSearch = Partial<Record<(typeof AUDIT_FILTER_KEYS)[number], string>>;

/** The /admin/audit address's filters (kept in the URL so a reload or a shared link shows the same entries). */
export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const kept: AuditSearch = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = search[key];
    if (typeof value === "string" && value.trim()) kept[key] = value.trim();
  }
  return kept;
}

/** The filters as a query string for the list and the export (the server validates them). */
export function auditQueryString(search: AuditSearch) {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) if (search[key]) params.set(key, search[key]!);
  return params.toString();
}
