/**
 * GDELT DOC 2.0 API (https://api.gdeltproject.org/api/v2/doc/doc), ArtList mode as JSON: no key needed.
 * The query is the quoted phrase plus sourcelang:/sourcecountry: operators; answers list url, title,
 * seendate (yyyyMMddTHHmmssZ), domain, language and sourcecountry, but no text snippet.
 * GDELT reports a bad query as HTTP 200 with a text/html body, and a rate limit as 429.
 */
import { z } from "zod";
import { fetchText } from "./fetch-text";
import { gdeltCountry, gdeltLanguage, isoLanguageOf } from "./gdelt-codes";
import { type NewsArticle, type NewsProvider, NewsProviderError, type NewsQuery } from "./news-article";
import { SpacingWaitTooLong, waitForSlot } from "./request-spacing";

export const GDELT_DEFAULT_URL = "https://api.gdeltproject.org/api/v2/doc/doc";
/** The DOC API searches a rolling window of the last three months; a longer timespan is not honoured. */
export const GDELT_DEFAULT_TIMESPAN = "3months";
/** GDELT asks for at most one request every 5 seconds. */
export const GDELT_DEFAULT_MIN_INTERVAL_MS = 5_000;
export const GDELT_MAX_RECORDS = 250;

export interface GdeltOptions {
  baseUrl?: string;
  timeoutMs?: number;
  timespan?: string;
  minIntervalMs?: number;
}

const articleSchema = z.object({
  url: z.string().min(1),
  title: z.string(),
  seendate: z.string().optional(),
  domain: z.string().optional(),
  language: z.string().optional(),
  sourcecountry: z.string().optional(),
});
const answerSchema = z.object({ articles: z.array(z.unknown()).optional() });

/** "20240305T081500Z" -> "2024-03-05T08:15:00.000Z"; null when it is not that shape or not a real date. */
export function parseSeenDate(value: string | undefined): string | null {
  const m = value?.trim().match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date.toISOString() : null;
}

/** GDELT's JSON sometimes carries raw control characters inside strings; they are the only repair tried. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: GDELT's JSON can carry raw control characters; they are what this replaces
    return JSON.parse(text.replace(/[\u0000-\u001f]/g, " "));
  }
}

export class GdeltProvider implements NewsProvider {
  readonly name = "GDELT";
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly timespan: string;
  private readonly minIntervalMs: number;

  constructor(options: GdeltOptions = {}) {
    this.baseUrl = options.baseUrl ?? GDELT_DEFAULT_URL;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.timespan = options.timespan ?? GDELT_DEFAULT_TIMESPAN;
    this.minIntervalMs = options.minIntervalMs ?? GDELT_DEFAULT_MIN_INTERVAL_MS;
  }

  /** The request URL for a query (exported for the tests and for support: it can be pasted into a browser). */
  requestUrl(query: NewsQuery): string {
    const phrase = `"${query.term.replace(/"/g, " ").replace(/\s+/g, " ").trim()}"`;
    const operators = [phrase];
    const language = gdeltLanguage(query.language);
    if (language) operators.push(`sourcelang:${language}`);
    const country = query.country ? gdeltCountry(query.country) : null;
    if (country) operators.push(`sourcecountry:${country}`);
    const url = new URL(this.baseUrl);
    url.searchParams.set("query", operators.join(" "));
    url.searchParams.set("mode", "ArtList");
    url.searchParams.set("format", "json");
    url.searchParams.set("maxrecords", String(Math.min(Math.max(1, Math.floor(query.limit)), GDELT_MAX_RECORDS)));
    url.searchParams.set("sort", "DateDesc");
    url.searchParams.set("timespan", this.timespan);
    return url.toString();
  }

  async search(query: NewsQuery): Promise<NewsArticle[]> {
    const url = this.requestUrl(query);
    const started = Date.now();
    try {
      await waitForSlot(new URL(this.baseUrl).origin, this.minIntervalMs, this.timeoutMs / 2, query.signal);
    } catch (error) {
      if (error instanceof SpacingWaitTooLong) {
        throw new NewsProviderError(
          this.name,
          `too many searches at once (GDELT allows one request every ${this.minIntervalMs / 1000} s; ${error.message})`,
          "rate_limited",
        );
      }
      throw new NewsProviderError(this.name, "the search was cancelled", "cancelled");
    }
    const { text, contentType } = await fetchText(url, {
      provider: this.name,
      timeoutMs: Math.max(1, this.timeoutMs - (Date.now() - started)),
      statedTimeoutMs: this.timeoutMs,
      signal: query.signal,
      accept: "application/json",
    });
    const trimmed = text.trim();
    if (!trimmed.startsWith("{")) {
      const kind = contentType.includes("html") ? "an error page" : "a body that is not JSON";
      const detail = trimmed
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 200);
      throw new NewsProviderError(this.name, `answered ${kind}${detail ? `: ${detail}` : ""}`);
    }
    let body: unknown;
    try {
      body = parseJson(trimmed);
    } catch (error) {
      throw new NewsProviderError(this.name, `answered malformed JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    const answer = answerSchema.safeParse(body);
    if (!answer.success) throw new NewsProviderError(this.name, `answered JSON of an unexpected shape (${answer.error.issues[0]?.message})`);
    const raw = answer.data.articles ?? [];
    const articles: NewsArticle[] = [];
    for (const item of raw) {
      const parsed = articleSchema.safeParse(item);
      if (!parsed.success) continue;
      const a = parsed.data;
      articles.push({
        title: a.title.replace(/\s+/g, " ").trim(),
        url: a.url,
        source: a.domain || hostOf(a.url),
        publishedAt: parseSeenDate(a.seendate),
        snippet: "",
        language: a.language ? isoLanguageOf(a.language) : query.language,
      });
    }
    if (raw.length > 0 && articles.length === 0) throw new NewsProviderError(this.name, "answered articles without a URL or title");
    return articles.slice(0, query.limit);
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}
