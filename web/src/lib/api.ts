import { errorOf } from "@duecheck/react/api/errors";
import { observedFetch } from "../service-status/status-store";

export { serverErrorText } from "@duecheck/react/api/errors";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * JSON helper for the duecheck API: sends cookies and a JSON content type; on a
 * non-OK answer it reads the body, parses it as JSON or wraps the text (or status text) as {error}, and
 * throws a DuecheckError whose message is the error text.
 */
export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await observedFetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await errorOf(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
