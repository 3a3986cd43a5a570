/**
 * Who may verify any user's stored screening: the one rule the HTTP route and its tests read. Administrators now;
 * the read-only auditor role joins them by being added here.
 */
import type { UserRole } from "../auth/schemas.ts";

export const RECORD_VERIFIER_ROLES: readonly UserRole[] = ["admin"];

export const mayVerifyRecords = (user: { role: UserRole }) => RECORD_VERIFIER_ROLES.includes(user.role);
