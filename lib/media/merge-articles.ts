/**
 * One list from several providers: the same story found twice (same address, or the same headline behind
 * Google's redirect links) is kept once, newest first.
 */
import type { NewsArticle } from "./news-article";
import { tokenizeText } from "./text-tokens";

/** Scheme, "www.", a trailing slash, tracking parameters and the fragment do not make another article. */
export function urlKey(url: string): string {
  try {
    const u = new URL(url);
    const params = [...u.searchParams.entries()].filter(([k]) => !/^(utm_|fbclid$|gclid$|ocid$|cmpid$|oc$)/i.test(k)).sort(([a], [b]) => a.localeCompare(b));
    const query = params.length ? `?${new URLSearchParams(params).toString()}` : "";
    return `${u.hostname.toLowerCase().replace(/^www\./, "")}${u.pathname.replace(/\/+$/, "")}${query}`;
  } catch {
    return url.trim().toLowerCase();
  }
}

const titleWords = (title: string) => tokenizeText(title).map((t) => t.norm);

/** Same words, or (for headlines of four words or more) at most a word or two apart. */
export function nearlySameTitle(a: string[], b: string[]): boolean {
  if (!a.length || !b.length) return false;
  if (a.join(" ") === b.join(" ")) return true;
  if (Math.min(a.length, b.length) < 4) return false;
  const setB = new Set(b);
  const common = new Set(a.filter((w) => setB.has(w))).size;
  const dice = (2 * common) / (new Set(a).size + setB.size);
  return dice >= 0.9;
}

const isRedirect = (url: string) => /^https?:\/\/news\.google\.[a-z.]+\//i.test(url);

/** Keeps the better of two copies: a direct link over a redirect, and whatever date and snippet either has. */
function combine(kept: NewsArticle, other: NewsArticle): NewsArticle {
  const base = isRedirect(kept.url) && !isRedirect(other.url) ? { ...other } : { ...kept };
  const alt = base.url === kept.url ? other : kept;
  if (!base.publishedAt) base.publishedAt = alt.publishedAt;
  if (alt.snippet.length > base.snippet.length) base.snippet = alt.snippet;
  return base;
}

const time = (a: NewsArticle) => (a.publishedAt ? Date.parse(a.publishedAt) : Number.NEGATIVE_INFINITY);

/** Merges the lists in the order given (earlier lists win ties), newest first, undated last. */
export function mergeArticles(lists: NewsArticle[][]): NewsArticle[] {
  const kept: { article: NewsArticle; url: string; words: string[] }[] = [];
  for (const list of lists) {
    for (const article of list) {
      const url = urlKey(article.url);
      const words = titleWords(article.title);
      const twin = kept.find((k) => k.url === url || nearlySameTitle(k.words, words));
      if (twin) twin.article = combine(twin.article, article);
      else kept.push({ article, url, words });
    }
  }
  return kept.map((k) => k.article).sort((a, b) => time(b) - time(a));
}
