import type { BillingCliText } from "./types.ts";

export const de: BillingCliText = {
  packagesTitle: "Guthabenpakete (Systemeinstellungen)",
  noPackages: "Es werden keine Guthabenpakete angeboten.",
  purchasesTitle: (total) => `Käufe (${total})`,
  noPurchases: "Noch keine Käufe.",
  popular: "beliebt",
  defaultSelected: "standardmäßig ausgewählt",
  columns: {
    credits: "GUTHABEN",
    price: "PREIS",
    perCredit: "PRO CREDIT",
    note: "HINWEIS",
    time: "ZEIT",
    user: "BENUTZER",
    amount: "BETRAG",
    status: "STATUS",
    refunded: "ERSTATTETE CREDITS",
    receipt: "BELEG",
  },
  statuses: {
    pending: "ausstehend",
    succeeded: "bezahlt",
    failed: "fehlgeschlagen",
    canceled: "abgebrochen",
    refunded: "erstattet",
    partially_refunded: "teilweise erstattet",
  },
  notConfigured: "Kartenzahlungen sind in dieser Installation nicht eingerichtet (STRIPE_SECRET_KEY ist nicht gesetzt).",
};
