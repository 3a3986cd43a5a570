import { AppError } from "../errors.ts";

/**
 * The 429 of a used-up window: which limit (a sentence of its own, a key of lib/i18n) and when to try again. Beside
 * the English text the answer carries the sentence as `refusal` and the wait as `tryAgainMinutes`, so a client words
 * both in its reader's language without reading the English; Retry-After still gives the seconds.
 */
export function tooManyRequests(refusal: string, seconds: number): AppError {
  const minutes = Math.ceil(seconds / 60);
  return new AppError(429, `${refusal} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, seconds, { refusal, tryAgainMinutes: minutes });
}
