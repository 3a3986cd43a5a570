/**
 * Why credits changed, stored as a code with its facts (credit_transactions.description_code and _params), so
 * each screen words it in the reader's language. The English text is stored beside it for the API and the CLI.
 */
import type { CreditTransactionType } from "./ledger.ts";

export type CreditReason = { code: "welcome" } | { code: "cli_credit" } | { code: "search"; params: { searchTerm: string } };

export type CreditDescriptionCode = CreditReason["code"];

export const creditReasons = {
  welcome: (): CreditReason => ({ code: "welcome" }),
  cliCredit: (): CreditReason => ({ code: "cli_credit" }),
  search: (searchTerm: string): CreditReason => ({ code: "search", params: { searchTerm } }),
};

export function englishDescription(type: CreditTransactionType, reason: CreditReason): string {
  switch (reason.code) {
    case "welcome":
      return "Welcome credits";
    case "cli_credit":
      return "Added from the command line";
    case "search":
      return `${type === "automatic_search" ? "Automatic" : "Manual"} search: ${reason.params.searchTerm}`;
  }
}
