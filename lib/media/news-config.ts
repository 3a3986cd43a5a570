/**
 * Which news providers run and where they live, from the environment:
 *   DUECHECK_NEWS_PROVIDERS         comma list of gdelt, google-news (default both; "none" for no provider)
 *   DUECHECK_GDELT_URL              GDELT DOC 2.0 endpoint
 *   DUECHECK_GOOGLE_NEWS_URL        Google News RSS search endpoint
 *   DUECHECK_NEWS_TIMEOUT_MS        per-request timeout (default 10000)
 *   DUECHECK_GDELT_TIMESPAN         GDELT timespan (default 3months, the most the API searches)
 *   DUECHECK_GDELT_MIN_INTERVAL_MS  spacing between GDELT requests of this process (default 5000; 0 = none)
 */
import { z } from "zod";
import { GDELT_DEFAULT_MIN_INTERVAL_MS, GDELT_DEFAULT_TIMESPAN, GDELT_DEFAULT_URL, GdeltProvider } from "./gdelt-provider";
import { GOOGLE_NEWS_DEFAULT_URL, GoogleNewsProvider } from "./google-news-provider";
import type { NewsProvider } from "./news-article";

export const NEWS_PROVIDER_IDS = ["gdelt", "google-news"] as const;
export type NewsProviderId = (typeof NEWS_PROVIDER_IDS)[number];

export interface NewsConfig {
  providers: NewsProviderId[];
  gdeltUrl: string;
  googleNewsUrl: string;
  timeoutMs: number;
  gdeltTimespan: string;
  gdeltMinIntervalMs: number;
}

const httpUrl = (name: string) => z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` });

const envSchema = z.object({
  DUECHECK_NEWS_PROVIDERS: z
    .string()
    .transform((value, ctx) => {
      const names = value
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      if (names.length === 1 && names[0] === "none") return [];
      const unknown = names.filter((n) => !(NEWS_PROVIDER_IDS as readonly string[]).includes(n));
      if (unknown.length) {
        ctx.addIssue({
          code: "custom",
          message: `DUECHECK_NEWS_PROVIDERS: unknown provider ${unknown.join(", ")} (known: ${NEWS_PROVIDER_IDS.join(", ")}, or "none")`,
        });
        return z.NEVER;
      }
      return [...new Set(names)] as NewsProviderId[];
    })
    .optional(),
  DUECHECK_GDELT_URL: httpUrl("DUECHECK_GDELT_URL").optional(),
  DUECHECK_GOOGLE_NEWS_URL: httpUrl("DUECHECK_GOOGLE_NEWS_URL").optional(),
  DUECHECK_NEWS_TIMEOUT_MS: z.coerce.number({ error: "DUECHECK_NEWS_TIMEOUT_MS must be a number" }).int().min(100).max(120_000).optional(),
  DUECHECK_GDELT_TIMESPAN: z
    .string()
    .regex(/^\d+(min|minutes?|h|hours?|d|days?|w|weeks?|m|months?)$/i, "DUECHECK_GDELT_TIMESPAN must look like 3months, 2w, 7d or 24h")
    .optional(),
  DUECHECK_GDELT_MIN_INTERVAL_MS: z.coerce.number({ error: "DUECHECK_GDELT_MIN_INTERVAL_MS must be a number" }).int().min(0).max(60_000).optional(),
});

export function loadNewsConfig(env: Record<string, string | undefined> = process.env): NewsConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k, v]) => k in envSchema.shape && v !== undefined && v.trim() !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) throw new Error(`Configuration error: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  const e = parsed.data;
  return {
    providers: e.DUECHECK_NEWS_PROVIDERS ?? [...NEWS_PROVIDER_IDS],
    gdeltUrl: e.DUECHECK_GDELT_URL ?? GDELT_DEFAULT_URL,
    googleNewsUrl: e.DUECHECK_GOOGLE_NEWS_URL ?? GOOGLE_NEWS_DEFAULT_URL,
    timeoutMs: e.DUECHECK_NEWS_TIMEOUT_MS ?? 10_000,
    gdeltTimespan: e.DUECHECK_GDELT_TIMESPAN ?? GDELT_DEFAULT_TIMESPAN,
    gdeltMinIntervalMs: e.DUECHECK_GDELT_MIN_INTERVAL_MS ?? GDELT_DEFAULT_MIN_INTERVAL_MS,
  };
}

export function createNewsProviders(config: NewsConfig): NewsProvider[] {
  return config.providers.map((id) =>
    id === "gdelt"
      ? new GdeltProvider({
          baseUrl: config.gdeltUrl,
          timeoutMs: config.timeoutMs,
          timespan: config.gdeltTimespan,
          minIntervalMs: config.gdeltMinIntervalMs,
        })
      : new GoogleNewsProvider({ baseUrl: config.googleNewsUrl, timeoutMs: config.timeoutMs }),
  );
}
