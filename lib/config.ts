import { resolve } from "node:path";
import { z } from "zod";
import { type AddressRange, parseRange } from "./net/addresses.ts";

export const PROJECT_ROOT = resolve(import.meta.dir, "..");

const envSchema = z.object({
  DATABASE_URL: z.string().startsWith("postgres", "DATABASE_URL must be a postgres:// URL").optional(),
  DUECHECK_DATA_DIR: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().optional(),
  DUECHECK_SECRET: z.string().min(16, "DUECHECK_SECRET must be at least 16 characters").optional(),
  DUECHECK_ADMIN_EMAIL: z.email("DUECHECK_ADMIN_EMAIL must be an email address").optional(),
  DUECHECK_ADMIN_PASSWORD: z.string().min(8, "DUECHECK_ADMIN_PASSWORD must be at least 8 characters").optional(),
  DUECHECK_TRUST_PROXY: z.enum(["0", "1", "true", "false"]).optional(),
  DUECHECK_TRUSTED_PROXIES: z
    .string()
    .transform((value, ctx) => {
      const entries = value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      const ranges = entries.map(parseRange);
      const bad = entries.filter((_, i) => !ranges[i]);
      if (bad.length > 0 || entries.length === 0) {
        ctx.addIssue({
          code: "custom",
          message: `DUECHECK_TRUSTED_PROXIES must be IP addresses or CIDR ranges separated by commas, e.g. 10.0.0.0/8,2001:db8::/32${bad.length ? ` (not one: ${bad.join(", ")})` : ""}`,
        });
        return z.NEVER;
      }
      return ranges as AddressRange[];
    })
    .optional(),
  DUECHECK_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "DUECHECK_PUBLIC_URL must be an http:// or https:// URL, e.g. https://duecheck.example.com" })
    .refine((value) => {
      // not a URL at all is already said by the check above
      const url = URL.canParse(value) ? new URL(value) : null;
      return !url || (!url.search && !url.hash && !url.username && !url.password);
    }, "DUECHECK_PUBLIC_URL must be the app's address only: no query, fragment or credentials")
    .optional(),
  DUECHECK_SMTP_URL: z.url({ protocol: /^smtps?$/, error: "DUECHECK_SMTP_URL must be an smtp:// or smtps:// URL" }).optional(),
  DUECHECK_MAIL_FROM: z.string().min(3, "DUECHECK_MAIL_FROM must be a sender address").optional(),
});

/**
 * The app's public address (DUECHECK_PUBLIC_URL) without a trailing slash, e.g. "https://duecheck.example.com" or
 * "https://example.com/duecheck"; null when unset. Links that leave the app (exports, webhook payloads, the OpenAPI
 * document's server) are written absolute with it. Checked when the app starts (loadConfig), so it is valid here.
 */
export function publicBaseUrl(env: Record<string, string | undefined> = process.env): string | null {
  const value = env.DUECHECK_PUBLIC_URL?.trim();
  if (!value) return null;
  const parsed = envSchema.shape.DUECHECK_PUBLIC_URL.safeParse(value);
  if (!parsed.success || !parsed.data) throw new Error(`Configuration error: ${parsed.error?.issues.map((i) => i.message).join("; ")}`);
  return parsed.data.replace(/\/+$/, "");
}

export interface AppConfig {
  databaseUrl?: string;
  dataDir: string;
  port: number;
  host: string;
  secret?: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Read the client address, scheme and host from X-Forwarded-For, -Proto and -Host sent by a trusted proxy. */
  trustProxy: boolean;
  /** DUECHECK_TRUSTED_PROXIES: the proxies trusted; empty, the connection's peer alone (lib/net/forwarded.ts). */
  trustedProxies: AddressRange[];
  /** DUECHECK_PUBLIC_URL without a trailing slash (publicBaseUrl()). */
  publicUrl: string | null;
  /** Outgoing mail (password resets, invitations, email confirmation); both, and publicUrl, are needed for mail. */
  smtpUrl?: string;
  mailFrom?: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) throw new Error(`Configuration error: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  const e = parsed.data;
  const trustProxy = e.DUECHECK_TRUST_PROXY === "1" || e.DUECHECK_TRUST_PROXY === "true";
  if (e.DUECHECK_TRUSTED_PROXIES && !trustProxy) {
    throw new Error("Configuration error: DUECHECK_TRUSTED_PROXIES is set but DUECHECK_TRUST_PROXY is not 1: set both to read proxy headers");
  }
  // A mailed link must point at the app whoever asks for it; the Host header is the client's to choose, so the link
  // cannot be built from the request.
  if (e.DUECHECK_SMTP_URL && !e.DUECHECK_PUBLIC_URL) {
    throw new Error(
      "Configuration error: DUECHECK_SMTP_URL needs DUECHECK_PUBLIC_URL: mailed links (password resets, invitations, email confirmation) are built from the public address only, never from the request's Host header, which the client chooses",
    );
  }
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DUECHECK_DATA_DIR ?? resolve(PROJECT_ROOT, ".duecheck")),
    port: e.PORT ?? 3000,
    host: e.HOST ?? "127.0.0.1",
    secret: e.DUECHECK_SECRET,
    adminEmail: e.DUECHECK_ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.DUECHECK_ADMIN_PASSWORD,
    trustProxy,
    trustedProxies: e.DUECHECK_TRUSTED_PROXIES ?? [],
    publicUrl: publicBaseUrl({ DUECHECK_PUBLIC_URL: e.DUECHECK_PUBLIC_URL }),
    smtpUrl: e.DUECHECK_SMTP_URL,
    mailFrom: e.DUECHECK_MAIL_FROM,
  };
}

/**
 * The base of links made outside a request and printed, never mailed (the CLI's reset links): DUECHECK_PUBLIC_URL
 * when set, else the local server's own address, http://127.0.0.1:$PORT.
 */
export function localLinkBaseUrl(env: Record<string, string | undefined> = process.env): string {
  const port = Number(env.PORT) > 0 ? Number(env.PORT) : 3000;
  return publicBaseUrl(env) ?? `http://127.0.0.1:${port}`;
}
