import { DuecheckError, serverErrorText } from "@duecheck/react/api/errors";
import type { TFunction } from "i18next";

/**
 * A refusal in the reader's words. One that counts (the hits still undecided when closing a case) is worded from the
 * count the server sends beside its sentence; any other is the server's sentence as lib/i18n words it in the
 * reader's language, else as sent; no sentence at all reads as the fallback.
 */
export function refusalWords(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof DuecheckError && typeof error.body.undecidedHits === "number") {
    return t("refusals.undecidedHits", { count: error.body.undecidedHits });
  }
  return t(serverErrorText(error) ?? fallback);
}
