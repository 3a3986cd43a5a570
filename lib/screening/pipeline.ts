/**
 * The screening of one search, run as a job: sanctions lists, PEP lists, adverse media, risk, summary. The search
 * was charged when it was created; this only fills in its results. Everything is written at the end in one
 * conditional update, so a retried or duplicated job never writes twice and never touches a finished search; what
 * reacts to the outcome there (the review its hits call for) writes in the same transaction.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import type { LanguageModel } from "../llm/language-model.ts";
import { screenAdverseMedia } from "../media/adverse-media.ts";
import type { ArticleClassifier } from "../media/classifier.ts";
import type { NewsProvider } from "../media/news-article.ts";
import { newsFailure } from "../media/search-news.ts";
import { DEFAULT_MATCH_THRESHOLD, MATCHER_VERSION } from "../sanctions/matcher/index.ts";
import { readSettings } from "../settings/system-settings.ts";
import { markClearedHits, withoutClearedHits } from "./cleared-hits.ts";
import { searchesFinished } from "./events.ts";
import { assignHitIds } from "./hit-ids.ts";
import { type ListIndex, type ListsInUse, openLists, SCREENING_THRESHOLDS, screenListsIn } from "./lists.ts";
import { modelArticleClassifier } from "./model-classifier.ts";
import type { PepRiskOptions } from "./pep-risk.ts";
import { failedSources, type MediaItem, type Provenance, type SearchResults, type SourceStatus, searchResultsSchema } from "./results.ts";
import { assessRisk } from "./risk.ts";
import { readSearchDetails } from "./schemas.ts";
import { isReportLanguage, writeSummary } from "./summary/index.ts";
import { screeningSettings } from "./system-settings.ts";
import { screenWatchlists, withWatchlists } from "./watchlists.ts";

export interface PipelineDeps {
  db: Db;
  /** The sanctions index cache of this process. */
  lists: ListIndex;
  newsProviders: readonly NewsProvider[];
  /** The configured language model, or null: then the built-in classifier and summary are used. */
  model: LanguageModel | null;
  /** Replaces the model-based classifier (tests). */
  classifier?: ArticleClassifier;
}

export type PipelineStage = "sanctions" | "media" | "risk" | "summary" | "saving";

export interface PipelineOptions {
  /** Aborted when the job must stop (the process is stopping, or another process took the job over). */
  signal?: AbortSignal;
  onProgress?: (stage: PipelineStage) => void;
  /** Another attempt follows if this one throws: a sanctions index that fails then throws instead of being recorded. */
  retryable?: boolean;
}

/** completed / failed: this run wrote the outcome; skipped: the search is gone or was already finished. */
export type PipelineOutcome = "completed" | "failed" | "skipped";

/** What weighs a PEP for this organisation now: its country and the installation's foreign-PEP setting. */
async function pepRiskOptions(db: Db, organisationId: string): Promise<PepRiskOptions> {
  const [organisation] = await db
    .select({ country: schema.organisations.country })
    .from(schema.organisations)
    .where(eq(schema.organisations.id, organisationId));
  const { foreignPepHigherRisk } = await readSettings(db, screeningSettings);
  return { homeCountry: organisation?.country ?? null, foreignPepHigherRisk, now: new Date() };
}

/** A search not finished yet. */
const OPEN = ["pending", "processing"] as const;

type SearchRow = typeof schema.searches.$inferSelect;

/** A search this run moved to processing, with the language its owner's reports are written in. */
export interface StartedSearch {
  search: SearchRow;
  reportLanguage: string;
}

/** What a run found for one search: written by finishSearches. */
export interface SearchOutcome {
  searchId: string;
  status: "completed" | "failed";
  error: string | null;
  results: SearchResults;
  riskLevel: string | null;
  aiSummary: string | null;
}

/** One search, start to end: the pipeline of a search made by itself (a batch's rows run in chunks, see search-chunk.ts). */
export async function runSearchPipeline(deps: PipelineDeps, searchId: string, options: PipelineOptions = {}): Promise<PipelineOutcome> {
  const [started] = await startSearches(deps.db, [searchId]);
  if (!started) return "skipped";
  const lists = await openLists(deps.db, deps.lists, { retryable: options.retryable });
  const outcome = await screenSearch(deps, lists, started, options);
  options.onProgress?.("saving");
  options.signal?.throwIfAborted();
  const written = await finishSearches(deps.db, [outcome]);
  return written.has(searchId) ? outcome.status : "skipped";
}

