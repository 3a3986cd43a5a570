/**
 * Loopback stand-ins for the news services, answering in their real formats: GDELT DOC 2.0 ArtList JSON and
 * Google News RSS 2.0. Each records the requests it got and can be switched into a failure mode.
 */
import type { Server } from "bun";

/** An article as GDELT's ArtList lists it. */
export interface GdeltArticle {
  url: string;
  url_mobile?: string;
  title: string;
  /** yyyyMMddTHHmmssZ */
  seendate: string;
  socialimage?: string;
  domain: string;
  /** GDELT's English name of the language: "English", "German". */
  language: string;
  sourcecountry: string;
}

/** An item as Google News RSS lists it. */
export interface GoogleNewsItem {
  title: string;
  link: string;
  pubDate: Date | string;
  source: string;
  sourceUrl: string;
  /** The description's HTML; by default the headline linked, then the publisher, as Google writes it. */
  descriptionHtml?: string;
}

/**
 * normal: answer; error: HTTP 500; malformed: a broken body in the service's own content type;
 * html-error: GDELT's way of refusing a query (HTTP 200, text/html); rate-limited: HTTP 429;
 * hang: accept the request and never answer; stall-body: send the headers and half the body, then stall.
 */
export type NewsServerMode = "normal" | "error" | "malformed" | "html-error" | "rate-limited" | "hang" | "stall-body";

export type NewsHandler = (url: URL) => Response | Promise<Response>;

export interface NewsServer {
  /** The endpoint to configure as the provider's base URL. */
  url: string;
  requests: URL[];
  mode: NewsServerMode;
  stop(): Promise<void>;
}

const never = () => new Promise<Response>(() => {});

function stalledBody(body: string, contentType: string): Response {
  const half = new TextEncoder().encode(body.slice(0, Math.floor(body.length / 2)));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(half);
      // Never closed: the client sees headers and half the body, then silence.
    },
  });
  return new Response(stream, { headers: { "content-type": contentType } });
}

function start(path: string, answer: NewsHandler, broken: { body: string; contentType: string }): NewsServer {
  const requests: URL[] = [];
  const state: NewsServer = { url: "", requests, mode: "normal", stop: async () => {} };
  const server: Server<undefined> = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 30,
    async fetch(request) {
      const url = new URL(request.url);
      requests.push(url);
      if (url.pathname !== path) return new Response("not found", { status: 404 });
      switch (state.mode) {
        case "error":
          return new Response("<html><body><h1>500 Internal Server Error</h1></body></html>", {
            status: 500,
            headers: { "content-type": "text/html" },
          });
        case "rate-limited":
          return new Response("Please limit requests to one every 5 seconds.", { status: 429, headers: { "content-type": "text/plain" } });
        case "html-error":
          return new Response("The specified phrase is too short.", { headers: { "content-type": "text/html; charset=utf-8" } });
        case "malformed":
          return new Response(broken.body, { headers: { "content-type": broken.contentType } });
        case "hang":
          return never();
        case "stall-body": {
          const full = await answer(url);
          return stalledBody(await full.text(), full.headers.get("content-type") ?? "text/plain");
        }
        default:
          return answer(url);
      }
    },
  });
  state.url = `http://127.0.0.1:${server.port}${path}`;
  state.stop = async () => {
    await server.stop(true);
  };
  return state;
}

/** The phrase inside the first pair of double quotes of a query ("John Smith" sourcelang:english -> John Smith). */
export function quotedPhrase(query: string): string {
  return /"([^"]*)"/.exec(query)?.[1] ?? query;
}

const operator = (query: string, name: string) => new RegExp(`(?:^|\\s)${name}:(\\S+)`, "i").exec(query)?.[1] ?? null;

/**
 * GDELT DOC 2.0 on loopback, at /api/v2/doc/doc. Given articles by phrase, it answers like GDELT does: only
 * mode=ArtList&format=json, filtered by sourcelang, newest first for sort=DateDesc, cut to maxrecords, and an
 * empty object when nothing matches.
 */
