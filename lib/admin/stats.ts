import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import type { AdminStats } from "./schemas.ts";

/** "Today" of the admin figures: since midnight UTC. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

const SEARCH_CHARGES = ["manual_search", "automatic_search"] as const;
/** Purchases that were paid; a refund takes its share of the price off (amount × credits kept / credits bought). */
const PAID = ["succeeded", "partially_refunded", "refunded"];

export async function adminStats(db: Db, now = new Date()): Promise<AdminStats> {
  const today = sql`${startOfUtcDay(now).toISOString()}::timestamptz`;
  const u = schema.users;
  const s = schema.searches;
  const t = schema.creditTransactions;
  const p = schema.purchases;
  const keptCents = sql`${p.amount}::numeric * greatest(${p.credits} - ${p.refundedCredits}, 0) / nullif(${p.credits}, 0)`;
  const [[users], [searches], [credits], [revenue], recentSearches, recentPurchases] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        // The subquery names no outer column: drizzle leaves columns of a one-table select unqualified.
        active: sql<number>`count(*) filter (where ${u.lastLogin} >= ${today} or ${u.id} in (select ${s.userId} from ${s} where ${s.createdAt} >= ${today}))::int`,
      })
      .from(u),
    db.select({ total: sql<number>`count(*)::int`, today: sql<number>`count(*) filter (where ${s.createdAt} >= ${today})::int` }).from(s),
    db
      .select({
        total: sql<number>`coalesce(-sum(${t.amount}), 0)::int`,
        today: sql<number>`coalesce(-sum(${t.amount}) filter (where ${t.createdAt} >= ${today}), 0)::int`,
      })
      .from(t)
      .where(inArray(t.type, [...SEARCH_CHARGES])),
    db
      .select({
        total: sql<string>`coalesce(sum(${keptCents}), 0)`,
        today: sql<string>`coalesce(sum(${keptCents}) filter (where ${p.succeededAt} >= ${today}), 0)`,
      })
      .from(p)
      .where(and(inArray(p.status, PAID), isNotNull(p.succeededAt))),
    db
      .select({ id: s.id, searchTerm: s.searchTerm, userEmail: u.email, createdAt: s.createdAt, riskLevel: s.riskLevel })
      .from(s)
      .innerJoin(u, eq(u.id, s.userId))
      .orderBy(desc(s.createdAt), desc(s.id))
      .limit(10),
    db
      .select({ userEmail: u.email, createdAt: p.createdAt, credits: p.credits, amount: p.amount })
      .from(p)
      .leftJoin(u, eq(u.id, p.userId))
      .where(inArray(p.status, PAID))
      .orderBy(desc(p.createdAt), desc(p.id))
      .limit(10),
  ]);
  const dollars = (cents: string | number) => Math.round(Number(cents)) / 100;
  return {
    totalUsers: users.total,
    activeUsers: users.active,
    totalSearches: searches.total,
    searchesToday: searches.today,
    totalCreditsUsed: credits.total,
    creditsUsedToday: credits.today,
    totalRevenue: dollars(revenue.total),
    revenueToday: dollars(revenue.today),
    recentSearches: recentSearches.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    recentPurchases: recentPurchases.map((r) => ({ userEmail: r.userEmail, createdAt: r.createdAt.toISOString(), amount: r.credits, price: r.amount / 100 })),
  };
}
