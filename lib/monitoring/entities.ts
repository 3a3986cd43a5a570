/**
 * Monitored entities of a team: add, list (paged, by tab), read, delete, pause and resume. A member reads a
 * colleague's entity as they read the team's searches (lib/screening/visibility.ts: an entity is the record of its
 * checks); its maker and the organisation's owners and admins change it (lib/auth/team-records.ts), others
 * get 403. Another organisation's entity, an unknown or a malformed id are all 404 'Monitored entity not found'.
 */
import { and, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { organisationOf } from "../auth/organisation-of.ts";
import { personName } from "../auth/person-name.ts";
import { requireChangeOf } from "../auth/team-records.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { afterCursor, containsPattern, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import { OPEN_REVIEW_STATUSES, type ReviewStatus } from "../review/contract.ts";
import { reviewedRiskLevels } from "../review/reviewed-risk.ts";
import type { RiskLevel } from "../screening/results.ts";
import { storedSearchDetails } from "../screening/schemas.ts";
import { type SearchReader, type TeamMember, type TeamScope, teamRecordsOf } from "../screening/visibility.ts";
import type {
  CheckState,
  MonitoredEntitiesFilter,
  MonitoredEntityView,
  MonitoredList,
  MonitoredListItem,
  MonitoringCounts,
  MonitoringStatus,
  NewMonitoredEntity,
} from "./schemas.ts";
import { changeFacts } from "./schemas.ts";
import { entityDetails, sameSubjectEntity } from "./subjects.ts";

export type MonitoredEntityRow = typeof schema.monitoredEntities.$inferSelect;

export const ENTITY_NOT_FOUND = "Monitored entity not found";
export const ALREADY_MONITORED = "This name is already monitored";
/** The same subject under another spelling of its name (lib/monitoring/subjects.ts). */
export const SUBJECT_ALREADY_MONITORED = "This subject is already monitored under another spelling of its name";
export const CHANGE_ENTITY_MESSAGE = "Only the member who added this entity, or the organisation's owners and admins, change its monitoring";

const m = schema.monitoredEntities;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the entity's checks say now: the state of the last one, and the risk and review of the last complete one. */
export interface EntityCheck {
  lastStatus: string | null;
  riskLevel: string | null;
  reviewStatus: string | null;
  openHits: number | null;
  reviewSearchId: string | null;
}

const NO_CHECK: EntityCheck = { lastStatus: null, riskLevel: null, reviewStatus: null, openHits: null, reviewSearchId: null };

function checkState(lastStatus: string | null): CheckState {
  if (lastStatus === null) return "not_checked";
  if (lastStatus === "completed" || lastStatus === "failed") return lastStatus;
  return "running";
}

export function monitoredEntityView(row: MonitoredEntityRow, check: EntityCheck = NO_CHECK): MonitoredEntityView {
  const details = entityDetails(row.details);
  const riskLevel = (check.riskLevel as RiskLevel | null) ?? null;
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
    changeFacts: row.hasChanges ? changeFacts(row.changes) : null,
    changesSummary: row.changesSummary,
    source: row.source === "search" ? "search" : "manual",
    lastSearchId: row.lastSearchId,
    createdAt: row.createdAt.toISOString(),
    checkState: row.lastSearchId ? checkState(check.lastStatus) : "not_checked",
    riskLevel,
    reviewStatus: (check.reviewStatus as ReviewStatus | null) ?? null,
    openHits: check.openHits ?? 0,
    reviewSearchId: check.reviewSearchId,
    // The screening's own level until withReviewedRisk reads the decisions.
    reviewedRiskLevel: riskLevel,
    birthDate: details?.birthDate ?? null,
    nationality: details?.nationality ?? null,
    identifiers: details?.identifiers ?? [],
    customerRef: row.customerRef ?? null,
  };
}