/** Moves the searches still open to processing, in one statement; the finished or deleted ones are left out. */
export async function startSearches(db: Db, searchIds: readonly string[]): Promise<StartedSearch[]> {
  if (searchIds.length === 0) return [];
  const searches = await db
    .update(schema.searches)
    .set({ status: "processing", updatedAt: sql`now()` })
    .where(and(inArray(schema.searches.id, [...searchIds]), inArray(schema.searches.status, OPEN)))
    .returning();
  if (searches.length === 0) return [];
  const owners = await db
    .select({ id: schema.users.id, reportLanguage: schema.users.reportLanguage })
    .from(schema.users)
    .where(inArray(schema.users.id, [...new Set(searches.map((s) => s.userId))]));
  const language = new Map(owners.map((o) => [o.id, o.reportLanguage]));
  const order = new Map(searchIds.map((id, i) => [id, i]));
  return searches.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((search) => ({ search, reportLanguage: language.get(search.userId) ?? "en" }));
}

/**
 * The screening of one started search against the lists in use: sanctions and PEP lists, adverse media, risk,
 * summary. Nothing is written: the caller writes the outcome.
 */
export async function screenSearch(
  deps: PipelineDeps,
  lists: ListsInUse,
  { search, reportLanguage }: StartedSearch,
  options: PipelineOptions = {},
): Promise<SearchOutcome> {
  const progress = options.onProgress ?? (() => {});
  const details = readSearchDetails(search.details);
  const subject = { term: search.searchTerm, entityType: search.entityType, country: search.country, details };

  progress("sanctions");
  // The organisation's own watchlists beside the published lists (lib/watchlists).
  const listed = withWatchlists(
    await screenListsIn(deps.db, lists, subject, { retryable: options.retryable }),
    await screenWatchlists(deps.db, search.organisationId, subject, { retryable: options.retryable }),
  );
  options.signal?.throwIfAborted();

  progress("media");
  const media = await adverseMedia(deps, search, options.signal);
  options.signal?.throwIfAborted();

  const sources: SourceStatus[] = [...listed.sources, ...media.sources];
  const found = assignHitIds({ sanctionsList: listed.sanctionsList, adverseMedia: media.items, pepListings: listed.pepListings });
  // Hits a reviewer cleared for this subject before are shown as cleared, and the risk and summary are judged without them.
  await markClearedHits(deps.db, search.organisationId, subject, found);
  const counted = withoutClearedHits(found, DEFAULT_MATCH_THRESHOLD);

  progress("risk");
  const risk = assessRisk({
    ...counted,
    ...(counted.pepListings.length > 0 ? { pep: await pepRiskOptions(deps.db, search.organisationId) } : {}),
    sources,
    subject: { entityType: search.entityType, birthDate: details?.birthDate, nationality: details?.nationality ?? search.country ?? undefined },
  });
  const findings = {
    ...found,
    risk: { level: risk.level, reasons: risk.reasons },
    sources,
    datasetsUsed: listed.datasetsUsed,
    datasetsDisabled: listed.datasetsDisabled,
    clean: risk.clean,
    provenance: provenanceOf(search),
  };

  const checked = sources.filter((s) => s.kind !== "classifier" && s.kind !== "summary");
  if (!checked.some((s) => s.status === "ok")) {
    // For the API and logs; screens word the failure from results.sources.
    const error = `Nothing could be checked: ${
      failedSources({ sources })
        .map((s) => `${s.source}: ${s.error ?? "failed"}`)
        .join("; ") || "no list and no news provider is configured"
    }`;
    const results = searchResultsSchema.parse({ ...findings, clean: false, summarySource: "built_in" });
    return { searchId: search.id, status: "failed", error, results, riskLevel: null, aiSummary: null };
  }

  progress("summary");
  const language = isReportLanguage(reportLanguage) ? reportLanguage : "en";
  const summary = await writeSummary(
    { subject: { name: search.searchTerm, entityType: search.entityType }, results: { ...findings, ...counted }, language },
    deps.model,
  );
  if (summary.modelError && deps.model) {
    sources.push({
      source: deps.model.model,
      kind: "summary",
      status: "failed",
      error: `${summary.modelError}; the built-in summary was used instead`,
      errorCode: "model_failed",
    });
  }
  const results: SearchResults = searchResultsSchema.parse({ ...findings, sources, summarySource: summary.source, summaryLanguage: language });
  return { searchId: search.id, status: "completed", error: null, results, riskLevel: risk.level, aiSummary: summary.text };
}

