import type { EmbedCliText } from "./types.ts";

export const fr: EmbedCliText = {
  added: (origin) => `Origine ${origin} autorisée : les pages de cette origine peuvent utiliser les jetons d'intégration de cet utilisateur`,
  removed: (origin) => `Origine ${origin} supprimée`,
  notFound: (origin) => `${origin} n'est pas une origine autorisée de cet utilisateur`,
  already: (origin) => `${origin} est déjà autorisée`,
  full: (max) => `Cet utilisateur autorise déjà ${max} origines, le maximum possible. Supprimez-en une d'abord.`,
  columns: { origin: "ORIGINE", added: "AJOUTÉE" },
  empty: "Aucune origine autorisée pour l'instant. Ajoutez-en une avec : duecheck embed origins add https://app.example.com",
};