/** The views with the level the decisions on each shown check leave (lib/review/reviewed-risk.ts): two reads a page. */
export async function withReviewedRisk<V extends MonitoredEntityView>(db: DbOrTx, views: V[]): Promise<V[]> {
  const checks = views.flatMap((v) =>
    v.reviewSearchId && v.riskLevel && v.reviewStatus !== "no_hits" ? [{ id: v.reviewSearchId, riskLevel: v.riskLevel }] : [],
  );
  if (checks.length === 0) return views;
  const levels = await reviewedRiskLevels(db, checks);
  return views.map((v) => (v.reviewSearchId && levels.has(v.reviewSearchId) ? { ...v, reviewedRiskLevel: levels.get(v.reviewSearchId)! } : v));
}

const lastCheck = alias(schema.searches, "last_check");
const checkBefore = alias(schema.searches, "check_before");
/**
 * A column of the last complete check: the last check's, or while it runs or after it failed, the one before it
 * (previousSearchId, which a check that did not complete never replaces). A Critical entity whose newest check failed
 * still shows Critical.
 */
const shown = <T>(column: "riskLevel" | "reviewStatus" | "openHits" | "id") =>
  sql<T | null>`case when ${lastCheck.status} = 'completed' then ${lastCheck[column]} when ${checkBefore.status} = 'completed' then ${checkBefore[column]} end`;
const checkColumns = {
  lastStatus: sql<string | null>`${lastCheck.status}::text`,
  riskLevel: shown<string>("riskLevel"),
  reviewStatus: shown<string>("reviewStatus"),
  openHits: shown<number>("openHits"),
  reviewSearchId: shown<string>("id"),
};

/** Entities with their checks' columns (checkColumns), and the extra columns asked for. */
export function withChecks<E extends Record<string, SQL>>(db: DbOrTx, extra?: E) {
  return db
    .select({ row: m, check: checkColumns, cursorKey: cursorKey({ createdAt: m.createdAt, id: m.id }), id: m.id, ...(extra as E) })
    .from(m)
    .leftJoin(lastCheck, eq(lastCheck.id, m.lastSearchId))
    .leftJoin(checkBefore, eq(checkBefore.id, m.previousSearchId));
}

/** The views of entity rows, their checks read with them (one query). */
export async function entityViews(db: DbOrTx, rows: MonitoredEntityRow[]): Promise<MonitoredEntityView[]> {
  if (rows.length === 0) return [];
  const read = await withChecks(db).where(
    inArray(
      m.id,
      rows.map((r) => r.id),
    ),
  );
  const checks = new Map(read.map((r) => [r.id, r.check]));
  return withReviewedRisk(
    db,
    rows.map((row) => monitoredEntityView(row, checks.get(row.id))),
  );
}

export async function entityView(db: DbOrTx, row: MonitoredEntityRow): Promise<MonitoredEntityView> {
  return (await entityViews(db, [row]))[0];
}

/**
 * Adds an entity with its details and customer reference, due at once (its first check is the baseline later checks
 * compare with). The same subject (lib/monitoring/subjects.ts) is refused with 409; a namesake with other details is
 * another subject and is added.
 */
export async function addMonitoredEntity(db: Db, userId: string, input: NewMonitoredEntity, clock: Clock = systemClock): Promise<MonitoredEntityRow> {
  const details = storedSearchDetails({ birthDate: input.birthDate, nationality: input.nationality, identifiers: input.identifiers });
  return db.transaction(async (tx) => {
    const same = await sameSubjectEntity(tx, userId, { term: input.searchTerm, entityType: input.entityType, details });
    if (same) throw new AppError(409, same.searchTerm.toLowerCase() === input.searchTerm.toLowerCase() ? ALREADY_MONITORED : SUBJECT_ALREADY_MONITORED);
    const [row] = await tx
      .insert(m)
      .values({
        userId,
        organisationId: organisationOf(userId),
        searchTerm: input.searchTerm,
        entityType: input.entityType,
        frequency: input.frequency,
        country: input.country ?? null,
        details,
        customerRef: input.customerRef ?? null,
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
      details: {
        searchTerm: row.searchTerm,
        entityType: row.entityType,
        frequency: row.frequency,
        country: row.country,
        ...(details ? { subjectDetails: details } : {}),
        ...(row.customerRef ? { customerRef: row.customerRef } : {}),
      },
    });
    return row;
  });
}

