/**
 * Reading the audit log: a page of entries newest first (by id, which only grows), the filters of lib/audit/contract.ts,
 * and every matching entry a chunk at a time for the CSV export. Each reads either the whole log (the instance's
 * admins and auditors, the CLI's operator) or one organisation's entries (AuditScope).
 */
import { and, desc, eq, gte, like, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, schema } from "../../data/db.ts";
import { isUuid } from "../ids.ts";
import { containsPattern } from "../paging.ts";
import { type AuditEntryView, type AuditFilter, type AuditPage, type AuditQuery, type AuditScope, actionMatch } from "./contract.ts";

const a = schema.auditLog;
const actor = alias(schema.users, "actor");
const target = alias(schema.users, "target");
const ONE_DAY = 86_400_000;

const fields = {
  id: a.id,
  at: a.at,
  actorKind: a.actorKind,
  actorUserId: a.actorUserId,
  actorEmail: actor.email,
  action: a.action,
  targetType: a.targetType,
  targetId: a.targetId,
  targetEmail: target.email,
  ipAddress: a.ipAddress,
  details: a.details,
  organisationId: a.organisationId,
};

const view = (r: Omit<AuditEntryView, "at"> & { at: Date }): AuditEntryView => ({ ...r, at: r.at.toISOString() });

/** The filters as conditions; an actor that is neither a user's id nor a known email matches nothing. */
async function conditions(db: Db, filter: AuditFilter & { since?: Date }, scope: AuditScope): Promise<SQL[]> {
  const where: SQL[] = [];
  if (scope.organisationId) where.push(eq(a.organisationId, scope.organisationId));
  if (filter.actor) {
    if (isUuid(filter.actor)) where.push(eq(a.actorUserId, filter.actor));
    else {
      const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, filter.actor.toLowerCase()));
      where.push(user ? eq(a.actorUserId, user.id) : sql`false`);
    }
  }
  if (filter.action) {
    const match = actionMatch(filter.action);
    where.push("exact" in match ? eq(a.action, match.exact) : like(a.action, `${containsPattern(match.prefix).slice(1, -1)}%`));
  }
  if (filter.targetType) where.push(eq(a.targetType, filter.targetType));
  if (filter.targetId) where.push(eq(a.targetId, filter.targetId));
  if (filter.from) where.push(gte(a.at, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) where.push(lt(a.at, new Date(Date.parse(`${filter.to}T00:00:00Z`) + ONE_DAY)));
  if (filter.since) where.push(gte(a.at, filter.since));
  return where;
}

const joined = (db: Db) =>
  db
    .select(fields)
    .from(a)
    .leftJoin(actor, eq(actor.id, a.actorUserId))
    .leftJoin(target, and(eq(a.targetType, "user"), eq(sql`${target.id}::text`, a.targetId)));

/** One page of the log, newest first, with the number of matching entries. */
export async function listAuditPage(db: Db, query: AuditQuery, scope: AuditScope = {}): Promise<AuditPage> {
  const where = await conditions(db, query, scope);
  const rows = await joined(db)
    .where(and(...where, query.cursor ? lt(a.id, Number(query.cursor)) : undefined))
    .orderBy(desc(a.id))
    .limit(query.limit + 1);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(a)
    .where(and(...where));
  const shown = rows.slice(0, query.limit);
  return { items: shown.map(view), nextCursor: rows.length > query.limit ? String(shown.at(-1)!.id) : null, total };
}

/** Every matching entry, newest first, `chunk` per query: memory holds one chunk whatever the log's size. */
export async function* auditEntryChunks(db: Db, filter: AuditFilter, chunk = 1000, scope: AuditScope = {}): AsyncGenerator<AuditEntryView[]> {
  const where = await conditions(db, filter, scope);
  let before: number | undefined;
  for (;;) {
    const rows = await joined(db)
      .where(and(...where, before ? lt(a.id, before) : undefined))
      .orderBy(desc(a.id))
      .limit(chunk);
    if (rows.length) yield rows.map(view);
    if (rows.length < chunk) return;
    before = rows.at(-1)!.id;
  }
}

/** The audit log, newest first, optionally since a moment, of one actor and of one organisation (`duecheck audit`). */
export async function listAuditEntries(db: Db, options: { limit: number; since?: Date; actorUserId?: string } & AuditScope): Promise<AuditEntryView[]> {
  const where = await conditions(db, { actor: options.actorUserId, since: options.since }, { organisationId: options.organisationId });
  const rows = await joined(db)
    .where(and(...where))
    .orderBy(desc(a.at), desc(a.id))
    .limit(options.limit);
  return rows.map(view);
}
