/**
 * Google News RSS search (https://news.google.com/rss/search?q=...&hl=...&gl=...&ceid=...): no key needed.
 * hl is the interface language, gl the country, ceid "{country}:{language}"; the three must agree or the feed
 * comes back empty. Items carry title ("Headline - Publisher"), link (a news.google.com redirect), pubDate
 * (RFC 822), description (an HTML fragment) and source (the publisher, with its site as url attribute).
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { z } from "zod";
import { fetchText } from "./fetch-text";
import { decodeEntities, htmlToText } from "./html-text";
import { type NewsArticle, type NewsProvider, NewsProviderError, type NewsQuery } from "./news-article";

export const GOOGLE_NEWS_DEFAULT_URL = "https://news.google.com/rss/search";

export interface GoogleNewsOptions {
  baseUrl?: string;
  timeoutMs?: number;
}

/** The country each search language defaults to when the search names none. */
const DEFAULT_COUNTRY: Record<string, string> = { en: "US", de: "DE", es: "ES", fr: "FR" };
const LATIN_AMERICA = new Set(["AR", "BO", "CL", "CO", "CR", "CU", "DO", "EC", "GT", "HN", "MX", "NI", "PA", "PE", "PR", "PY", "SV", "US", "UY", "VE"]);

/** hl, gl and ceid for a language and an optional ISO country, in the forms Google News itself links to. */
export function googleNewsLocale(language: string, country?: string): { hl: string; gl: string; ceid: string } {
  const lang = language.trim().toLowerCase() || "en";
  const gl = (country?.trim() || DEFAULT_COUNTRY[lang] || "US").toUpperCase();
  if (lang === "en") return { hl: `en-${gl}`, gl, ceid: `${gl}:en` };
  if (lang === "es" && LATIN_AMERICA.has(gl)) return { hl: "es-419", gl, ceid: `${gl}:es-419` };
  return { hl: lang, gl, ceid: `${gl}:${lang}` };
}

const textNode = z.union([
  z.string(),
  z.number().transform(String),
  z.object({ "#text": z.union([z.string(), z.number()]).optional() }).transform((o) => String(o["#text"] ?? "")),
]);
const itemSchema = z.object({
  title: textNode,
  link: textNode,
  pubDate: textNode.optional(),
  description: textNode.optional(),
  source: z.union([z.string(), z.object({ "#text": z.union([z.string(), z.number()]).optional(), "@_url": z.string().optional() })]).optional(),
});
const feedSchema = z.object({
  rss: z.object({
    channel: z.object({ item: z.array(z.unknown()).optional() }),
  }),
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  removeNSPrefix: true,
  jPath: false,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && name === "item",
});

function parseRfc822(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Google appends " - Publisher" to every headline; the publisher is already the source. */
function stripPublisher(title: string, source: string): string {
  const suffix = ` - ${source}`;
  return source && title.endsWith(suffix) && title.length > suffix.length ? title.slice(0, -suffix.length).trim() : title;
}

/** The description repeats the headline and the publisher; what is left (related headlines) is the snippet. */
function snippetOf(descriptionHtml: string, rawTitle: string, title: string, source: string): string {
  let text = htmlToText(descriptionHtml);
  for (const head of [rawTitle, title]) {
    if (head && text.startsWith(head)) {
      text = text.slice(head.length).trim();
      break;
    }
  }
  if (source && text.startsWith(source)) text = text.slice(source.length).trim();
  return text;
}

export class GoogleNewsProvider implements NewsProvider {
  readonly name = "Google News";
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(options: GoogleNewsOptions = {}) {
    this.baseUrl = options.baseUrl ?? GOOGLE_NEWS_DEFAULT_URL;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  requestUrl(query: NewsQuery): string {
    const { hl, gl, ceid } = googleNewsLocale(query.language, query.country);
    const url = new URL(this.baseUrl);
    url.searchParams.set("q", `"${query.term.replace(/"/g, " ").replace(/\s+/g, " ").trim()}"`);
    url.searchParams.set("hl", hl);
    url.searchParams.set("gl", gl);
    url.searchParams.set("ceid", ceid);
    return url.toString();
  }

  async search(query: NewsQuery): Promise<NewsArticle[]> {
    const { text } = await fetchText(this.requestUrl(query), {
      provider: this.name,
      timeoutMs: this.timeoutMs,
      signal: query.signal,
      accept: "application/rss+xml, application/xml;q=0.9, text/xml;q=0.8",
    });
    const valid = XMLValidator.validate(text);
    if (valid !== true) {
      throw new NewsProviderError(this.name, `answered malformed XML (line ${valid.err.line}: ${valid.err.msg})`);
    }
    const feed = feedSchema.safeParse(parser.parse(text));
    if (!feed.success) throw new NewsProviderError(this.name, "answered XML that is not an RSS feed");
    const raw = feed.data.rss.channel.item ?? [];
    const articles: NewsArticle[] = [];
    for (const entry of raw) {
      const parsed = itemSchema.safeParse(entry);
      if (!parsed.success) continue;
      const item = parsed.data;
      const source = decodeEntities(typeof item.source === "string" ? item.source : String(item.source?.["#text"] ?? "")).trim();
      const rawTitle = decodeEntities(item.title).replace(/\s+/g, " ").trim();
      const title = stripPublisher(rawTitle, source);
      const url = item.link.trim();
      if (!title || !url) continue;
      articles.push({
        title,
        url,
        source: source || (typeof item.source === "object" ? (item.source["@_url"] ?? "") : ""),
        publishedAt: parseRfc822(item.pubDate),
        snippet: item.description ? snippetOf(item.description, rawTitle, title, source) : "",
        language: query.language,
      });
    }
    if (raw.length > 0 && articles.length === 0) throw new NewsProviderError(this.name, "answered items without a title or link");
    return articles.slice(0, query.limit);
  }
}