export function startGdeltServer(source: Record<string, GdeltArticle[]> | NewsHandler): NewsServer {
  const answer: NewsHandler =
    typeof source === "function"
      ? source
      : (url) => {
          const query = url.searchParams.get("query") ?? "";
          if (url.searchParams.get("mode")?.toLowerCase() !== "artlist" || url.searchParams.get("format") !== "json") {
            return new Response("Invalid mode or format.", { headers: { "content-type": "text/html" } });
          }
          let articles = [...(source[quotedPhrase(query)] ?? [])];
          const lang = operator(query, "sourcelang");
          if (lang) articles = articles.filter((a) => a.language.toLowerCase().replace(/\s/g, "") === lang.toLowerCase());
          if (url.searchParams.get("sort")?.toLowerCase() === "datedesc") articles.sort((a, b) => b.seendate.localeCompare(a.seendate));
          articles = articles.slice(0, Number(url.searchParams.get("maxrecords") ?? 75));
          return Response.json(articles.length ? { articles } : {});
        };
  return start("/api/v2/doc/doc", answer, {
    body: '{"articles": [{"url": "https://example.com/a", "title": "Cut off',
    contentType: "application/json; charset=utf-8",
  });
}

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A Google News RSS document for these items, shaped like the real feed. */
export function googleNewsRss(query: string, items: GoogleNewsItem[], hl = "en-US"): string {
  const entries = items.map((item) => {
    const pubDate = typeof item.pubDate === "string" ? item.pubDate : item.pubDate.toUTCString();
    const headline = `${item.title} - ${item.source}`;
    const description =
      item.descriptionHtml ??
      `<a href="${item.link}" target="_blank">${xmlEscape(headline)}</a>&nbsp;&nbsp;<font color="#6f6f6f">${xmlEscape(item.source)}</font>`;
    const guid = item.link.split("/").pop()?.split("?")[0] ?? item.link;
    return [
      "<item>",
      `<title>${xmlEscape(headline)}</title>`,
      `<link>${xmlEscape(item.link)}</link>`,
      `<guid isPermaLink="false">${xmlEscape(guid)}</guid>`,
      `<pubDate>${pubDate}</pubDate>`,
      `<description>${xmlEscape(description)}</description>`,
      `<source url="${xmlEscape(item.sourceUrl)}">${xmlEscape(item.source)}</source>`,
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>',
    "<generator>NFE/5.0</generator>",
    `<title>${xmlEscape(query)} - Google News</title>`,
    `<link>https://news.google.com/search?q=${encodeURIComponent(query)}&amp;hl=${hl}</link>`,
    `<language>${hl}</language>`,
    "<webMaster>news-webmaster@google.com</webMaster>",
    "<copyright>Copyright © 2025 Google. All rights reserved.</copyright>",
    `<lastBuildDate>${new Date().toUTCString()}</lastBuildDate>`,
    "<description>Google News</description>",
    ...entries,
    "</channel></rss>",
  ].join("");
}

/** Google News RSS search on loopback, at /rss/search, with items by phrase (the q parameter without quotes). */
export function startGoogleNewsServer(source: Record<string, GoogleNewsItem[]> | NewsHandler): NewsServer {
  const answer: NewsHandler =
    typeof source === "function"
      ? source
      : (url) => {
          const q = url.searchParams.get("q") ?? "";
          const rss = googleNewsRss(q, source[quotedPhrase(q)] ?? [], url.searchParams.get("hl") ?? "en-US");
          return new Response(rss, { headers: { "content-type": "application/xml; charset=utf-8" } });
        };
  return start("/rss/search", answer, {
    body: '<?xml version="1.0"?><rss version="2.0"><channel><item><title>Cut off</title><link>https://news.google.com/rss/articles/x',
    contentType: "application/xml; charset=utf-8",
  });
}

/**
 * The GDELT answers the batch tests share: one article about Rustam Karimov, a 500 page for "Broken Subject" (with
 * no list data, that row fails) and no article for anyone else.
 */
export function batchGdeltAnswer(url: URL): Response {
  const phrase = quotedPhrase(url.searchParams.get("query") ?? "");
  if (phrase === "Broken Subject")
    return new Response("<html><h1>500 Internal Server Error</h1></html>", { status: 500, headers: { "content-type": "text/html" } });
  if (phrase !== "Rustam Karimov") return Response.json({});
  return Response.json({
    articles: [
      {
        title: "Rustam Karimov charged with money laundering",
        url: "https://news.example/karimov-charged",
        seendate: "20250301T100000Z",
        domain: "news.example",
        language: "English",
        sourcecountry: "United Kingdom",
      },
    ],
  });
}
