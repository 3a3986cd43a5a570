import type { MiddlewareHandler } from "hono";
import type { AppConfig } from "../../lib/config.ts";
import { forwardedHost, forwardedScheme, originOf, type ProxyTrust, proxyTrust, requestSource } from "../../lib/net/forwarded.ts";
import type { AppEnv } from "../context.ts";

const trusts = new WeakMap<AppConfig, ProxyTrust | null>();

function trustOf(config: AppConfig): ProxyTrust | null {
  if (!trusts.has(config)) trusts.set(config, config.trustProxy ? proxyTrust(config.trustedProxies) : null);
  return trusts.get(config) ?? null;
}

/**
 * The client's address, whether the request came over HTTPS and the origin it was addressed to. The X-Forwarded-*
 * headers are read only from a trusted proxy (lib/net/forwarded.ts): from anyone else they are the client's own
 * words, and would choose the address every throttle and the audit log count by.
 */
export const clientInfo: MiddlewareHandler<AppEnv> = async (c, next) => {
  const peer = c.env?.requestIP?.(c.req.raw)?.address;
  const source = requestSource(peer, c.req.header("x-forwarded-for"), trustOf(c.get("ctx").config));
  const url = new URL(c.req.url);
  const scheme = (source.viaTrustedProxy && forwardedScheme(c.req.header("x-forwarded-proto"))) || url.protocol.slice(0, -1);
  const host = (source.viaTrustedProxy && forwardedHost(c.req.header("x-forwarded-host"))) || c.req.header("host") || url.host;
  c.set("clientIp", source.address);
  c.set("secureRequest", scheme === "https");
  c.set("requestOrigin", originOf(scheme, host) ?? url.origin);
  await next();
};
