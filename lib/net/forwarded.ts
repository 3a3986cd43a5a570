/**
 * Who sent a request, and to which origin, when it may have come through reverse proxies. Every X-Forwarded-* header
 * is the client's to write; a proxy only appends to X-Forwarded-For the address it received the request from. So the
 * headers are read only when the connection comes from a trusted proxy, and X-Forwarded-For is read from the right:
 * the entries trusted proxies appended are true, the first one they did not append is the client, and whatever lies
 * left of it is what the client wrote.
 */
import { type AddressRange, normaliseAddress, rangeMatcher } from "./addresses.ts";

export interface ProxyTrust {
  /** Whether the connection's own address is a trusted proxy, whose forwarded headers are read. */
  peer(address: string): boolean;
  /** Whether an X-Forwarded-For entry is a trusted proxy that passed the request on. */
  hop(address: string): boolean;
}

/**
 * The proxies trusted: those in `ranges`; with none listed, the connection's peer alone (one proxy in front, so the
 * client is the last X-Forwarded-For entry, the one that proxy appended).
 */
export function proxyTrust(ranges: readonly AddressRange[]): ProxyTrust {
  if (ranges.length === 0) return { peer: () => true, hop: () => false };
  const inRanges = rangeMatcher(ranges);
  return { peer: inRanges, hop: inRanges };
}

export interface RequestSource {
  /** The client's address (normalised); null when the server was not told the peer's. */
  address: string | null;
  /** The peer is a trusted proxy: its X-Forwarded-Proto and -Host are read. */
  viaTrustedProxy: boolean;
}

/**
 * The client of a request from `peer` (the socket's address). `trust` null: no proxy is trusted and the headers are
 * ignored. An entry that is no address ends the walk at the last trusted hop: nothing left of it can be vouched for.
 */
export function requestSource(peer: string | null | undefined, forwardedFor: string | undefined, trust: ProxyTrust | null): RequestSource {
  const peerAddress = peer ? normaliseAddress(peer) : null;
  if (!trust || !peerAddress || !trust.peer(peerAddress)) return { address: peerAddress, viaTrustedProxy: false };
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  let client = peerAddress;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normaliseAddress(hops[i]);
    if (!hop) break;
    client = hop;
    if (!trust.hop(hop)) break;
  }
  return { address: client, viaTrustedProxy: true };
}

/** The value the nearest proxy wrote: the right-most of a comma-separated header (proxies append). */
const nearest = (header: string | undefined) => header?.split(",").at(-1)?.trim() || null;

/** X-Forwarded-Proto's scheme ("http" or "https"), or null when it says neither. */
export function forwardedScheme(header: string | undefined): "http" | "https" | null {
  const value = nearest(header)?.toLowerCase();
  return value === "http" || value === "https" ? value : null;
}

/** X-Forwarded-Host's host[:port], or null when it is not one. */
export function forwardedHost(header: string | undefined): string | null {
  const value = nearest(header);
  return value && originOf("http", value) ? value : null;
}

/**
 * The origin (scheme, host and port, the default port left out) of `scheme://host`, as browsers write it in Origin;
 * null when `host` is not a bare host[:port].
 */
export function originOf(scheme: string, host: string): string | null {
  if (!host || /[/?#@\\\s]/.test(host)) return null;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}
