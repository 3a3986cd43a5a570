import type { WebhookCliText } from "./types.ts";

export const es: WebhookCliText = {
  created: (id, url) => `Webhook ${id} creado para ${url}`,
  secret: (secret) => `Secreto de firma: ${secret}`,
  secretOnce: "Guarde el secreto ahora: no se volverá a mostrar. Los receptores verifican con él la cabecera duecheck-signature.",
  removed: (id) => `Webhook ${id} eliminado`,
  notFound: (id) => `Este usuario no tiene el webhook ${id}`,
  eventsInvalid: (value, events) => `--events debe ser una lista separada por comas de ${events}; se recibió '${value}'`,
  columns: { url: "URL", events: "EVENTOS", enabled: "ACTIVO", lastDelivery: "ÚLTIMA ENTREGA", created: "CREADO", id: "ID", event: "EVENTO", status: "ESTADO", attempts: "INTENTOS", code: "CÓDIGO", time: "HORA", error: "ERROR" },
  yes: "sí",
  no: "no",
  statuses: { pending: "pendiente", delivered: "entregado", failed: "fallido" },
  empty: "Aún no hay webhooks. Cree uno con: duecheck webhooks add URL --events search.completed",
  noDeliveries: "Aún no hay entregas.",
  deliveriesTitle: (url, total) => `Entregas a ${url} (${total})`,
};