/** The matcher, thresholds and options this screening runs with, kept with its results so it can be re-derived. */
function provenanceOf(search: SearchRow): Provenance {
  return {
    matcherVersion: MATCHER_VERSION,
    thresholds: SCREENING_THRESHOLDS,
    options: {
      term: search.searchTerm,
      entityType: search.entityType,
      country: search.country,
      details: search.details ?? null,
      language: search.language,
      numLinks: search.numLinks,
    },
  };
}

async function adverseMedia(deps: PipelineDeps, search: typeof schema.searches.$inferSelect, signal?: AbortSignal) {
  if (deps.newsProviders.length === 0) {
    return {
      items: [] as MediaItem[],
      sources: [{ source: "News", kind: "media", status: "failed", error: "No news provider is configured", errorCode: "not_configured" }] as SourceStatus[],
    };
  }
  const classifier = deps.classifier ?? (deps.model ? modelArticleClassifier(deps.model) : undefined);
  try {
    return await screenAdverseMedia(
      {
        term: search.searchTerm,
        entityType: search.entityType,
        language: search.language,
        country: search.country ?? undefined,
        numLinks: search.numLinks,
        signal,
      },
      { providers: deps.newsProviders, classifier },
    );
  } catch (error) {
    signal?.throwIfAborted();
    return {
      items: [] as MediaItem[],
      sources: deps.newsProviders.map((p): SourceStatus => ({ source: p.name, kind: "media", status: "failed", ...newsFailure(error) })),
    };
  }
}

/**
 * The one write of searches' outcomes: one statement for all of them, each row written only while its search is
 * open, so a retried or duplicated run never writes twice. The searches written are announced in the same
 * transaction (searchesFinished): what reacts there (their review) commits with the outcome or not at all. Answers
 * the ids written (not those finished or deleted meanwhile).
 */
export async function finishSearches(db: Db, outcomes: readonly SearchOutcome[]): Promise<Set<string>> {
  if (outcomes.length === 0) return new Set();
  const s = schema.searches;
  const rows = outcomes.map((o) => ({
    id: o.searchId,
    status: o.status,
    error: o.error,
    results: o.results,
    risk_level: o.riskLevel,
    ai_summary: o.aiSummary,
  }));
  return db.transaction(async (tx) => {
    const written = await tx
      .update(s)
      .set({
        status: sql`v.status::job_status`,
        error: sql`v.error`,
        results: sql`v.results`,
        riskLevel: sql`v.risk_level`,
        aiSummary: sql`v.ai_summary`,
        updatedAt: sql`now()`,
      })
      .from(sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, status text, error text, results jsonb, risk_level text, ai_summary text)`)
      .where(and(sql`${s.id} = v.id`, inArray(s.status, OPEN)))
      .returning({ id: s.id });
    const ids = new Set(written.map((r) => r.id));
    const finished = outcomes.filter((o) => ids.has(o.searchId)).map(({ searchId, status, results }) => ({ searchId, status, results }));
    if (finished.length > 0) await searchesFinished.publish({ tx, searches: finished });
    return ids;
  });
}

/** Marks the searches failed that no attempt could finish (their job's retries are used up); answers the ids marked. */
export async function markSearchesFailed(db: Db, searchIds: readonly string[], error: string): Promise<Set<string>> {
  if (searchIds.length === 0) return new Set();
  const rows = await db
    .update(schema.searches)
    .set({ status: "failed", error, updatedAt: sql`now()` })
    .where(and(inArray(schema.searches.id, [...searchIds]), inArray(schema.searches.status, OPEN)))
    .returning({ id: schema.searches.id });
  return new Set(rows.map((r) => r.id));
}
