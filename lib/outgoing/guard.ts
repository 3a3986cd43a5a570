/**
 * The one guard for outgoing requests to URLs a user or an administrator set (webhooks, dataset downloads).
 *
 * A URL is parsed by the WHATWG rules, which turn every IPv4 spelling (2130706433, 0177.0.0.1, 0x7f.0.0.1,
 * 0x7f000001, 127.1) into dotted decimal and IPv6 into its compressed form, so the address check sees one form.
 * A host name is resolved (every address) and refused when any address is not public, unless private networks are
 * allowed. The connection then goes to the address that was checked (the request's own DNS lookup is replaced), so
 * a second, different DNS answer cannot lead it elsewhere (DNS rebinding); TLS still checks the certificate against
 * the URL's host name. Redirects are followed by hand, each hop checked again, at most MAX_REDIRECTS of them.
 * Saving a URL and requesting it give the same message for the same refusal.
 */
import { lookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { nonPublicReason } from "./addresses.ts";

export const MAX_REDIRECTS = 5;

/** A URL the guard will not request; the message says why, in the same words wherever the URL is refused. */
export class OutgoingRefusedError extends Error {}

export interface ResolvedAddress {
  address: string;
  family: number;
}

const ALLOW_HINT = "outgoing requests reach only public addresses unless an administrator allows private networks in the settings";

/** The URL's own problem, before any DNS: not http(s), a user name or password, or an IP literal that is not public. */
export function urlShapeProblem(value: string, allowPrivateNetworks: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "URL must be a valid http:// or https:// address";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "URL must start with http:// or https://";
  if (url.username || url.password) return "URL must not contain a user name or password";
  const bare = bareHost(url.hostname);
  if (!allowPrivateNetworks && isIP(bare)) {
    const reason = nonPublicReason(bare);
    if (reason) return `Refused: ${bare} is a ${reason} address; ${ALLOW_HINT}`;
  }
  return null;
}

const bareHost = (hostname: string) => (hostname.startsWith("[") ? hostname.slice(1, -1) : hostname);

/** The message for a host name that resolves to a non-public address. */
export function resolvedRefusal(hostname: string, address: string, reason: string): string {
  return `Refused: ${hostname} resolves to ${address}, a ${reason} address; ${ALLOW_HINT}`;
}

/** Resolves the host (every address) and throws OutgoingRefusedError when one is not public (unless allowed). */
export async function resolveChecked(url: URL, allowPrivateNetworks: boolean): Promise<ResolvedAddress[]> {
  const shape = urlShapeProblem(url.href, allowPrivateNetworks);
  if (shape) throw new OutgoingRefusedError(shape);
  const host = bareHost(url.hostname);
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Error(`Could not resolve ${host}`);
  if (!allowPrivateNetworks) {
    for (const { address } of addresses) {
      const reason = nonPublicReason(address);
      if (reason) throw new OutgoingRefusedError(resolvedRefusal(host, address, reason));
    }
  }
  return addresses;
}

/**
 * The problem of a URL being saved, or null: its shape, then its DNS answer. A name that does not resolve now is
 * accepted (it may be set up later); the request checks again.
 */
export async function outgoingUrlProblem(value: string, allowPrivateNetworks: boolean): Promise<string | null> {
  const shape = urlShapeProblem(value, allowPrivateNetworks);
  if (shape) return shape;
  try {
    await resolveChecked(new URL(value), allowPrivateNetworks);
    return null;
  } catch (error) {
    return error instanceof OutgoingRefusedError ? error.message : null;
  }
}

export interface GuardedRequestOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  allowPrivateNetworks: boolean;
  /** 0: a 3xx answer is returned as it is (webhooks); otherwise GET redirects are followed, each hop checked. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface GuardedResponse {
  /** The URL that answered (after redirects). */
  url: string;
  response: IncomingMessage;
}

/** One request through the guard. Throws OutgoingRefusedError for a refused hop, and the connection's own errors. */
export async function guardedRequest(target: string, options: GuardedRequestOptions): Promise<GuardedResponse> {
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  let url = new URL(target);
  for (let hop = 0; ; hop++) {
    const addresses = await resolveChecked(url, options.allowPrivateNetworks);
    // IPv4 first, as most servers listen on it (localhost often resolves to ::1 first).
    const pinned = addresses.find((a) => a.family === 4) ?? addresses[0];
    const response = await send(url, pinned, options);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (maxRedirects === 0 || status < 300 || status >= 400 || status === 304 || !location) return { url: url.href, response };
    response.resume();
    if (hop >= maxRedirects) throw new OutgoingRefusedError(`${target} redirected more than ${maxRedirects} times`);
    url = new URL(location, url);
  }
}

function send(url: URL, pinned: ResolvedAddress, options: GuardedRequestOptions): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  const headers = { ...options.headers };
  if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: options.method ?? "GET",
        headers,
        signal: options.signal,
        lookup: ((_host: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) =>
          lookupOptions?.all ? callback(null, [pinned]) : callback(null, pinned.address, pinned.family)) as never,
      },
      resolve,
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
