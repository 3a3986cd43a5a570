import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { screenAdverseMedia } from "../../lib/media/adverse-media.ts";
import type { ArticleClassifier, ClassificationInput } from "../../lib/media/classifier.ts";
import { mergeArticles, urlKey } from "../../lib/media/merge-articles.ts";
import type { NewsArticle } from "../../lib/media/news-article.ts";
import { createNewsProviders, loadNewsConfig } from "../../lib/media/news-config.ts";
import { searchNews } from "../../lib/media/search-news.ts";
import { mediaItemSchema } from "../../lib/screening/results.ts";
import { type GdeltArticle, type GoogleNewsItem, type NewsServer, startGdeltServer, startGoogleNewsServer } from "../helpers/news-servers.ts";

const gdeltArticle = (title: string, url: string, seendate: string, language = "English"): GdeltArticle => ({
  url,
  title,
  seendate,
  domain: new URL(url).hostname.replace(/^www\./, ""),
  language,
  sourcecountry: "United States",
});

const googleItem = (title: string, id: string, pubDate: string, source: string, descriptionHtml?: string): GoogleNewsItem => ({
  title,
  link: `https://news.google.com/rss/articles/${id}?oc=5`,
  pubDate,
  source,
  sourceUrl: `https://www.${source.toLowerCase().replace(/\s/g, "")}.com`,
  descriptionHtml,
});

const GDELT: Record<string, GdeltArticle[]> = {
  "John Smith": [
    gdeltArticle("John Smith charged with fraud", "https://www.reuters.com/legal/john-smith-charged-2025-03-04/", "20250304T100000Z"),
    gdeltArticle("Jane Smith wins marathon", "https://apnews.com/article/jane-smith-marathon", "20250306T090000Z"),
    gdeltArticle("Senator John Smith visits Ohio plant", "https://www.cnn.com/2025/03/01/politics/smith-ohio", "20250301T150000Z"),
    gdeltArticle("John Smith sanctioned by US Treasury", "https://www.bbc.com/news/world-1", "20250220T080000Z"),
    gdeltArticle("Smith family opens bakery", "https://local.example/bakery", "20250307T080000Z"),
  ],
};

const GOOGLE: Record<string, GoogleNewsItem[]> = {
  "John Smith": [
    // The Reuters story again, behind Google's redirect, with a snippet GDELT does not have.
    googleItem(
      "John Smith charged with fraud",
      "CBMiREUTERS",
      "Tue, 04 Mar 2025 10:20:00 GMT",
      "Reuters",
      '<ol><li><a href="https://news.google.com/rss/articles/CBMiREUTERS">John Smith charged with fraud</a>&nbsp;&nbsp;' +
        '<font color="#6f6f6f">Reuters</font></li><li><a href="https://news.google.com/rss/articles/CBMiOTHER">' +
        'Prosecutors detail John Smith wire scheme</a>&nbsp;&nbsp;<font color="#6f6f6f">WSJ</font></li></ol>',
    ),
    googleItem("John Smith wins industry award", "CBMiAWARD", "Wed, 05 Mar 2025 12:00:00 GMT", "Forbes"),
    googleItem("Mr Smith's neighbours speak out", "CBMiNEIGH", "Thu, 06 Mar 2025 12:00:00 GMT", "Daily Example"),
    googleItem("John Smith acquitted of bribery", "CBMiACQ", "Fri, 28 Feb 2025 12:00:00 GMT", "The Guardian"),
  ],
};

let gdelt: NewsServer;
let google: NewsServer;

beforeAll(() => {
  gdelt = startGdeltServer(GDELT);
  google = startGoogleNewsServer(GOOGLE);
});

afterEach(() => {
  gdelt.mode = "normal";
  google.mode = "normal";
});

afterAll(async () => {
  await gdelt.stop();
  await google.stop();
});

const env = (extra: Record<string, string> = {}) => ({
  DUECHECK_GDELT_URL: gdelt.url,
  DUECHECK_GOOGLE_NEWS_URL: google.url,
  DUECHECK_GDELT_MIN_INTERVAL_MS: "0",
  DUECHECK_NEWS_TIMEOUT_MS: "2000",
  ...extra,
});
const providers = (extra: Record<string, string> = {}) => createNewsProviders(loadNewsConfig(env(extra)));
const query = { term: "John Smith", language: "en", country: "US", limit: 20 };

