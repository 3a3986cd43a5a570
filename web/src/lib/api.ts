import { errorOf } from "@duecheck/react/api/errors";
import { type ClientResponse, hc } from "hono/client";
import type { ApiRoutes } from "../../../server/api.ts";
import { observedFetch } from "../service-status/status-store";

export { serverErrorText } from "@duecheck/react/api/errors";

/**
 * The app's client of its server's /api, made with Hono's `hc` from the routes' own type (server/api.ts): the path,
 * the parameters, the body and the answer of every call are those the route declares, so a change on either side is a
 * type error here. It sends the session cookie, and every call goes through observedFetch (503s are noticed).
 */
export const api = hc<ApiRoutes>("/api", {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => observedFetch(input, { ...init, credentials: "include" }),
  headers: { Accept: "application/json" },
});

/** The JSON a route answers (any of its success statuses). */
type JsonOf<R> = R extends ClientResponse<infer T, number, "json"> ? T : never;

/**
 * The answer of a call, typed by its route. A refusal throws a DuecheckError with the server's text; with
 * `on401: "null"`, a 401 (signed out) reads as null instead.
 */
export async function answer<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<JsonOf<R>>;
export async function answer<R extends ClientResponse<unknown, number, string>>(request: Promise<R>, options: { on401: "null" }): Promise<JsonOf<R> | null>;
export async function answer(request: Promise<ClientResponse<unknown, number, string>>, options?: { on401: "null" }) {
  const res = await request;
  if (options?.on401 === "null" && res.status === 401) return null;
  if (!res.ok) throw await errorOf(res);
  const text = res.status === 204 ? "" : await res.text();
  return text ? JSON.parse(text) : undefined;
}

/** A query's abort signal, as the second argument of a call: a newer filter or an unmounted screen cancels it. */
export const withSignal = (signal?: AbortSignal) => ({ init: { signal } });
