/**
 * Who sees which daily report: the instance's admin the instance's (every organisation's activity), an organisation's
 * owners, admins and auditors their organisation's (every member's), any other member their own. Days after today
 * (in the report timezone) are refused.
 */
import type { UserRole } from "../../auth/schemas.ts";
import { AppError } from "../../errors.ts";
import { type OrganisationRole, overseesTeam } from "../../organisations/contract.ts";
import { INSTANCE, organisationScope, type ReportScope } from "./scope.ts";
import { zonedParts } from "./settings.ts";

export function scopeOf(user: { id: string; role: UserRole; organisationId: string; organisationRole: OrganisationRole }): ReportScope {
  if (user.role === "admin") return INSTANCE;
  if (overseesTeam(user.organisationRole)) return organisationScope(user.organisationId);
  return { userId: user.id };
}

export function todayIn(timeZone: string, now = new Date()): string {
  return zonedParts(now, timeZone).day;
}

export function refuseFuture(date: string, timeZone: string, now = new Date()): string {
  if (date > todayIn(timeZone, now)) throw new AppError(400, "date must not be in the future");
  return date;
}
