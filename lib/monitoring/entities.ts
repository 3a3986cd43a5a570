/**
 * Monitored entities of one user: add, list (paged, by tab), read, delete, pause and resume. Another user's entity,
 * an unknown or a malformed id are all 404 'Monitored entity not found'.
 */
import { and, eq, ilike, type SQL, sql } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { afterCursor, containsPattern, cursorKey, newestFirst, type PageRequest, toPage } from "../paging.ts";
import type { MonitoredEntityView, MonitoredList, MonitoringCounts, MonitoringStatus, NewMonitoredEntity } from "./schemas.ts";

export type MonitoredEntityRow = typeof schema.monitoredEntities.$inferSelect;

export const ENTITY_NOT_FOUND = "Monitored entity not found";
export const ALREADY_MONITORED = "This name is already monitored";

const m = schema.monitoredEntities;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function monitoredEntityView(row: MonitoredEntityRow): MonitoredEntityView {
  return {
    id: row.id,
    searchTerm: row.searchTerm,
    entityType: row.entityType,
    country: row.country,
    frequency: row.frequency,
    status: row.status,
    waitingFor: row.waitingFor === "credits" ? "credits" : null,
    lastChecked: iso(row.lastChecked),
    nextCheck: iso(row.nextCheck),
    hasChanges: row.hasChanges,
    changesSummary: row.changesSummary,
    source: row.source === "search" ? "search" : "manual",
    lastSearchId: row.lastSearchId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Adds an entity, due at once (its first check is the baseline later checks compare with). Same name and type: 409. */
export async function addMonitoredEntity(db: Db, userId: string, input: NewMonitoredEntity, clock: Clock = systemClock): Promise<MonitoredEntityRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(m)
      .values({
        userId,
        searchTerm: input.searchTerm,
        entityType: input.entityType,
        frequency: input.frequency,
        country: input.country ?? null,
        nextCheck: clock.now(),
        source: "manual",
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(409, ALREADY_MONITORED);
    await recordAudit(tx, {
      action: "monitoring.added",
      actorKind: "user",
      actorUserId: userId,
      targetType: "monitored_entity",
      targetId: row.id,
      details: { searchTerm: row.searchTerm, entityType: row.entityType, frequency: row.frequency, country: row.country },
    });
    return row;
  });
}

export async function getMonitoredEntity(db: DbOrTx, userId: string, id: string): Promise<MonitoredEntityRow> {
  if (!isUuid(id)) throw new AppError(404, ENTITY_NOT_FOUND);
  const [row] = await db
    .select()
    .from(m)
    .where(and(eq(m.id, id), eq(m.userId, userId)));
  if (!row) throw new AppError(404, ENTITY_NOT_FOUND);
  return row;
}

export interface MonitoredListRequest extends PageRequest {
  changes: "all" | "with" | "without";
  q?: string;
}

/** A page of the user's entities, newest first, for one tab of the screen, with the counts of all three tabs. */
export async function listMonitoredEntities(db: Db, userId: string, request: MonitoredListRequest): Promise<MonitoredList> {
  const keyset = { createdAt: m.createdAt, id: m.id };
  const tab: SQL | undefined = request.changes === "with" ? eq(m.hasChanges, true) : request.changes === "without" ? eq(m.hasChanges, false) : undefined;
  const where = and(eq(m.userId, userId), tab, request.q ? ilike(m.searchTerm, containsPattern(request.q)) : undefined);
  const [rows, [total], counts] = await Promise.all([
    db
      .select({ row: m, cursorKey: cursorKey(keyset), id: m.id })
      .from(m)
      .where(and(where, afterCursor(keyset, request.cursor)))
      .orderBy(...newestFirst(keyset))
      .limit(request.limit + 1),
    db.select({ count: sql<number>`count(*)::int` }).from(m).where(where),
    monitoringCounts(db, userId),
  ]);
  return { ...toPage(rows, request.limit, total.count, ({ row }) => monitoredEntityView(row)), counts };
}

export async function monitoringCounts(db: Db, userId: string): Promise<MonitoringCounts> {
  const [row] = await db
    .select({ all: sql<number>`count(*)::int`, withChanges: sql<number>`(count(*) filter (where ${m.hasChanges}))::int` })
    .from(m)
    .where(eq(m.userId, userId));
  return { all: row.all, withChanges: row.withChanges, noChanges: row.all - row.withChanges };
}

export async function deleteMonitoredEntity(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError(404, ENTITY_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(m)
      .where(and(eq(m.id, id), eq(m.userId, userId)))
      .returning({ searchTerm: m.searchTerm, entityType: m.entityType });
    if (!row) throw new AppError(404, ENTITY_NOT_FOUND);
    await recordAudit(tx, { action: "monitoring.removed", actorKind: "user", actorUserId: userId, targetType: "monitored_entity", targetId: id, details: row });
  });
}

/**
 * Pause or resume. A resumed entity whose check fell due while paused is checked at the next scan (nextCheck is
 * kept), so resuming never skips a check nor runs one twice.
 */
export async function setMonitoringStatus(db: Db, userId: string, id: string, status: MonitoringStatus): Promise<MonitoredEntityRow> {
  if (!isUuid(id)) throw new AppError(404, ENTITY_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(m)
      .set({ status })
      .where(and(eq(m.id, id), eq(m.userId, userId)))
      .returning();
    if (!row) throw new AppError(404, ENTITY_NOT_FOUND);
    await recordAudit(tx, {
      action: `monitoring.${status === "paused" ? "paused" : "resumed"}`,
      actorKind: "user",
      actorUserId: userId,
      targetType: "monitored_entity",
      targetId: id,
      details: { searchTerm: row.searchTerm },
    });
    return row;
  });
}

/** Viewing the changes clears the entity's 'New' flag (the changes themselves stay for the report). */
export async function markChangesViewed(db: DbOrTx, userId: string, id: string): Promise<MonitoredEntityRow> {
  if (!isUuid(id)) throw new AppError(404, ENTITY_NOT_FOUND);
  const [row] = await db
    .update(m)
    .set({ hasChanges: false })
    .where(and(eq(m.id, id), eq(m.userId, userId)))
    .returning();
  if (!row) throw new AppError(404, ENTITY_NOT_FOUND);
  return row;
}
