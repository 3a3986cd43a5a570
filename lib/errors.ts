/** A failure with the HTTP status and the message a user should read; the server answers it as JSON. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 429 | 500,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
