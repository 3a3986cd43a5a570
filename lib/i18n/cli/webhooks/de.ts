import type { WebhookCliText } from "./types.ts";

export const de: WebhookCliText = {
  created: (id, url) => `Webhook ${id} für ${url} angelegt`,
  secret: (secret) => `Signaturschlüssel: ${secret}`,
  secretOnce: "Speichern Sie den Schlüssel jetzt: er wird nicht noch einmal angezeigt. Empfänger prüfen damit den Header duecheck-signature.",
  removed: (id) => `Webhook ${id} gelöscht`,
  notFound: (id) => `Kein Webhook ${id} dieses Benutzers`,
  eventsInvalid: (value, events) => `--events muss eine durch Kommas getrennte Liste aus ${events} sein, erhalten: '${value}'`,
  columns: { url: "URL", events: "EREIGNISSE", enabled: "AKTIV", lastDelivery: "LETZTE ZUSTELLUNG", created: "ANGELEGT", id: "ID", event: "EREIGNIS", status: "STATUS", attempts: "VERSUCHE", code: "CODE", time: "ZEIT", error: "FEHLER" },
  yes: "ja",
  no: "nein",
  statuses: { pending: "ausstehend", delivered: "zugestellt", failed: "fehlgeschlagen" },
  empty: "Noch keine Webhooks. Legen Sie einen an mit: duecheck webhooks add URL --events search.completed",
  noDeliveries: "Noch keine Zustellungen.",
  deliveriesTitle: (url, total) => `Zustellungen an ${url} (${total})`,
};
