import type { BillingCliText } from "./types.ts";

export const fr: BillingCliText = {
  packagesTitle: "Packs de crédits (paramètres système)",
  noPackages: "Aucun pack de crédits n'est proposé.",
  purchasesTitle: (total) => `Achats (${total})`,
  noPurchases: "Aucun achat pour l'instant.",
  popular: "populaire",
  defaultSelected: "sélectionné par défaut",
  columns: {
    credits: "CRÉDITS",
    price: "PRIX",
    perCredit: "PAR CRÉDIT",
    note: "REMARQUE",
    time: "DATE",
    user: "UTILISATEUR",
    amount: "MONTANT",
    status: "STATUT",
    refunded: "CRÉDITS REMBOURSÉS",
    receipt: "REÇU",
  },
  statuses: {
    pending: "en attente",
    succeeded: "payé",
    failed: "échoué",
    canceled: "annulé",
    refunded: "remboursé",
    partially_refunded: "remboursé en partie",
  },
  notConfigured: "Les paiements par carte ne sont pas configurés sur cette installation (STRIPE_SECRET_KEY n'est pas définie).",
};
