import { type AnyColumn, and, eq, gte, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Db, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { afterCursor, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import type { SearchRow } from "../screening/searches.ts";
import type { AdminSearchRecord, AdminTransaction, adminSearchesQuerySchema, adminTransactionsQuerySchema } from "./schemas.ts";
import { startOfUtcDay } from "./stats.ts";
import type { AdminActor } from "./users.ts";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Case-insensitive substring match; strpos(lower()) reads 100,000 terms about three times faster than ILIKE, and
 * takes the text literally (no pattern characters to escape).
 */
const contains = (column: SQL | AnyColumn, q: string) => sql`strpos(lower(${column}), lower(${q})) > 0`;

/** Rows whose user's email or name contains q: the users are filtered once, not once per row. */
const byUserText = (userId: AnyColumn, q: string) =>
  sql`${userId} in (select ${schema.users.id} from ${schema.users} where ${contains(schema.users.email, q)} or ${contains(schema.users.fullName, q)})`;

const byUserEmail = (userId: AnyColumn, email: string) =>
  sql`${userId} = (select ${schema.users.id} from ${schema.users} where ${schema.users.email} = ${email.trim().toLowerCase()})`;

/** today: since midnight UTC; week and month: the last 7 and 30 days. */
export function rangeStart(range: "all" | "today" | "week" | "month", now: Date): Date | undefined {
  if (range === "today") return startOfUtcDay(now);
  if (range === "week") return new Date(now.getTime() - 7 * DAY);
  if (range === "month") return new Date(now.getTime() - 30 * DAY);
  return undefined;
}

type SearchesRequest = PageRequest & z.infer<typeof adminSearchesQuerySchema> & { userEmail?: string; since?: Date };

/** Everyone's searches, newest first; q on the term, the user's email or name. */
export async function listAdminSearches(db: Db, request: SearchesRequest, now = new Date()): Promise<Page<AdminSearchRecord>> {
  const s = schema.searches;
  const u = schema.users;
  const keyset = { createdAt: s.createdAt, id: s.id };
  const q = request.q?.trim();
  const start = [rangeStart(request.range, now), request.since].filter((d): d is Date => !!d).sort((a, b) => b.getTime() - a.getTime())[0];
  const where = and(
    q ? or(contains(s.searchTerm, q), byUserText(s.userId, q)) : undefined,
    start ? gte(s.createdAt, start) : undefined,
    request.userEmail ? byUserEmail(s.userId, request.userEmail) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: s.id,
        createdAt: s.createdAt,
        userEmail: u.email,
        userName: u.fullName,
        searchTerm: s.searchTerm,
        isAutomated: s.isAutomated,
        creditsUsed: s.creditsUsed,
        riskLevel: s.riskLevel,
        sanctionsCount: sql<number>`coalesce((select count(*)::int from jsonb_array_elements(${s.results}->'sanctionsList') e where (e->>'match')::boolean), 0)`,
        mediaCount: sql<number>`coalesce(jsonb_array_length(${s.results}->'adverseMedia'), 0)`,
        hidden: sql<boolean>`${s.hiddenAt} is not null`,
        cursorKey: cursorKey(keyset),
      })
      .from(s)
      .innerJoin(u, eq(u.id, s.userId))
      .where(and(where, afterCursor(keyset, request.cursor)))
      .orderBy(...newestFirst(keyset))
      .limit(request.limit + 1),
    db.select({ total: sql<number>`count(*)::int` }).from(s).where(where),
  ]);
  return toPage(rows, request.limit, total, (r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

type TransactionsRequest = PageRequest & z.infer<typeof adminTransactionsQuerySchema> & { userEmail?: string };

/** Everyone's credit transactions, newest first; q on the user's email or name. */
export async function listAdminTransactions(db: Db, request: TransactionsRequest): Promise<Page<AdminTransaction>> {
  const t = schema.creditTransactions;
  const u = schema.users;
  const keyset = { createdAt: t.createdAt, id: t.id };
  const q = request.q?.trim();
  const where = and(
    q ? byUserText(t.userId, q) : undefined,
    request.type ? eq(t.type, request.type) : undefined,
    request.userEmail ? byUserEmail(t.userId, request.userEmail) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: t.id,
        createdAt: t.createdAt,
        userEmail: u.email,
        userName: u.fullName,
        type: t.type,
        amount: t.amount,
        balance: t.balance,
        description: t.description,
        cursorKey: cursorKey(keyset),
      })
      .from(t)
      .innerJoin(u, eq(u.id, t.userId))
      .where(and(where, afterCursor(keyset, request.cursor)))
      .orderBy(...newestFirst(keyset))
      .limit(request.limit + 1),
    db.select({ total: sql<number>`count(*)::int` }).from(t).where(where),
  ]);
  return toPage(rows, request.limit, total, (r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Any user's search, for an admin's read-only view; the access is audited (search.viewed_by_admin). */
export async function viewSearchAsAdmin(db: Db, actor: AdminActor, id: string): Promise<SearchRow> {
  if (!isUuid(id)) throw new AppError(404, "Search not found");
  const [row] = await db.select().from(schema.searches).where(eq(schema.searches.id, id));
  if (!row) throw new AppError(404, "Search not found");
  await recordAudit(db, {
    action: "search.viewed_by_admin",
    actorKind: actor.kind,
    actorUserId: actor.userId ?? null,
    ipAddress: actor.ipAddress ?? null,
    targetType: "search",
    targetId: row.id,
    details: { ownerId: row.userId, searchTerm: row.searchTerm },
  });
  return row;
}