/** An entity the member reads (their own, or a colleague's they may read); otherwise 404. */
export async function getMonitoredEntity(db: DbOrTx, reader: SearchReader, id: string): Promise<MonitoredEntityRow> {
  if (!isUuid(id)) throw new AppError(404, ENTITY_NOT_FOUND);
  const [row] = await db
    .select()
    .from(m)
    .where(and(eq(m.id, id), teamRecordsOf(m, reader, "team")));
  if (!row) throw new AppError(404, ENTITY_NOT_FOUND);
  return row;
}

/**
 * An entity the member may change, locked until the transaction ends: 404 when they do not read it, 403 when they
 * read it but neither made it nor run the team (an auditor: read-only).
 */
export async function lockedTeamEntity(tx: DbOrTx, member: TeamMember, id: string): Promise<MonitoredEntityRow> {
  if (!isUuid(id)) throw new AppError(404, ENTITY_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(m)
    .where(and(eq(m.id, id), teamRecordsOf(m, member, "team")))
    .for("update");
  if (!row) throw new AppError(404, ENTITY_NOT_FOUND);
  requireChangeOf(member, row, CHANGE_ENTITY_MESSAGE);
  return row;
}

/** Who changes an entity: the member, and how the audit log names them (a signed-in user, the CLI, an API key). */
export interface EntityActor {
  kind?: "user" | "cli" | "api_key";
  ipAddress?: string | null;
}

/** The audit fields of a change: the acting member, and the entity's maker when it is a colleague's. */
const changeFields = (member: TeamMember, row: MonitoredEntityRow, actor: EntityActor) => ({
  actorKind: actor.kind ?? "user",
  actorUserId: member.id,
  ipAddress: actor.ipAddress ?? null,
  ownerId: row.userId === member.id ? undefined : row.userId,
});

export interface MonitoredListRequest extends PageRequest, Partial<Pick<MonitoredEntitiesFilter, "risk" | "review">> {
  changes: "all" | "with" | "without";
  q?: string;
  /** The member's own entities (the default), or every one of the team they may read. */
  scope?: TeamScope;
}

/** The review filter as a condition on the shown check's review status. */
function reviewCondition(review: MonitoredListRequest["review"]): SQL | undefined {
  if (!review) return undefined;
  const statuses: readonly string[] = review === "open" ? OPEN_REVIEW_STATUSES : [review];
  return sql`${checkColumns.reviewStatus} in (${sql.join(
    statuses.map((x) => sql`${x}`),
    sql`, `,
  )})`;
}

/**
 * A page of the member's entities, or of the team's they may read (scope), newest first, for one tab of the screen
 * (and, when given, one risk level and one review status of the last complete check), with the counts of all three
 * tabs over the same scope. Each says who of the team added it.
 */
export async function listMonitoredEntities(db: Db, reader: SearchReader, request: MonitoredListRequest): Promise<MonitoredList> {
  const page = await listEntitiesIn(db, { where: teamRecordsOf(m, reader, request.scope ?? "mine") }, request);
  return { ...page, items: page.items.map(({ view, userId, makerName }): MonitoredListItem => ({ ...view, createdBy: { id: userId, name: makerName } })) };
}

/**
 * Whose entities a list reads: one user's, those of a condition (a member's team), or (admins and auditors)
 * everyone's. `textMatchesOwner`: q also matches part of the owner's email.
 */
export interface EntityScope {
  userId?: string;
  where?: SQL;
  textMatchesOwner?: boolean;
}

/** The list of listMonitoredEntities over a scope, each entity with its owner's id and name. */
export async function listEntitiesIn(
  db: Db,
  scope: EntityScope,
  request: MonitoredListRequest,
): Promise<Page<{ view: MonitoredEntityView; userId: string; makerName: string | null }> & { counts: MonitoringCounts }> {
  const keyset = { createdAt: m.createdAt, id: m.id };
  const tab: SQL | undefined = request.changes === "with" ? eq(m.hasChanges, true) : request.changes === "without" ? eq(m.hasChanges, false) : undefined;
  const owner = and(scope.userId ? eq(m.userId, scope.userId) : undefined, scope.where);
  const text = request.q ? containsPattern(request.q) : undefined;
  const where = and(
    owner,
    tab,
    text
      ? or(
          ilike(m.searchTerm, text),
          scope.textMatchesOwner ? inArray(m.userId, db.select({ id: schema.users.id }).from(schema.users).where(ilike(schema.users.email, text))) : undefined,
        )
      : undefined,
    request.risk ? sql`${checkColumns.riskLevel} = ${request.risk}` : undefined,
    reviewCondition(request.review),
  );
  const [rows, [total], counts] = await Promise.all([
    withChecks(db, { makerName: personName(m.userId) })
      .where(and(where, afterCursor(keyset, request.cursor)))
      .orderBy(...newestFirst(keyset))
      .limit(request.limit + 1),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(m)
      .leftJoin(lastCheck, eq(lastCheck.id, m.lastSearchId))
      .leftJoin(checkBefore, eq(checkBefore.id, m.previousSearchId))
      .where(where),
    countsWhere(db, owner),
  ]);
  const page = toPage(rows, request.limit, total.count, ({ row, check, makerName }) => ({
    view: monitoredEntityView(row, check),
    userId: row.userId,
    makerName: makerName ?? null,
  }));
  const views = await withReviewedRisk(
    db,
    page.items.map((item) => item.view),
  );
  return { ...page, items: page.items.map((item, i) => ({ ...item, view: views[i] })), counts };
}

async function countsWhere(db: Db, owner: SQL | undefined): Promise<MonitoringCounts> {
  const [row] = await db
    .select({ all: sql<number>`count(*)::int`, withChanges: sql<number>`(count(*) filter (where ${m.hasChanges}))::int` })
    .from(m)
    .where(owner);
  return { all: row.all, withChanges: row.withChanges, noChanges: row.all - row.withChanges };
}

/** Stops monitoring an entity the member may change (its past checks stay in the history). Audited with its maker. */
export async function deleteMonitoredEntity(db: Db, member: TeamMember, id: string, actor: EntityActor = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedTeamEntity(tx, member, id);
    await tx.delete(m).where(eq(m.id, row.id));
    const { ownerId, ...fields } = changeFields(member, row, actor);
    await recordAudit(tx, {
      action: "monitoring.removed",
      ...fields,
      targetType: "monitored_entity",
      targetId: row.id,
      details: { searchTerm: row.searchTerm, entityType: row.entityType, ownerId },
    });
  });
}

/**
 * Pause or resume. A resumed entity whose check fell due while paused is checked at the next scan (nextCheck is
 * kept), so resuming never skips a check nor runs one twice.
 */
export async function setMonitoringStatus(
  db: Db,
  member: TeamMember,
  id: string,
  status: MonitoringStatus,
  actor: EntityActor = {},
): Promise<MonitoredEntityRow> {
  return db.transaction(async (tx) => {
    const found = await lockedTeamEntity(tx, member, id);
    const [row] = await tx.update(m).set({ status }).where(eq(m.id, found.id)).returning();
    const { ownerId, ...fields } = changeFields(member, row, actor);
    await recordAudit(tx, {
      action: `monitoring.${status === "paused" ? "paused" : "resumed"}`,
      ...fields,
      targetType: "monitored_entity",
      targetId: row.id,
      details: { searchTerm: row.searchTerm, ownerId },
    });
    return row;
  });
}
