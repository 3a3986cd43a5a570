import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { GdeltProvider, parseSeenDate } from "../../lib/media/gdelt-provider.ts";
import { GoogleNewsProvider, googleNewsLocale } from "../../lib/media/google-news-provider.ts";
import { NewsProviderError } from "../../lib/media/news-article.ts";
import { type GdeltArticle, type NewsServer, startGdeltServer, startGoogleNewsServer } from "../helpers/news-servers.ts";

const GDELT_ARTICLES: Record<string, GdeltArticle[]> = {
  "Hans Müller": [
    {
      url: "https://www.spiegel.de/wirtschaft/hans-mueller-festgenommen-a-1.html",
      url_mobile: "",
      title: "Hans Müller wegen Geldwäsche festgenommen",
      seendate: "20250301T081500Z",
      socialimage: "https://cdn.spiegel.de/images/1.jpg",
      domain: "spiegel.de",
      language: "German",
      sourcecountry: "Germany",
    },
    {
      url: "https://www.faz.net/aktuell/mueller-bilanz-2.html",
      title: "Müller legt Bilanz vor",
      seendate: "20250310T120000Z",
      domain: "faz.net",
      language: "German",
      sourcecountry: "Germany",
    },
    {
      url: "https://www.reuters.com/world/europe/hans-mueller-3",
      title: "German banker Hans Mueller detained",
      seendate: "20250305T090000Z",
      domain: "reuters.com",
      language: "English",
      sourcecountry: "United Kingdom",
    },
  ],
};

const query = { term: "Hans Müller", language: "de", country: "DE", limit: 10 };

let gdelt: NewsServer;
let google: NewsServer;

beforeAll(() => {
  gdelt = startGdeltServer(GDELT_ARTICLES);
  google = startGoogleNewsServer({
    "Hans Müller": [
      {
        title: "Razzia bei Hans Müller: Ermittler durchsuchen Büros",
        link: "https://news.google.com/rss/articles/CBMiAAA?oc=5",
        pubDate: new Date("2025-03-02T07:30:00Z"),
        source: "tagesschau.de",
        sourceUrl: "https://www.tagesschau.de",
      },
      {
        title: "Hans Müller & Söhne: Insolvenz beantragt",
        link: "https://news.google.com/rss/articles/CBMiBBB?oc=5",
        pubDate: "Mon, 03 Mar 2025 10:00:00 GMT",
        source: "Süddeutsche Zeitung",
        sourceUrl: "https://www.sueddeutsche.de",
        descriptionHtml:
          '<ol><li><a href="https://news.google.com/rss/articles/CBMiBBB" target="_blank">Hans Müller &amp; Söhne: Insolvenz beantragt</a>&nbsp;&nbsp;<font color="#6f6f6f">Süddeutsche Zeitung</font></li><li><a href="https://news.google.com/rss/articles/CBMiCCC" target="_blank">Gläubiger von Hans Müller bangen um ihr Geld</a>&nbsp;&nbsp;<font color="#6f6f6f">Handelsblatt</font></li></ol>',
      },
      {
        title: "Undated item about Hans Müller",
        link: "https://news.google.com/rss/articles/CBMiDDD?oc=5",
        pubDate: "not a date",
        source: "Example",
        sourceUrl: "https://example.com",
      },
    ],
  });
});

afterEach(() => {
  gdelt.mode = "normal";
  google.mode = "normal";
  gdelt.requests.length = 0;
  google.requests.length = 0;
});

afterAll(async () => {
  await gdelt.stop();
  await google.stop();
});

const gdeltProvider = (options: { timeoutMs?: number; minIntervalMs?: number } = {}) =>
  new GdeltProvider({ baseUrl: gdelt.url, timeoutMs: options.timeoutMs ?? 2_000, minIntervalMs: options.minIntervalMs ?? 0 });
const googleProvider = (timeoutMs = 2_000) => new GoogleNewsProvider({ baseUrl: google.url, timeoutMs });

