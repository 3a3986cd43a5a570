/**
 * The screening of one search, run as a job: sanctions lists, PEP lists, adverse media, risk, summary. The search
 * was charged when it was created; this only fills in its results. Everything is written at the end in one
 * conditional update, so a retried or duplicated job never writes twice and never touches a finished search.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { schema, type Db } from "../../data/db.ts";
import type { LanguageModel } from "../llm/language-model.ts";
import { screenAdverseMedia } from "../media/adverse-media.ts";
import { newsFailure } from "../media/search-news.ts";
import type { ArticleClassifier } from "../media/classifier.ts";
import type { NewsProvider } from "../media/news-article.ts";
import { screenLists, type ListIndex } from "./lists.ts";
import { modelArticleClassifier } from "./model-classifier.ts";
import { failedSources, searchResultsSchema, type MediaItem, type SearchResults, type SourceStatus } from "./results.ts";
import { assessRisk } from "./risk.ts";
import { isReportLanguage, writeSummary } from "./summary/index.ts";

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

/** A search not finished yet. */
const OPEN = ["pending", "processing"] as const;

export async function runSearchPipeline(deps: PipelineDeps, searchId: string, options: PipelineOptions = {}): Promise<PipelineOutcome> {
  const { db } = deps;
  const [row] = await db
    .select({ search: schema.searches, reportLanguage: schema.users.reportLanguage })
    .from(schema.searches)
    .innerJoin(schema.users, eq(schema.users.id, schema.searches.userId))
    .where(eq(schema.searches.id, searchId));
  if (!row || !(OPEN as readonly string[]).includes(row.search.status)) return "skipped";
  const search = row.search;

  const started = await db
    .update(schema.searches)
    .set({ status: "processing", updatedAt: sql`now()` })
    .where(and(eq(schema.searches.id, searchId), inArray(schema.searches.status, OPEN)))
    .returning({ id: schema.searches.id });
  if (started.length === 0) return "skipped";

  const progress = options.onProgress ?? (() => {});
  const subject = { term: search.searchTerm, entityType: search.entityType, country: search.country };

  progress("sanctions");
  const lists = await screenLists(db, deps.lists, subject, { retryable: options.retryable });
  options.signal?.throwIfAborted();

  progress("media");
  const media = await adverseMedia(deps, search, options.signal);
  options.signal?.throwIfAborted();

  const sources: SourceStatus[] = [...lists.sources, ...media.sources];

  progress("risk");
  const risk = assessRisk({
    sanctionsList: lists.sanctionsList,
    adverseMedia: media.items,
    pepListings: lists.pepListings,
    sources,
    subject: { entityType: search.entityType, nationality: search.country ?? undefined },
  });
  const findings = {
    sanctionsList: lists.sanctionsList,
    adverseMedia: media.items,
    pepListings: lists.pepListings,
    risk: { level: risk.level, reasons: risk.reasons },
    sources,
    datasetsUsed: lists.datasetsUsed,
    clean: risk.clean,
  };

  const checked = sources.filter((s) => s.kind !== "classifier" && s.kind !== "summary");
  if (!checked.some((s) => s.status === "ok")) {
    // For the API and logs; screens word the failure from results.sources.
    const error = `Nothing could be checked: ${failedSources({ sources }).map((s) => `${s.source}: ${s.error ?? "failed"}`).join("; ") || "no list and no news provider is configured"}`;
    const results = searchResultsSchema.parse({ ...findings, clean: false, summarySource: "built_in" });
    progress("saving");
    options.signal?.throwIfAborted();
    return (await finish(db, searchId, { status: "failed", error, results, riskLevel: null, aiSummary: null })) ? "failed" : "skipped";
  }

  progress("summary");
  const language = isReportLanguage(row.reportLanguage) ? row.reportLanguage : "en";
  const summary = await writeSummary({ subject: { name: search.searchTerm, entityType: search.entityType }, results: findings, language }, deps.model);
  if (summary.modelError && deps.model) {
    sources.push({ source: deps.model.model, kind: "summary", status: "failed", error: `${summary.modelError}; the built-in summary was used instead`, errorCode: "model_failed" });
  }
  const results: SearchResults = searchResultsSchema.parse({ ...findings, sources, summarySource: summary.source, summaryLanguage: language });

  progress("saving");
  options.signal?.throwIfAborted();
  const written = await finish(db, searchId, { status: "completed", error: null, results, riskLevel: risk.level, aiSummary: summary.text });
  return written ? "completed" : "skipped";
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
      { term: search.searchTerm, entityType: search.entityType, language: search.language, country: search.country ?? undefined, numLinks: search.numLinks, signal },
      { providers: deps.newsProviders, classifier },
    );
  } catch (error) {
    signal?.throwIfAborted();
    return { items: [] as MediaItem[], sources: deps.newsProviders.map((p): SourceStatus => ({ source: p.name, kind: "media", status: "failed", ...newsFailure(error) })) };
  }
}

interface Outcome {
  status: "completed" | "failed";
  error: string | null;
  results: SearchResults;
  riskLevel: string | null;
  aiSummary: string | null;
}

/** The one write of a search's outcome; false when the search was finished or deleted meanwhile. */
async function finish(db: Db, searchId: string, outcome: Outcome): Promise<boolean> {
  const rows = await db
    .update(schema.searches)
    .set({ ...outcome, updatedAt: sql`now()` })
    .where(and(eq(schema.searches.id, searchId), inArray(schema.searches.status, OPEN)))
    .returning({ id: schema.searches.id });
  return rows.length > 0;
}

/** Marks a search failed that no attempt could finish (its job's retries are used up). */
export async function markSearchFailed(db: Db, searchId: string, error: string): Promise<boolean> {
  const rows = await db
    .update(schema.searches)
    .set({ status: "failed", error, updatedAt: sql`now()` })
    .where(and(eq(schema.searches.id, searchId), inArray(schema.searches.status, OPEN)))
    .returning({ id: schema.searches.id });
  return rows.length > 0;
}
