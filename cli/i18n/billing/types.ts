import type { PurchaseStatus } from "../../../lib/billing/schemas.ts";

/** The words of `duecheck billing`. */
export interface BillingCliText {
  packagesTitle: string;
  noPackages: string;
  purchasesTitle: (total: number) => string;
  noPurchases: string;
  popular: string;
  defaultSelected: string;
  columns: {
    credits: string;
    price: string;
    perCredit: string;
    note: string;
    time: string;
    user: string;
    amount: string;
    status: string;
    refunded: string;
    receipt: string;
  };
  statuses: Record<PurchaseStatus, string>;
  notConfigured: string;
}
