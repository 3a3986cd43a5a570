import type { CreditBalance } from "../../../lib/auth/schemas.ts";

type TransactionType = CreditBalance["transactions"][number]["type"];

/** Translation keys of the credit transaction types. */
export const TRANSACTION_TYPE_KEYS: Record<TransactionType, string> = {
  manual_search: "credits.type.manual_search",
  automatic_search: "credits.type.automatic_search",
  credit_purchase: "credits.type.credit_purchase",
  credit_bonus: "credits.type.credit_bonus",
  admin_credit: "credits.type.admin_credit",
  credit_refund: "credits.type.credit_refund",
};
