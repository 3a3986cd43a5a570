/**
 * Who may verify any user's stored screening: the one rule the HTTP route and its tests read. Administrators and
 * auditors: a verification changes no record (it screens again in memory and is audited), so it is a read.
 */
import type { UserRole } from "../auth/schemas.ts";

export const RECORD_VERIFIER_ROLES: readonly UserRole[] = ["admin", "auditor"];

export const mayVerifyRecords = (user: { role: UserRole }) => RECORD_VERIFIER_ROLES.includes(user.role);
