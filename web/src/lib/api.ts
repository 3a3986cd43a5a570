import { observedFetch } from "../service-status/status-store";

/**
 * JSON helper for the duecheck API (spec part 1 section 7): sends cookies and a JSON content type; on a
 * non-OK answer it reads the body, parses it as JSON or wraps the text (or status text) as {error}, and
 * throws an ApiError whose message is the error text.
 */
export type ApiErrorBody = { error?: string; errors?: unknown[]; [key: string]: unknown };

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  /** The server's own text ({error}, else the first of {errors}), if it sent one. */
  readonly serverMessage: string | undefined;

  constructor(status: number, body: ApiErrorBody) {
    const serverMessage = errorText(body);
    super(serverMessage ?? `${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage;
  }
}

function errorText(body: ApiErrorBody): string | undefined {
  if (typeof body.error === "string" && body.error) return body.error;
  const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
  if (typeof first === "string" && first) return first;
  if (first && typeof first === "object" && "message" in first && typeof first.message === "string") {
    return first.message;
  }
  return undefined;
}

async function readErrorBody(res: Response): Promise<ApiErrorBody> {
  const text = await res.text().catch(() => "");
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as ApiErrorBody;
  } catch {
    // not JSON: fall through and wrap the text
  }
  return { error: text || res.statusText || `Request failed with status ${res.status}` };
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await observedFetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new ApiError(res.status, await readErrorBody(res));
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The server's error text of a failed call, or undefined (network failure, empty body): callers add a fallback. */
export function serverErrorText(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
