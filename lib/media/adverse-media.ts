/**
 * Step 3 of the screening pipeline: news about the screened name, kept only when the name really appears,
 * classified, as the results' adverseMedia items, with the status of every source asked.
 */
import { z } from "zod";
import type { SourceStatus } from "../screening/results";
import { type ArticleClassifier, type Classification, isNegativeCategory } from "./classifier";
import { type MediaItem, mediaCategorySchema, mediaHitId } from "./contract";
import { GDELT_MAX_RECORDS } from "./gdelt-provider";
import { LexiconClassifier } from "./lexicon-classifier";
import { articleMentions, type NameKind, nameMatcher } from "./name-presence";
import type { NewsArticle, NewsProvider } from "./news-article";
import { searchNews } from "./search-news";

export interface AdverseMediaRequest {
  term: string;
  entityType: NameKind;
  language: string;
  country?: string;
  /** How many articles the results may list (the search's numLinks). */
  numLinks: number;
  signal?: AbortSignal;
}

export interface AdverseMediaDeps {
  providers: readonly NewsProvider[];
  /** The language-model classifier when one is configured; the built-in one otherwise and as its fallback. */
  classifier?: ArticleClassifier;
}

export interface AdverseMediaResult {
  items: MediaItem[];
  sources: SourceStatus[];
  /** Articles the providers found, and how many of them were about someone else (name not present). */
  found: number;
  discarded: number;
}

/** Providers are asked for more than numLinks, since articles about namesakes are dropped afterwards. */
const OVERFETCH = 3;
const MIN_FETCH = 20;

const classificationsSchema = (count: number) =>
  z
    .array(z.object({ category: mediaCategorySchema, isNegative: z.boolean(), relevant: z.boolean().optional() }))
    .length(count, `expected ${count} classifications`);

const builtIn = new LexiconClassifier();

async function classifyAll(
  articles: NewsArticle[],
  request: AdverseMediaRequest,
  classifier: ArticleClassifier | undefined,
): Promise<{ classifications: Classification[]; sources: SourceStatus[] }> {
  const inputs = articles.map((article) => ({ article, subject: request.term, language: request.language }));
  if (!articles.length) return { classifications: [], sources: [] };
  if (!classifier || classifier.name === builtIn.name) return { classifications: await builtIn.classify(inputs), sources: [] };
  try {
    const answer = classificationsSchema(inputs.length).parse(await classifier.classify(inputs));
    // isNegative follows the category, whatever the model said.
    const classifications = answer.map((c) => ({
      category: c.category,
      isNegative: isNegativeCategory(c.category),
      relevant: c.relevant,
    }));
    return { classifications, sources: [{ source: classifier.name, kind: "classifier", status: "ok" }] };
  } catch (error) {
    const message =
      error instanceof z.ZodError
        ? `answered an unusable classification (${error.issues[0]?.message})`
        : error instanceof Error
          ? error.message
          : String(error);
    return {
      classifications: await builtIn.classify(inputs),
      sources: [
        {
          source: classifier.name,
          kind: "classifier",
          status: "failed",
          error: `${message}; the built-in classifier was used instead`,
          errorCode: "model_failed",
        },
      ],
    };
  }
}

export async function screenAdverseMedia(request: AdverseMediaRequest, deps: AdverseMediaDeps): Promise<AdverseMediaResult> {
  const numLinks = Math.max(0, Math.floor(request.numLinks));
  const search = await searchNews(deps.providers, {
    term: request.term,
    language: request.language,
    country: request.country,
    limit: Math.min(GDELT_MAX_RECORDS, Math.max(MIN_FETCH, numLinks * OVERFETCH)),
    signal: request.signal,
  });
  const matcher = nameMatcher(request.term, request.entityType);
  const relevant = search.articles.filter((a) => articleMentions(matcher, a));
  const kept = relevant.slice(0, numLinks);
  const { classifications, sources } = await classifyAll(kept, request, deps.classifier);
  const items: MediaItem[] = [];
  kept.forEach((article, i) => {
    // The model said this article is about a namesake: it does not count.
    if (classifications[i].relevant === false) return;
    items.push({
      hitId: mediaHitId(article),
      title: article.title,
      summary: article.snippet,
      source: article.source,
      date: article.publishedAt,
      url: article.url,
      category: classifications[i].category,
      isNegative: classifications[i].isNegative,
      language: article.language,
    });
  });
  return {
    items,
    sources: [...search.sources, ...sources],
    found: search.articles.length,
    discarded: search.articles.length - items.length,
  };
}
