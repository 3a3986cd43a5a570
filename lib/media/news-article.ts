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

/** Why a provider gave no answer; the message starts with the provider's name and is shown to users as is. */
export class NewsProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
  ) {
    super(`${provider}: ${reason}`);
    this.name = "NewsProviderError";
  }
}
