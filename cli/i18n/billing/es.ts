import type { BillingCliText } from "./types.ts";

export const es: BillingCliText = {
  packagesTitle: "Paquetes de créditos (configuración del sistema)",
  noPackages: "No se ofrece ningún paquete de créditos.",
  purchasesTitle: (total) => `Compras (${total})`,
  noPurchases: "Todavía no hay compras.",
  popular: "popular",
  defaultSelected: "seleccionado por defecto",
  columns: {
    credits: "CRÉDITOS",
    price: "PRECIO",
    perCredit: "POR CRÉDITO",
    note: "NOTA",
    time: "FECHA",
    user: "USUARIO",
    amount: "IMPORTE",
    status: "ESTADO",
    refunded: "CRÉDITOS REEMBOLSADOS",
    receipt: "RECIBO",
  },
  statuses: {
    pending: "pendiente",
    succeeded: "pagada",
    failed: "fallida",
    canceled: "cancelada",
    refunded: "reembolsada",
    partially_refunded: "reembolsada en parte",
  },
  notConfigured: "Los pagos con tarjeta no están configurados en esta instalación (STRIPE_SECRET_KEY no está definida).",
};
