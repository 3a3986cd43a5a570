/** What a news provider finds, and the interface every provider (GDELT, Google News, a test double) implements. */

export interface NewsArticle {
  title: string;
  url: string;
  /** The publisher: a name ("Reuters") or a domain ("reuters.com"). */
  source: string;
  /** ISO 8601, or null when the provider gives no usable date. */
  publishedAt: string | null;
  /** Plain text (no HTML); empty when the provider gives none. */
  snippet: string;
  /** ISO 639-1 code when known ("en"), otherwise the provider's own lower-cased name of the language. */
  language: string;
}

export interface NewsQuery {
  term: string;
  /** ISO 639-1 code of the search language (en, de, es, fr). */
  language: string;
  /** ISO 3166-1 alpha-2 code. */
  country?: string;
  limit: number;
  signal?: AbortSignal;
}

export interface NewsProvider {
  readonly name: string;
  search(query: NewsQuery): Promise<NewsArticle[]>;
}

/** The kinds of failure a screen words for people (a subset of the screening's source error codes). */
export type NewsErrorCode = "unreachable" | "timeout" | "http_error" | "rate_limited" | "bad_answer" | "too_large" | "cancelled";

/** Why a provider gave no answer: the message (provider's name and technical reason) for logs and the API, the code and params for people. */
export class NewsProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
    readonly code: NewsErrorCode = "bad_answer",
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${provider}: ${reason}`);
    this.name = "NewsProviderError";
  }
}
