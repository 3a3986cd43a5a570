import type { BillingCliText } from "./types.ts";

export const en: BillingCliText = {
  packagesTitle: "Credit packages (system settings)",
  noPackages: "No credit packages are offered.",
  purchasesTitle: (total) => `Purchases (${total})`,
  noPurchases: "No purchases yet.",
  popular: "popular",
  defaultSelected: "selected by default",
  columns: {
    credits: "CREDITS",
    price: "PRICE",
    perCredit: "PER CREDIT",
    note: "NOTE",
    time: "TIME",
    user: "USER",
    amount: "AMOUNT",
    status: "STATUS",
    refunded: "REFUNDED CREDITS",
    receipt: "RECEIPT",
  },
  statuses: { pending: "pending", succeeded: "paid", failed: "failed", canceled: "canceled", refunded: "refunded", partially_refunded: "partially refunded" },
  notConfigured: "Card payments are not configured on this installation (STRIPE_SECRET_KEY is not set).",
};