const article = (title: string, url: string, publishedAt: string | null, snippet = ""): NewsArticle => ({
  title,
  url,
  source: "example",
  publishedAt,
  snippet,
  language: "en",
});

describe("merging", () => {
  test("the same address with another scheme, www, trailing slash or tracking parameters is one article", () => {
    expect(urlKey("https://www.example.com/a/b/?utm_source=x&id=3#top")).toBe(urlKey("http://example.com/a/b?id=3"));
    expect(urlKey("https://example.com/a?id=3")).not.toBe(urlKey("https://example.com/a?id=4"));
    const merged = mergeArticles([
      [article("Story one", "https://www.example.com/story?utm_medium=rss", "2025-03-01T00:00:00.000Z")],
      [article("Story one (updated)", "http://example.com/story/", null, "More detail")],
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ title: "Story one", publishedAt: "2025-03-01T00:00:00.000Z", snippet: "More detail" });
  });

  test("nearly the same headline is one article, and the direct link wins over a redirect", () => {
    const merged = mergeArticles([
      [article("John Smith charged with wire fraud in New York", "https://news.google.com/rss/articles/X", "2025-03-04T10:20:00.000Z", "Related coverage")],
      [article("John Smith charged with wire fraud in New York.", "https://www.reuters.com/x", null)],
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ url: "https://www.reuters.com/x", publishedAt: "2025-03-04T10:20:00.000Z", snippet: "Related coverage" });
  });

  test("different stories with words in common stay apart", () => {
    const merged = mergeArticles([
      [article("John Smith arrested", "https://a.example/1", null), article("John Smith arrested again", "https://b.example/2", null)],
    ]);
    expect(merged).toHaveLength(2);
  });

  test("newest first, undated last", () => {
    const merged = mergeArticles([
      [article("Old", "https://a.example/1", "2024-01-01T00:00:00.000Z"), article("Undated", "https://a.example/2", null)],
      [article("New", "https://b.example/3", "2025-01-01T00:00:00.000Z")],
    ]);
    expect(merged.map((a) => a.title)).toEqual(["New", "Old", "Undated"]);
  });
});

describe("searchNews", () => {
  test("asks both providers, merges duplicates, newest first, and records both as ok", async () => {
    const result = await searchNews(providers(), query);
    expect(result.sources).toEqual([
      { source: "GDELT", kind: "media", status: "ok" },
      { source: "Google News", kind: "media", status: "ok" },
    ]);
    const titles = result.articles.map((a) => a.title);
    expect(titles.filter((t) => t === "John Smith charged with fraud")).toHaveLength(1);
    expect(titles).toHaveLength(5 + 4 - 1);
    const dates = result.articles.map((a) => Date.parse(a.publishedAt!));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const fraud = result.articles.find((a) => a.title === "John Smith charged with fraud")!;
    expect(fraud.url).toBe("https://www.reuters.com/legal/john-smith-charged-2025-03-04/");
    expect(fraud.snippet).toContain("Prosecutors detail John Smith wire scheme");
  });

  test("cuts the merged list to the limit", async () => {
    const result = await searchNews(providers(), { ...query, limit: 3 });
    expect(result.articles).toHaveLength(3);
  });

  test("a failing provider is recorded as failed with its error while the other's articles are kept", async () => {
    gdelt.mode = "error";
    const result = await searchNews(providers(), query);
    // a code and its facts for people; the technical detail, without the provider's name again, for the API and logs
    expect(result.sources[0]).toMatchObject({ source: "GDELT", kind: "media", status: "failed", errorCode: "http_error", errorParams: { status: 500 } });
    expect(result.sources[0].error).toStartWith("answered HTTP 500");
    expect(result.sources[1]).toEqual({ source: "Google News", kind: "media", status: "ok" });
    expect(result.articles.map((a) => a.source).sort()).toEqual(["Daily Example", "Forbes", "Reuters", "The Guardian"]);
  });

  test("a provider that hangs fails at its timeout and does not hold up the other", async () => {
    google.mode = "hang";
    const started = Date.now();
    const result = await searchNews(providers({ DUECHECK_NEWS_TIMEOUT_MS: "400" }), query);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(result.sources[1]).toEqual({
      source: "Google News",
      kind: "media",
      status: "failed",
      error: "no answer within 0.4 s",
      errorCode: "timeout",
      errorParams: { seconds: 0.4 },
    });
    expect(result.articles.length).toBe(5);
  });

  test("a malformed answer is a failed source too", async () => {
    google.mode = "malformed";
    const result = await searchNews(providers(), query);
    expect(result.sources[1].status).toBe("failed");
    expect(result.sources[1]).toMatchObject({ errorCode: "bad_answer" });
    expect(result.sources[1].error).toStartWith("answered malformed XML");
  });

  test("both failing: no articles and both recorded", async () => {
    gdelt.mode = "malformed";
    google.mode = "error";
    const result = await searchNews(providers(), query);
    expect(result.articles).toEqual([]);
    expect(result.sources.map((s) => s.status)).toEqual(["failed", "failed"]);
  });
});

