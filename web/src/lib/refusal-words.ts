import { DuecheckError, serverErrorText } from "@duecheck/react/api/errors";
import type { TFunction } from "i18next";

/**
 * A refusal in the reader's words, or undefined when the server sent no sentence. One that counts is worded from the
 * count the server sends beside its sentence: the hits still undecided when closing a case, or the minutes to wait
 * after too many attempts (the limit's own sentence is sent as `refusal`, a key of lib/i18n). Any other is the
 * server's sentence as lib/i18n words it in the reader's language, else as sent.
 */
export function serverRefusalWords(t: TFunction, error: unknown): string | undefined {
  if (error instanceof DuecheckError && typeof error.body.undecidedHits === "number") {
    return t("refusals.undecidedHits", { count: error.body.undecidedHits });
  }
  if (error instanceof DuecheckError && typeof error.body.tryAgainMinutes === "number" && typeof error.body.refusal === "string") {
    return `${t(error.body.refusal)} ${t("refusals.tryAgainMinutes", { count: error.body.tryAgainMinutes })}`;
  }
  const sentence = serverErrorText(error);
  return sentence === undefined ? undefined : t(sentence);
}

/** A refusal in the reader's words (serverRefusalWords); no sentence at all reads as the fallback. */
export function refusalWords(t: TFunction, error: unknown, fallback: string): string {
  return serverRefusalWords(t, error) ?? t(fallback);
}
