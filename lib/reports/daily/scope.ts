/** Whose activity a daily report covers, and the SQL that picks the day's searches and ledger rows of it. */
import { and, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { AppError } from "../../errors.ts";
import { isUuid } from "../../ids.ts";
import { ORGANISATION_NOT_FOUND } from "../../organisations/actor.ts";

/**
 * A user's own activity (userId), an organisation's members' (organisationId: its owners, admins and auditors read
 * it), or with neither the whole instance's, across organisations (its admins and the CLI's operator).
 */
export interface ReportScope {
  userId: string | null;
  organisationId?: string | null;
}

export const INSTANCE: ReportScope = { userId: null, organisationId: null };

export const organisationScope = (organisationId: string): ReportScope => ({ userId: null, organisationId });

/** The scope of an organisation named by an id someone typed: 404 when no organisation has it, as for any record. */
export async function existingOrganisationScope(db: DbOrTx, organisationId: string): Promise<ReportScope> {
  const o = schema.organisations;
  const found = isUuid(organisationId) && (await db.select({ id: o.id }).from(o).where(eq(o.id, organisationId)).limit(1)).length > 0;
  if (!found) throw new AppError(404, ORGANISATION_NOT_FOUND);
  return organisationScope(organisationId);
}

/** The first moment of the day in the zone, and of the next day. */
export function dayBounds(date: string, timeZone: string): { start: SQL; end: SQL } {
  return {
    start: sql`((${date}::date)::timestamp at time zone ${timeZone})`,
    end: sql`((${date}::date + 1)::timestamp at time zone ${timeZone})`,
  };
}

export function searchesOfDay(date: string, scope: ReportScope, timeZone: string): SQL {
  const s = schema.searches;
  const { start, end } = dayBounds(date, timeZone);
  return and(
    gte(s.createdAt, start),
    lt(s.createdAt, end),
    scope.userId ? eq(s.userId, scope.userId) : undefined,
    !scope.userId && scope.organisationId ? eq(s.organisationId, scope.organisationId) : undefined,
  )!;
}

export function searchChargesOfDay(date: string, scope: ReportScope, timeZone: string): SQL {
  const t = schema.creditTransactions;
  const { start, end } = dayBounds(date, timeZone);
  return and(
    inArray(t.type, ["manual_search", "automatic_search"]),
    gte(t.createdAt, start),
    lt(t.createdAt, end),
    scope.userId ? eq(t.userId, scope.userId) : undefined,
    !scope.userId && scope.organisationId ? eq(t.organisationId, scope.organisationId) : undefined,
  )!;
}