describe("configuration", () => {
  test("DUECHECK_NEWS_PROVIDERS chooses the providers; both by default", () => {
    expect(providers().map((p) => p.name)).toEqual(["GDELT", "Google News"]);
    expect(providers({ DUECHECK_NEWS_PROVIDERS: "google-news" }).map((p) => p.name)).toEqual(["Google News"]);
    expect(providers({ DUECHECK_NEWS_PROVIDERS: " GDELT " }).map((p) => p.name)).toEqual(["GDELT"]);
    expect(providers({ DUECHECK_NEWS_PROVIDERS: "none" })).toEqual([]);
  });

  test("defaults point at the real services", () => {
    const config = loadNewsConfig({});
    expect(config).toEqual({
      providers: ["gdelt", "google-news"],
      gdeltUrl: "https://api.gdeltproject.org/api/v2/doc/doc",
      googleNewsUrl: "https://news.google.com/rss/search",
      timeoutMs: 10_000,
      gdeltTimespan: "3months",
      gdeltMinIntervalMs: 5_000,
    });
  });

  test("bad values are refused with the variable's name", () => {
    expect(() => loadNewsConfig({ DUECHECK_NEWS_PROVIDERS: "bing" })).toThrow("DUECHECK_NEWS_PROVIDERS: unknown provider bing");
    expect(() => loadNewsConfig({ DUECHECK_GDELT_URL: "ftp://example.com" })).toThrow("DUECHECK_GDELT_URL must be an http(s) URL");
    expect(() => loadNewsConfig({ DUECHECK_NEWS_TIMEOUT_MS: "soon" })).toThrow("DUECHECK_NEWS_TIMEOUT_MS");
    expect(() => loadNewsConfig({ DUECHECK_GDELT_TIMESPAN: "5 years" })).toThrow("DUECHECK_GDELT_TIMESPAN");
  });
});

