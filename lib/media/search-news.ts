/** Asks every provider at once; one that fails is recorded as failed while the others' articles are kept. */
import type { SourceStatus } from "../screening/results";
import { mergeArticles } from "./merge-articles";
import type { NewsArticle, NewsProvider, NewsQuery } from "./news-article";
import { NewsProviderError } from "./news-article";

export interface NewsSearchResult {
  articles: NewsArticle[];
  sources: SourceStatus[];
}

export async function searchNews(providers: readonly NewsProvider[], query: NewsQuery): Promise<NewsSearchResult> {
  const settled = await Promise.allSettled(providers.map((p) => p.search(query)));
  const sources: SourceStatus[] = [];
  const lists: NewsArticle[][] = [];
  settled.forEach((outcome, i) => {
    const source = providers[i].name;
    if (outcome.status === "fulfilled") {
      sources.push({ source, kind: "media", status: "ok" });
      lists.push(outcome.value);
    } else {
      sources.push({ source, kind: "media", status: "failed", ...newsFailure(outcome.reason) });
    }
  });
  return { articles: mergeArticles(lists).slice(0, Math.max(0, query.limit)), sources };
}

/** A provider's failure as a code for people and its technical reason (without the provider's name, which is the source). */
export function newsFailure(reason: unknown): Pick<SourceStatus, "error" | "errorCode" | "errorParams"> {
  if (reason instanceof NewsProviderError) {
    return { error: reason.reason, errorCode: reason.code, ...(Object.keys(reason.params).length ? { errorParams: reason.params } : {}) };
  }
  return { error: reason instanceof Error ? reason.message : String(reason), errorCode: "unexpected" };
}
