/**
 * Embed tokens and the origins allowed to use them: the requests, validated at the edge (server, CLI) and by the web's form
 * (zod and the WHATWG URL parser only: the web bundle includes this file).
 */
import { z } from "zod";
import { text } from "../validation/text.ts";

/**
 * What an embed token may do. "screening": start a search and read the searches of the token's owner. "decisions":
 * also decide their hits (true match or false positive); only when the owner's backend asks for it, since a decision
 * clears or confirms a hit in the owner's name.
 */
export const EMBED_SCOPES = ["screening", "decisions"] as const;
export type EmbedScope = (typeof EMBED_SCOPES)[number];
/** The scopes of a token whose request names none. */
export const DEFAULT_EMBED_SCOPES: readonly EmbedScope[] = ["screening"];

/** Lifetime of an embed token in seconds: 15 minutes unless asked, from 1 minute to 1 hour. */
export const EMBED_TOKEN_TTL = { defaultSeconds: 900, minSeconds: 60, maxSeconds: 3600 } as const;

/** Origins one account may allow. */
export const MAX_EMBED_ORIGINS = 20;

/** Hosts served over plain http for development only. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** A DNS name (letters, digits, hyphens, dots; punycode after URL parsing), an IPv4 address or a bracketed IPv6 one. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?$|^\[[0-9a-f:.]+\]$/;

export const ORIGIN_EXAMPLE = "https://app.example.com";

/**
 * An origin as browsers send it in the Origin header: scheme://host[:port], lower-cased, without the default port, a
 * path, a query or credentials (a trailing "/" is accepted and dropped). https only, except http://localhost,
 * http://127.0.0.1 and http://[::1] for development. Answers the normalised origin, or the problem in words.
 */
export function normaliseOrigin(value: string): { origin: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: `Origin must be an address such as ${ORIGIN_EXAMPLE}` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { problem: `Origin must be an address such as ${ORIGIN_EXAMPLE}` };
  if (url.username || url.password) return { problem: "Origin must not contain a user name or password" };
  if (url.pathname !== "/" || url.search || url.hash || /[?#]/.test(value)) {
    return { problem: "Origin must be only scheme://host[:port], without a path, query or fragment" };
  }
  if (!HOST.test(url.hostname)) return { problem: "Origin must name one host: wildcards are not allowed" };
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname)) {
    return { problem: "Origin must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])" };
  }
  return { origin: url.origin };
}

/** One origin, normalised; an origin is at most 300 characters (a 253-character host, the scheme and a port). */
export const embedOriginSchema = text({ field: "Origin", max: 300, required: "Please enter an origin such as https://app.example.com" })
  .min(1, "Please enter an origin such as https://app.example.com")
  .transform((value, ctx) => {
    const normalised = normaliseOrigin(value);
    if ("problem" in normalised) {
      ctx.addIssue({ code: "custom", message: normalised.problem });
      return z.NEVER;
    }
    return normalised.origin;
  });

/** POST /api/embed/origins. */
export const addEmbedOriginSchema = z.object({ origin: embedOriginSchema });
export type AddEmbedOriginRequest = z.infer<typeof addEmbedOriginSchema>;

/** DELETE /api/embed/origins?origin=... */
export const removeEmbedOriginQuerySchema = z.object({ origin: embedOriginSchema });

/** POST /api/v1/embed-tokens. Unknown fields are refused: a misspelt ttlSeconds would silently give 15 minutes. */
export const createEmbedTokenSchema = z.strictObject(
  {
    ttlSeconds: z
      .number({ error: "ttlSeconds must be a number of seconds" })
      .int("ttlSeconds must be a whole number of seconds")
      .min(EMBED_TOKEN_TTL.minSeconds, `ttlSeconds must be at least ${EMBED_TOKEN_TTL.minSeconds}`)
      .max(EMBED_TOKEN_TTL.maxSeconds, `ttlSeconds must be at most ${EMBED_TOKEN_TTL.maxSeconds} (one hour)`)
      .default(EMBED_TOKEN_TTL.defaultSeconds),
    scopes: z
      .array(z.enum(EMBED_SCOPES, { error: `scopes must be among ${EMBED_SCOPES.join(", ")}` }), { error: "scopes must be a list" })
      .min(1, "scopes must name at least one scope")
      .transform((list) => [...new Set(list)])
      .default([...DEFAULT_EMBED_SCOPES]),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
);
export type CreateEmbedTokenRequest = z.input<typeof createEmbedTokenSchema>;

/** The answer of POST /api/v1/embed-tokens: the token in full (it is never shown again), its end and scopes. */
export const createdEmbedTokenSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  scopes: z.array(z.enum(EMBED_SCOPES)),
});
export type CreatedEmbedToken = z.infer<typeof createdEmbedTokenSchema>;

/** An item of GET /api/embed/origins. */
export const embedOriginViewSchema = z.object({ origin: z.string(), createdAt: z.string() });
export type EmbedOriginView = z.infer<typeof embedOriginViewSchema>;
