/**
 * Who sees which daily report: an admin the organisation's (every user's activity), an ordinary user their own.
 * Days after today (in the report timezone) are refused.
 */
import type { UserRole } from "../../auth/schemas.ts";
import { AppError } from "../../errors.ts";
import { ORGANISATION, type ReportScope } from "./scope.ts";
import { zonedParts } from "./settings.ts";

export function scopeOf(user: { id: string; role: UserRole }): ReportScope {
  return user.role === "admin" ? ORGANISATION : { userId: user.id };
}

export function todayIn(timeZone: string, now = new Date()): string {
  return zonedParts(now, timeZone).day;
}

export function refuseFuture(date: string, timeZone: string, now = new Date()): string {
  if (date > todayIn(timeZone, now)) throw new AppError(400, "date must not be in the future");
  return date;
}
