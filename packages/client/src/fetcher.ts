/**
 * The one fetch every generated call goes through (orval's mutator): the client's server address before the path,
 * its API key as the bearer, and an answer that is not a success thrown as a DuecheckApiError with the server's
 * `error` message. The generated functions take this file's options as their last argument.
 */

/** Where a client sends its calls and how it authenticates. */
export interface ClientConfig {
  /** The duecheck server's address, e.g. https://duecheck.example.com (the API is under /api/v1). */
  server: string;
  /** An API key (dck_...) or an embed token (dce_...). */
  apiKey: string;
  /** A fetch of your own (a proxy, a test's); the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** An answer of the server that is not a success: its HTTP status and the server's `error` message. */
export class DuecheckApiError extends Error {
  readonly status: number;
  /** The answer's body as JSON, when it was JSON (a 503 of the list search carries `lists`). */
  readonly body: unknown;
  /** Seconds to wait before trying again, on a 429. */
  readonly retryAfter: number | null;
  constructor(status: number, message: string, body: unknown, retryAfter: number | null) {
    super(message);
    this.name = "DuecheckApiError";
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/** A server that did not answer (refused, unknown host, timed out): the address tried and why. */
export class DuecheckConnectionError extends Error {
  readonly server: string;
  constructor(server: string, cause: unknown) {
    super(`Could not reach the duecheck server at ${server}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "DuecheckConnectionError";
    this.server = server;
  }
}

/**
 * The options every generated call takes last: anything fetch takes, and the client's configuration (createClient's
 * functions add it; a generated function called directly must be given it).
 */
export type CallOptions = RequestInit & { client?: ClientConfig };

const stripSlash = (url: string) => url.replace(/\/+$/, "");

/** The API's base: the server's address with /api/v1 (given or not). */
export const apiBase = (server: string) => {
  const base = stripSlash(server);
  return base.endsWith("/api/v1") ? base : `${base}/api/v1`;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls the API; a success answers its body (a Blob for a file), anything else throws. */
export async function duecheckFetch<T>(path: string, { client, headers, ...init }: CallOptions = {}): Promise<T> {
  if (!client) throw new TypeError("No server to call: use the functions of createClient({ server, apiKey })");
  const request = new Headers(headers);
  request.set("authorization", `Bearer ${client.apiKey}`);
  request.set("accept", "application/json");
  let response: Response;
  try {
    response = await (client.fetch ?? fetch)(`${apiBase(client.server)}${path}`, { ...init, headers: request });
  } catch (error) {
    throw new DuecheckConnectionError(stripSlash(client.server), error);
  }
  const type = response.headers.get("content-type") ?? "";
  if (response.ok && !type.includes("json")) return (await response.blob()) as T;
  const body = await readBody(response);
  if (response.ok) return body as T;
  const said = body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : null;
  const retryAfter = response.headers.get("retry-after");
  throw new DuecheckApiError(response.status, said ?? `HTTP ${response.status} ${response.statusText}`.trim(), body, retryAfter ? Number(retryAfter) : null);
}
