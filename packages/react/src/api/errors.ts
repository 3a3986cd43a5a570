/**
 * The one error of a refused or failed call to a duecheck server, for the package's transport and the app's own
 * calls and queries alike: the HTTP status (0 for a network failure), the body the server sent and its text.
 */

/** The body of a refusal: the server's JSON object, else its text (or status text) as {error}. */
export type ErrorBody = { error?: string; errors?: unknown[]; [key: string]: unknown };

/** A call the server refused (or a network failure, status 0), with the server's own text. */
export class DuecheckError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  /** The server's own text ({error}, else the first of {errors}), if it sent one. */
  readonly serverMessage: string | undefined;
  /** 401: the token expired or is unknown (ask your backend for a new one); 404: not found or not the token owner's. */
  constructor(status: number, message: string, body: ErrorBody = {}) {
    super(message);
    this.name = "DuecheckError";
    this.status = status;
    this.body = body;
    this.serverMessage = errorText(body);
  }
}

/** {error} if it is text, else the first of {errors} (text or {message}). */
export function errorText(body: ErrorBody): string | undefined {
  if (typeof body.error === "string" && body.error) return body.error;
  const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
  if (typeof first === "string" && first) return first;
  if (first && typeof first === "object" && "message" in first && typeof first.message === "string") {
    return first.message;
  }
  return undefined;
}

/**
 * The error of an answer that is not OK: its message is the server's text, else the body, status text or status.
 * Takes any answer that can be read as text (a fetch Response, a Hono client's ClientResponse).
 */
export async function errorOf(response: Pick<Response, "status" | "statusText"> & { text(): Promise<string> }): Promise<DuecheckError> {
  const text = await response.text().catch(() => "");
  const fallback = text || response.statusText || `Request failed with status ${response.status}`;
  let body: ErrorBody = { error: fallback };
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as ErrorBody;
  } catch {
    // not JSON: the text itself
  }
  return new DuecheckError(response.status, errorText(body) ?? fallback, body);
}

/** The server's error text of a failed call, or undefined (network failure, empty body): callers add a fallback. */
export function serverErrorText(error: unknown): string | undefined {
  return error instanceof DuecheckError ? error.serverMessage : undefined;
}