describe("screenAdverseMedia", () => {
  const request = { term: "John Smith", entityType: "person" as const, language: "en", country: "US", numLinks: 10 };

  test("keeps only articles naming the subject, classifies them and answers MediaItems", async () => {
    const result = await screenAdverseMedia(request, { providers: providers() });
    expect(result.found).toBe(8);
    expect(result.discarded).toBe(3);
    const byTitle = Object.fromEntries(result.items.map((i) => [i.title, i]));
    expect(Object.keys(byTitle).sort()).toEqual([
      "John Smith acquitted of bribery",
      "John Smith charged with fraud",
      "John Smith sanctioned by US Treasury",
      "John Smith wins industry award",
      "Senator John Smith visits Ohio plant",
    ]);
    expect(byTitle["John Smith charged with fraud"]).toMatchObject({ category: "criminal", isNegative: true, source: "reuters.com" });
    expect(byTitle["John Smith sanctioned by US Treasury"]).toMatchObject({ category: "sanctions", isNegative: true });
    expect(byTitle["Senator John Smith visits Ohio plant"]).toMatchObject({ category: "PEP", isNegative: false });
    expect(byTitle["John Smith wins industry award"]).toMatchObject({ category: "positive", isNegative: false });
    expect(byTitle["John Smith acquitted of bribery"].isNegative).toBe(false);
    for (const item of result.items) expect(mediaItemSchema.parse(item)).toEqual(item);
    expect(result.sources.map((s) => s.status)).toEqual(["ok", "ok"]);
  });

  test("lists at most numLinks articles", async () => {
    const result = await screenAdverseMedia({ ...request, numLinks: 2 }, { providers: providers() });
    expect(result.items).toHaveLength(2);
  });

  test("a company is matched on its distinctive words", async () => {
    const acme = startGdeltServer({
      "Acme Holdings Ltd": [
        gdeltArticle("Acme fined over pollution", "https://a.example/1", "20250301T000000Z"),
        gdeltArticle("Holdings slump as markets fall", "https://a.example/2", "20250302T000000Z"),
      ],
    });
    try {
      const only = createNewsProviders(loadNewsConfig({ ...env(), DUECHECK_GDELT_URL: acme.url, DUECHECK_NEWS_PROVIDERS: "gdelt" }));
      const result = await screenAdverseMedia({ ...request, term: "Acme Holdings Ltd", entityType: "company" }, { providers: only });
      expect(result.items.map((i) => [i.title, i.category])).toEqual([["Acme fined over pollution", "negative"]]);
    } finally {
      await acme.stop();
    }
  });

  test("a model classifier's answer is used, with isNegative following its category", async () => {
    const seen: ClassificationInput[][] = [];
    const model: ArticleClassifier = {
      name: "model",
      async classify(items) {
        seen.push(items);
        return items.map(() => ({ category: "corruption" as const, isNegative: false }));
      },
    };
    const result = await screenAdverseMedia(request, { providers: providers(), classifier: model });
    expect(seen[0].every((i) => i.subject === "John Smith" && i.language === "en")).toBe(true);
    expect(result.items.every((i) => i.category === "corruption" && i.isNegative)).toBe(true);
    expect(result.sources.at(-1)).toEqual({ source: "model", kind: "classifier", status: "ok" });
  });

  test("articles the model says are about a namesake are dropped and counted as discarded", async () => {
    const model: ArticleClassifier = {
      name: "model",
      async classify(items) {
        return items.map((item) => ({
          category: "criminal" as const,
          isNegative: true,
          relevant: !item.article.title.includes("fraud"),
        }));
      },
    };
    const result = await screenAdverseMedia(request, { providers: providers(), classifier: model });
    expect(result.items.map((i) => i.title)).not.toContain("John Smith charged with fraud");
    expect(result.items).toHaveLength(4);
    expect(result.discarded).toBe(4);
  });

  test("a failing model classifier is recorded and the built-in classifier takes over", async () => {
    const broken: ArticleClassifier = {
      name: "model",
      async classify() {
        throw new Error("model: HTTP 503 from the model server");
      },
    };
    const result = await screenAdverseMedia(request, { providers: providers(), classifier: broken });
    expect(result.sources.at(-1)).toEqual({
      source: "model",
      kind: "classifier",
      status: "failed",
      error: "model: HTTP 503 from the model server; the built-in classifier was used instead",
      errorCode: "model_failed",
    });
    expect(result.items.find((i) => i.title === "John Smith charged with fraud")?.category).toBe("criminal");
  });

  test("a model answer of the wrong length is unusable", async () => {
    const short: ArticleClassifier = { name: "model", classify: async () => [{ category: "others", isNegative: false }] };
    const result = await screenAdverseMedia(request, { providers: providers(), classifier: short });
    expect(result.sources.at(-1)?.status).toBe("failed");
    expect(result.sources.at(-1)?.error).toContain("unusable classification");
    expect(result.items.length).toBe(5);
  });

  test("providers down: no items, the failures recorded, no classifier asked", async () => {
    gdelt.mode = "error";
    google.mode = "error";
    let asked = false;
    const model: ArticleClassifier = {
      name: "model",
      classify: async (items) => {
        asked = true;
        return items.map(() => ({ category: "others", isNegative: false }));
      },
    };
    const result = await screenAdverseMedia(request, { providers: providers(), classifier: model });
    expect(result.items).toEqual([]);
    expect(result.sources.map((s) => [s.source, s.status])).toEqual([
      ["GDELT", "failed"],
      ["Google News", "failed"],
    ]);
    expect(asked).toBe(false);
  });

  test("asks providers for more than numLinks, since namesakes are dropped afterwards", async () => {
    gdelt.requests.length = 0;
    await screenAdverseMedia({ ...request, numLinks: 10 }, { providers: providers({ DUECHECK_NEWS_PROVIDERS: "gdelt" }) });
    expect(gdelt.requests[0].searchParams.get("maxrecords")).toBe("30");
  });
});