async function failure(promise: Promise<unknown>): Promise<NewsProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(NewsProviderError);
    return error as NewsProviderError;
  }
  throw new Error("expected the search to fail");
}

describe("GDELT DOC 2.0", () => {
  test("sends the quoted phrase with language and country filters, ArtList JSON, newest first", async () => {
    await gdeltProvider().search({ ...query, limit: 30 });
    expect(gdelt.requests).toHaveLength(1);
    const params = gdelt.requests[0].searchParams;
    expect(params.get("query")).toBe('"Hans Müller" sourcelang:german sourcecountry:GM');
    expect(params.get("mode")).toBe("ArtList");
    expect(params.get("format")).toBe("json");
    expect(params.get("maxrecords")).toBe("30");
    expect(params.get("sort")).toBe("DateDesc");
    expect(params.get("timespan")).toBe("3months");
  });

  test("maps ISO countries to GDELT's FIPS codes and languages to GDELT's names", () => {
    const url = (language: string, country?: string) =>
      new URL(gdeltProvider().requestUrl({ term: "Acme", language, country, limit: 5 })).searchParams.get("query");
    expect(url("en", "AU")).toBe('"Acme" sourcelang:english sourcecountry:AS');
    expect(url("de", "AT")).toBe('"Acme" sourcelang:german sourcecountry:AU');
    expect(url("fr", "CH")).toBe('"Acme" sourcelang:french sourcecountry:SZ');
    expect(url("es", "es")).toBe('"Acme" sourcelang:spanish sourcecountry:SP');
    expect(url("en", "GB")).toBe('"Acme" sourcelang:english sourcecountry:UK');
    expect(url("en")).toBe('"Acme" sourcelang:english');
    expect(url("en", "ZZ")).toBe('"Acme" sourcelang:english');
  });

  test("quotes in the term cannot break the phrase, and maxrecords stays within GDELT's 250", () => {
    const url = new URL(gdeltProvider().requestUrl({ term: ' John "Johnny"  Smith ', language: "en", limit: 1000 }));
    expect(url.searchParams.get("query")).toBe('"John Johnny Smith" sourcelang:english');
    expect(url.searchParams.get("maxrecords")).toBe("250");
  });

  test("parses the articles: seendate to ISO, language to its code, the domain as source", async () => {
    const articles = await gdeltProvider().search(query);
    expect(articles).toEqual([
      {
        title: "Müller legt Bilanz vor",
        url: "https://www.faz.net/aktuell/mueller-bilanz-2.html",
        source: "faz.net",
        publishedAt: "2025-03-10T12:00:00.000Z",
        snippet: "",
        language: "de",
      },
      {
        title: "Hans Müller wegen Geldwäsche festgenommen",
        url: "https://www.spiegel.de/wirtschaft/hans-mueller-festgenommen-a-1.html",
        source: "spiegel.de",
        publishedAt: "2025-03-01T08:15:00.000Z",
        snippet: "",
        language: "de",
      },
    ]);
  });

  test("an empty answer ({}) is no articles, not an error", async () => {
    expect(await gdeltProvider().search({ ...query, term: "Nobody Known" })).toEqual([]);
  });

  test("seendate parsing refuses other shapes and impossible dates", () => {
    expect(parseSeenDate("20250301T081500Z")).toBe("2025-03-01T08:15:00.000Z");
    expect(parseSeenDate("2025-03-01")).toBeNull();
    expect(parseSeenDate("20250231T000000Z")).toBeNull();
    expect(parseSeenDate(undefined)).toBeNull();
  });

  test("HTTP 500 is an error naming the status", async () => {
    gdelt.mode = "error";
    const error = await failure(gdeltProvider().search(query));
    expect(error.message).toStartWith("GDELT: answered HTTP 500");
    expect(error.message).toContain("Internal Server Error");
    expect(error).toMatchObject({ code: "http_error", params: { status: 500 } });
  });

  test("a rate limit (429) is an error that says so", async () => {
    gdelt.mode = "rate-limited";
    const error = await failure(gdeltProvider().search(query));
    expect(error.message).toContain("HTTP 429");
    expect(error.message).toContain("one every 5 seconds");
  });

  test("GDELT's refusal of a query (200 with an HTML message) is an error with that message", async () => {
    gdelt.mode = "html-error";
    const error = await failure(gdeltProvider().search(query));
    expect(error.message).toBe("GDELT: answered an error page: The specified phrase is too short.");
  });

  test("a cut-off JSON body is a malformed answer", async () => {
    gdelt.mode = "malformed";
    const error = await failure(gdeltProvider().search(query));
    expect(error.message).toStartWith("GDELT: answered malformed JSON");
  });

  test("JSON of another shape is refused", async () => {
    const odd = startGdeltServer(() => Response.json({ articles: "none" }));
    try {
      const error = await failure(new GdeltProvider({ baseUrl: odd.url, minIntervalMs: 0 }).search(query));
      expect(error.message).toStartWith("GDELT: answered JSON of an unexpected shape");
    } finally {
      await odd.stop();
    }
  });

  test("raw control characters inside titles are tolerated", async () => {
    const raw =
      '{"articles":[{"url":"https://a.example/1","title":"Hans Müller\tfestgenommen","seendate":"20250301T081500Z","domain":"a.example","language":"German","sourcecountry":"Germany"}]}';
    const odd = startGdeltServer(() => new Response(raw, { headers: { "content-type": "application/json" } }));
    try {
      const articles = await new GdeltProvider({ baseUrl: odd.url, minIntervalMs: 0 }).search(query);
      expect(articles.map((a) => a.title)).toEqual(["Hans Müller festgenommen"]);
    } finally {
      await odd.stop();
    }
  });

  test("no answer within the timeout is an error, also when the body stalls half way", async () => {
    for (const mode of ["hang", "stall-body"] as const) {
      gdelt.mode = mode;
      const started = Date.now();
      const error = await failure(gdeltProvider({ timeoutMs: 300 }).search(query));
      expect(error.message).toBe("GDELT: no answer within 0.3 s");
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });

  test("an unreachable address is an error", async () => {
    const closed = startGdeltServer(GDELT_ARTICLES);
    const url = closed.url;
    await closed.stop();
    const error = await failure(new GdeltProvider({ baseUrl: url, minIntervalMs: 0, timeoutMs: 2_000 }).search(query));
    expect(error.message).toStartWith("GDELT: could not be reached");
    expect(error).toMatchObject({ code: "unreachable" });
  });

  test("a cancelled search stops at once", async () => {
    gdelt.mode = "hang";
    const controller = new AbortController();
    const pending = gdeltProvider({ timeoutMs: 5_000 }).search({ ...query, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error.message).toBe("GDELT: the search was cancelled");
  });

  test("requests are spaced by the minimum interval, and a slot too far away fails at once", async () => {
    const spaced = startGdeltServer(GDELT_ARTICLES);
    try {
      const provider = new GdeltProvider({ baseUrl: spaced.url, minIntervalMs: 400, timeoutMs: 2_000 });
      const times: number[] = [];
      await Promise.all([0, 1].map(() => provider.search(query).then(() => times.push(Date.now()))));
      expect(spaced.requests).toHaveLength(2);
      expect(Math.abs(times[1] - times[0])).toBeGreaterThanOrEqual(350);

      // A third and fourth at once: the fourth's slot is 800 ms away, more than half its 1 s timeout.
      const impatient = new GdeltProvider({ baseUrl: spaced.url, minIntervalMs: 400, timeoutMs: 1_000 });
      const outcomes = await Promise.allSettled([impatient.search(query), impatient.search(query), impatient.search(query)]);
      const rejected = outcomes.filter((o) => o.status === "rejected") as PromiseRejectedResult[];
      expect(rejected.length).toBeGreaterThanOrEqual(1);
      expect(String(rejected[0].reason.message)).toContain("too many searches at once");
    } finally {
      await spaced.stop();
    }
  });
});

describe("Google News RSS", () => {
  test("sends the quoted phrase with hl, gl and ceid agreeing", async () => {
    await googleProvider().search(query);
    expect(google.requests).toHaveLength(1);
    const params = google.requests[0].searchParams;
    expect(params.get("q")).toBe('"Hans Müller"');
    expect(params.get("hl")).toBe("de");
    expect(params.get("gl")).toBe("DE");
    expect(params.get("ceid")).toBe("DE:de");
  });

  test("locale for each language and country", () => {
    expect(googleNewsLocale("en")).toEqual({ hl: "en-US", gl: "US", ceid: "US:en" });
    expect(googleNewsLocale("en", "gb")).toEqual({ hl: "en-GB", gl: "GB", ceid: "GB:en" });
    expect(googleNewsLocale("de", "CH")).toEqual({ hl: "de", gl: "CH", ceid: "CH:de" });
    expect(googleNewsLocale("es")).toEqual({ hl: "es", gl: "ES", ceid: "ES:es" });
    expect(googleNewsLocale("es", "MX")).toEqual({ hl: "es-419", gl: "MX", ceid: "MX:es-419" });
    expect(googleNewsLocale("fr")).toEqual({ hl: "fr", gl: "FR", ceid: "FR:fr" });
    expect(googleNewsLocale("fr", "CA")).toEqual({ hl: "fr", gl: "CA", ceid: "CA:fr" });
  });

  test("parses items: publisher removed from the title, entities decoded, dates to ISO, HTML to text", async () => {
    const articles = await googleProvider().search(query);
    expect(articles).toEqual([
      {
        title: "Razzia bei Hans Müller: Ermittler durchsuchen Büros",
        url: "https://news.google.com/rss/articles/CBMiAAA?oc=5",
        source: "tagesschau.de",
        publishedAt: "2025-03-02T07:30:00.000Z",
        snippet: "",
        language: "de",
      },
      {
        title: "Hans Müller & Söhne: Insolvenz beantragt",
        url: "https://news.google.com/rss/articles/CBMiBBB?oc=5",
        source: "Süddeutsche Zeitung",
        publishedAt: "2025-03-03T10:00:00.000Z",
        snippet: "Gläubiger von Hans Müller bangen um ihr Geld Handelsblatt",
        language: "de",
      },
      {
        title: "Undated item about Hans Müller",
        url: "https://news.google.com/rss/articles/CBMiDDD?oc=5",
        source: "Example",
        publishedAt: null,
        snippet: "",
        language: "de",
      },
    ]);
  });

  test("keeps at most the limit", async () => {
    expect(await googleProvider().search({ ...query, limit: 2 })).toHaveLength(2);
  });

  test("a feed without items is no articles", async () => {
    expect(await googleProvider().search({ ...query, term: "Nobody Known" })).toEqual([]);
  });

  test("HTTP 500 is an error naming the status", async () => {
    google.mode = "error";
    const error = await failure(googleProvider().search(query));
    expect(error.message).toStartWith("Google News: answered HTTP 500");
  });

  test("cut-off XML is a malformed answer", async () => {
    google.mode = "malformed";
    const error = await failure(googleProvider().search(query));
    expect(error.message).toStartWith("Google News: answered malformed XML");
  });

  test("well-formed XML that is not RSS is refused", async () => {
    const odd = startGoogleNewsServer(() => new Response("<html><body>Sorry</body></html>", { headers: { "content-type": "text/html" } }));
    try {
      const error = await failure(new GoogleNewsProvider({ baseUrl: odd.url }).search(query));
      expect(error.message).toBe("Google News: answered XML that is not an RSS feed");
    } finally {
      await odd.stop();
    }
  });

  test("no answer within the timeout is an error", async () => {
    google.mode = "hang";
    const error = await failure(googleProvider(300).search(query));
    expect(error.message).toBe("Google News: no answer within 0.3 s");
  });
});
