import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";

/** The client's address and whether the request came over HTTPS, trusting proxy headers only when configured. */
export const clientInfo: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { trustProxy } = c.get("ctx").config;
  const forwardedFor = trustProxy ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  c.set("clientIp", forwardedFor || c.env?.requestIP?.(c.req.raw)?.address || null);
  const proto = trustProxy ? c.req.header("x-forwarded-proto") : undefined;
  c.set("secureRequest", (proto ?? new URL(c.req.url).protocol.replace(":", "")) === "https");
  await next();
};
