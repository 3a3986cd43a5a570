import type { TFunction } from "i18next";
import type { CreditBalance } from "../../../lib/auth/schemas.ts";

type Transaction = Pick<CreditBalance["transactions"][number], "description" | "descriptionCode" | "descriptionParams">;

/** Translation keys of the description codes of lib/credits/descriptions.ts. */
const DESCRIPTION_KEYS: Record<string, string> = {
  welcome: "credits.history.descriptionWelcome",
  cli_credit: "credits.history.descriptionCli",
  search: "credits.history.descriptionSearch",
};

/**
 * The description in the reader's language when the server stored a code; otherwise the text as entered (an
 * admin's note, or a row no code was ever given to). Undefined when there is none.
 */
export function transactionDescription(t: TFunction, tx: Transaction): string | undefined {
  const key = tx.descriptionCode ? DESCRIPTION_KEYS[tx.descriptionCode] : undefined;
  if (key) return t(key, tx.descriptionParams ?? {});
  return tx.description || undefined;
}
