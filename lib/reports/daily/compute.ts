/**
 * Every figure of a daily report, aggregated in SQL from the day's searches and the credit ledger: a handful of
 * grouped queries, never the day's rows themselves (100,000 searches stay in the database), plus the latest
 * SEARCHES_IN_REPORT searches for the Search Details tab.
 */
import { desc, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../../../data/db.ts";
import { SEARCHES_IN_REPORT, type DailyReportView, type ReportSearch } from "./schemas.ts";
import { searchChargesOfDay, searchesOfDay, type ReportScope } from "./scope.ts";

export type ReportFigures = Omit<DailyReportView, "reportDate" | "scope" | "status" | "generatedAt">;

const TOP_TERMS = 10;

export async function computeDailyReport(db: DbOrTx, date: string, scope: ReportScope, timeZone: string): Promise<ReportFigures> {
  const s = schema.searches;
  const t = schema.creditTransactions;
  const where = searchesOfDay(date, scope, timeZone);
  const sanctionsHit = sql`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${s.results}->'sanctionsList') = 'array' then ${s.results}->'sanctionsList' else '[]'::jsonb end) e where (e->>'match')::boolean)`;
  const negativeMedia = sql`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${s.results}->'adverseMedia') = 'array' then ${s.results}->'adverseMedia' else '[]'::jsonb end) e where (e->>'isNegative')::boolean)`;
  const count = (filter: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${filter}))::int`;
  const [totals, hours, terms, latest, credits] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        automated: count(sql`${s.isAutomated}`),
        users: sql<number>`count(distinct ${s.userId})::int`,
        person: count(sql`${s.entityType} = 'person'`),
        company: count(sql`${s.entityType} = 'company'`),
        critical: count(sql`${s.riskLevel} = 'critical'`),
        high: count(sql`${s.riskLevel} = 'high'`),
        medium: count(sql`${s.riskLevel} = 'medium'`),
        low: count(sql`${s.riskLevel} = 'low'`),
        completed: count(sql`${s.status} = 'completed'`),
        failed: count(sql`${s.status} = 'failed'`),
        sanctionsHits: count(sanctionsHit),
        adverseMediaHits: count(negativeMedia),
      })
      .from(s)
      .where(where),
    db
      .select({ hour: sql<number>`extract(hour from ${s.createdAt} at time zone ${timeZone})::int`, count: sql<number>`count(*)::int` })
      .from(s)
      .where(where)
      .groupBy(sql`1`),
    db
      .select({ term: sql<string>`mode() within group (order by ${s.searchTerm})`, count: sql<number>`count(*)::int` })
      .from(s)
      .where(where)
      .groupBy(sql`lower(${s.searchTerm})`)
      .orderBy(sql`count(*) desc`, sql`lower(${s.searchTerm})`)
      .limit(TOP_TERMS),
    db
      .select(reportSearchColumns())
      .from(s)
      .where(where)
      .orderBy(desc(s.createdAt), desc(s.id))
      .limit(SEARCHES_IN_REPORT),
    db
      .select({ spent: sql<number>`coalesce(-sum(${t.amount}), 0)::int` })
      .from(t)
      .where(searchChargesOfDay(date, scope, timeZone)),
  ]);
  const c = totals[0];
  const byHour = Array.from({ length: 24 }, () => 0);
  for (const { hour, count } of hours) byHour[hour] = count;
  const peak = Math.max(...byHour);
  const ended = c.completed + c.failed;
  return {
    totalSearches: c.total,
    manualSearches: c.total - c.automated,
    automatedSearches: c.automated,
    totalCreditsUsed: credits[0]?.spent ?? 0,
    uniqueUsers: c.users,
    highRiskFindings: c.critical + c.high,
    searchDetails: {
      byEntityType: { person: c.person, company: c.company },
      byRiskLevel: { critical: c.critical, high: c.high, medium: c.medium, low: c.low },
      byHour,
      searches: latest.map(reportSearch),
    },
    statistics: {
      successRate: ended === 0 ? 0 : round((c.completed / ended) * 100, 1),
      peakHour: c.total === 0 ? null : byHour.indexOf(peak),
      averageSearchesPerUser: c.users === 0 ? 0 : round(c.total / c.users, 2),
      topSearchTerms: terms.map(({ term, count }) => ({ term, count })),
      sanctionsHits: c.sanctionsHits,
      adverseMediaHits: c.adverseMediaHits,
    },
  };
}

/** The columns of a ReportSearch. */
export function reportSearchColumns() {
  const s = schema.searches;
  return { id: s.id, searchTerm: s.searchTerm, entityType: s.entityType, riskLevel: s.riskLevel, aiSummary: s.aiSummary, createdAt: s.createdAt, isAutomated: s.isAutomated };
}

export function reportSearch(row: Omit<ReportSearch, "createdAt"> & { createdAt: Date | string }): ReportSearch {
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
