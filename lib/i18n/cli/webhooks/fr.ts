import type { WebhookCliText } from "./types.ts";

export const fr: WebhookCliText = {
  created: (id, url) => `Webhook ${id} créé pour ${url}`,
  secret: (secret) => `Secret de signature : ${secret}`,
  secretOnce: "Conservez le secret maintenant : il ne sera plus affiché. Les destinataires vérifient avec lui l’en-tête duecheck-signature.",
  removed: (id) => `Webhook ${id} supprimé`,
  notFound: (id) => `Aucun webhook ${id} pour cet utilisateur`,
  eventsInvalid: (value, events) => `--events doit être une liste séparée par des virgules parmi ${events}, reçu « ${value} »`,
  columns: { url: "URL", events: "ÉVÉNEMENTS", enabled: "ACTIF", lastDelivery: "DERNIER ENVOI", created: "CRÉÉ", id: "ID", event: "ÉVÉNEMENT", status: "STATUT", attempts: "TENTATIVES", code: "CODE", time: "HEURE", error: "ERREUR" },
  yes: "oui",
  no: "non",
  statuses: { pending: "en attente", delivered: "livré", failed: "échoué" },
  empty: "Aucun webhook pour l’instant. Ajoutez-en un avec : duecheck webhooks add URL --events search.completed",
  noDeliveries: "Aucun envoi pour l’instant.",
  deliveriesTitle: (url, total) => `Envois vers ${url} (${total})`,
};
