import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../context.ts";

export const SESSION_COOKIE = "duecheck_session";
export const BROWSER_COOKIE = "duecheck_browser";

function options(c: Context<AppEnv>, expires: Date) {
  return { httpOnly: true, sameSite: "Lax", secure: c.get("secureRequest"), path: "/", expires } as const;
}

/** The session cookie lives as long as the absolute cap; the server enforces the idle expiry. */
export function setSessionCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, SESSION_COOKIE, token, options(c, new Date(Date.now() + 30 * 86_400_000)));
}

export function setBrowserCookie(c: Context<AppEnv>, token: string, expires: Date) {
  setCookie(c, BROWSER_COOKIE, token, options(c, expires));
}

export const readSessionCookie = (c: Context<AppEnv>) => getCookie(c, SESSION_COOKIE);
export const readBrowserCookie = (c: Context<AppEnv>) => getCookie(c, BROWSER_COOKIE);
export const clearSessionCookie = (c: Context<AppEnv>) => deleteCookie(c, SESSION_COOKIE, { path: "/" });
