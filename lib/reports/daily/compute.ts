/**
 * Every figure of a daily report, aggregated in SQL from the day's searches and the credit ledger: a handful of
 * grouped queries, never the day's rows themselves (100,000 searches stay in the database), plus the latest
 * SEARCHES_IN_REPORT searches for the Search Details tab. The same queries grouped by user (or by organisation) make
 * every user's own report (every organisation's) of the day in one pass (the scheduled run).
 */
import { and, desc, inArray, lte, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { type DailyReportView, type ReportSearch, SEARCHES_IN_REPORT } from "./schemas.ts";
import { type ReportScope, searchChargesOfDay, searchesOfDay } from "./scope.ts";

export type ReportFigures = Omit<DailyReportView, "reportDate" | "scope" | "status" | "generatedAt">;

const TOP_TERMS = 10;

/** The figures of one scope's report. */
export async function computeDailyReport(db: DbOrTx, date: string, scope: ReportScope, timeZone: string): Promise<ReportFigures> {
  const figures = await computeFigures(db, date, timeZone, { scope });
  return figures.get(null) ?? emptyFigures();
}

/** The figures of each of these users' own reports of the day, in one pass. */
export async function computeUserReports(db: DbOrTx, date: string, timeZone: string, userIds: string[]): Promise<Map<string, ReportFigures>> {
  return computeGrouped(db, date, timeZone, { by: "user", ids: userIds });
}

/** The figures of each of these organisations' reports of the day, in one pass. */
export async function computeOrganisationReports(db: DbOrTx, date: string, timeZone: string, organisationIds: string[]): Promise<Map<string, ReportFigures>> {
  return computeGrouped(db, date, timeZone, { by: "organisation", ids: organisationIds });
}

async function computeGrouped(db: DbOrTx, date: string, timeZone: string, grouping: Grouping): Promise<Map<string, ReportFigures>> {
  const figures = grouping.ids.length ? await computeFigures(db, date, timeZone, grouping) : new Map();
  return new Map(grouping.ids.map((id) => [id, figures.get(id) ?? emptyFigures()]));
}

/** Many reports of one kind at once: each user's own, or each organisation's. */
interface Grouping {
  by: "user" | "organisation";
  ids: string[];
}

/** Keyed by user or organisation with a grouping, else one entry under null. */
async function computeFigures(db: DbOrTx, date: string, timeZone: string, of: { scope: ReportScope } | Grouping): Promise<Map<string | null, ReportFigures>> {
  const s = schema.searches;
  const t = schema.creditTransactions;
  const grouped = "by" in of;
  const searchKey = grouped && of.by === "organisation" ? s.organisationId : s.userId;
  const chargeKey = grouped && of.by === "organisation" ? t.organisationId : t.userId;
  const everyone = { userId: null, organisationId: null };
  const where = grouped ? and(searchesOfDay(date, everyone, timeZone), inArray(searchKey, of.ids))! : searchesOfDay(date, of.scope, timeZone);
  const charges = grouped ? and(searchChargesOfDay(date, everyone, timeZone), inArray(chargeKey, of.ids))! : searchChargesOfDay(date, of.scope, timeZone);
  const key = grouped ? sql<string | null>`${searchKey}` : sql<string | null>`null::uuid`;
  const groups = (...more: SQL[]) => (grouped ? [searchKey as unknown as SQL, ...more] : more);
  const sanctionsHit = sql`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${s.results}->'sanctionsList') = 'array' then ${s.results}->'sanctionsList' else '[]'::jsonb end) e where (e->>'match')::boolean)`;
  const negativeMedia = sql`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${s.results}->'adverseMedia') = 'array' then ${s.results}->'adverseMedia' else '[]'::jsonb end) e where (e->>'isNegative')::boolean)`;
  const count = (filter: SQL) => sql<number>`(count(*) filter (where ${filter}))::int`;
  const hour = sql<number>`extract(hour from ${s.createdAt} at time zone ${timeZone})::int`;
  const partition = grouped ? sql`partition by ${searchKey}` : sql``;

  const termsRanked = db
    .select({
      key: key.as("key"),
      term: sql<string>`mode() within group (order by ${s.searchTerm})`.as("term"),
      count: sql<number>`count(*)::int`.as("count"),
      rank: sql<number>`row_number() over (${partition} order by count(*) desc, lower(${s.searchTerm}))`.as("rank"),
    })
    .from(s)
    .where(where)
    .groupBy(...groups(sql`lower(${s.searchTerm})`))
    .as("terms_ranked");
  const latestRanked = db
    .select({
      ...reportSearchColumns(),
      key: key.as("key"),
      rank: sql<number>`row_number() over (${partition} order by ${s.createdAt} desc, ${s.id} desc)`.as("rank"),
    })
    .from(s)
    .where(where)
    .as("latest_ranked");

  const [totals, hours, terms, latest, credits] = await Promise.all([
    db
      .select({
        key,
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
      .where(where)
      .groupBy(...groups()),
    db
      .select({ key, hour, count: sql<number>`count(*)::int` })
      .from(s)
      .where(where)
      // by position: the hour's expression carries the time zone as a parameter, which GROUP BY would not match
      .groupBy(...(grouped ? [sql`1`, sql`2`] : [sql`2`])),
    db
      .select({ key: termsRanked.key, term: termsRanked.term, count: termsRanked.count })
      .from(termsRanked)
      .where(lte(termsRanked.rank, TOP_TERMS))
      .orderBy(termsRanked.rank),
    grouped
      ? db
          .select({
            key: latestRanked.key,
            id: latestRanked.id,
            searchTerm: latestRanked.searchTerm,
            entityType: latestRanked.entityType,
            riskLevel: latestRanked.riskLevel,
            aiSummary: latestRanked.aiSummary,
            createdAt: latestRanked.createdAt,
            isAutomated: latestRanked.isAutomated,
          })
          .from(latestRanked)
          .where(lte(latestRanked.rank, SEARCHES_IN_REPORT))
          .orderBy(latestRanked.rank)
      : db
          .select({ key, ...reportSearchColumns() })
          .from(s)
          .where(where)
          .orderBy(desc(s.createdAt), desc(s.id))
          .limit(SEARCHES_IN_REPORT),
    db
      .select({ key: grouped ? sql<string | null>`${chargeKey}` : sql<string | null>`null::uuid`, spent: sql<number>`coalesce(-sum(${t.amount}), 0)::int` })
      .from(t)
      .where(charges)
      .groupBy(...(grouped ? [chargeKey as unknown as SQL] : [])),
  ]);

  const figures = new Map<string | null, ReportFigures>();
  const of_ = (k: string | null) => figures.get(k) ?? figures.set(k, emptyFigures()).get(k)!;
  for (const c of totals) {
    const f = of_(c.key);
    const ended = c.completed + c.failed;
    Object.assign(f, {
      totalSearches: c.total,
      manualSearches: c.total - c.automated,
      automatedSearches: c.automated,
      uniqueUsers: c.users,
      highRiskFindings: c.critical + c.high,
    });
    f.searchDetails.byEntityType = { person: c.person, company: c.company };
    f.searchDetails.byRiskLevel = { critical: c.critical, high: c.high, medium: c.medium, low: c.low };
    Object.assign(f.statistics, {
      successRate: ended === 0 ? 0 : round((c.completed / ended) * 100, 1),
      averageSearchesPerUser: c.users === 0 ? 0 : round(c.total / c.users, 2),
      sanctionsHits: c.sanctionsHits,
      adverseMediaHits: c.adverseMediaHits,
    });
  }
  for (const h of hours) of_(h.key).searchDetails.byHour[h.hour] = h.count;
  for (const term of terms) of_(term.key).statistics.topSearchTerms.push({ term: term.term, count: term.count });
  for (const { key: k, ...search } of latest) of_(k).searchDetails.searches.push(reportSearch(search));
  for (const c of credits) of_(c.key).totalCreditsUsed = c.spent;
  for (const f of figures.values()) {
    const byHour = f.searchDetails.byHour;
    f.statistics.peakHour = f.totalSearches === 0 ? null : byHour.indexOf(Math.max(...byHour));
  }
  return figures;
}

export function emptyFigures(): ReportFigures {
  return {
    totalSearches: 0,
    manualSearches: 0,
    automatedSearches: 0,
    totalCreditsUsed: 0,
    uniqueUsers: 0,
    highRiskFindings: 0,
    searchDetails: {
      byEntityType: { person: 0, company: 0 },
      byRiskLevel: { critical: 0, high: 0, medium: 0, low: 0 },
      byHour: Array.from({ length: 24 }, () => 0),
      searches: [],
    },
    statistics: { successRate: 0, peakHour: null, averageSearchesPerUser: 0, topSearchTerms: [], sanctionsHits: 0, adverseMediaHits: 0 },
  };
}

/** The columns of a ReportSearch. */
export function reportSearchColumns() {
  const s = schema.searches;
  return {
    id: s.id,
    searchTerm: s.searchTerm,
    entityType: s.entityType,
    riskLevel: s.riskLevel,
    aiSummary: s.aiSummary,
    createdAt: s.createdAt,
    isAutomated: s.isAutomated,
  };
}

export function reportSearch(row: Omit<ReportSearch, "createdAt"> & { createdAt: Date | string }): ReportSearch {
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
