/**
 * A failure with the HTTP status and the message a user should read; the server answers it as JSON { error }. Fields
 * give a client what the sentence says in a form it can act on without reading it (the id of the case a refusal is
 * about, how many hits are undecided): they are answered beside { error }, which they never replace.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 429 | 500,
    message: string,
    readonly retryAfterSeconds?: number,
    readonly fields?: Readonly<Record<string, string | number | boolean | null>>,
  ) {
    super(message);
  }
}
