import type { ListChoiceCliText } from "./types.ts";

export const fr: ListChoiceCliText = {
  enabled: (id) => `${id} est activée : les recherches la consultent et elle est téléchargée selon le calendrier.`,
  disabled: (id) => `${id} est désactivée : les recherches ne la consultent plus (leurs résultats la citent comme désactivée) et elle n'est plus téléchargée.`,
  alreadyEnabled: (id) => `${id} était déjà activée.`,
  alreadyDisabled: (id) => `${id} était déjà désactivée.`,
  column: "ACTIVE",
  yes: "oui",
  no: "non",
  enabledLists: "Listes activées (consultées) :",
  disabledLists: "Listes désactivées (non consultées, non téléchargées) :",
  versionOf: (date) => `version du ${date}`,
  noData: (status) => `pas de données (${status})`,
  offline: (ids, nextTry) => [
    `Pas de réseau : les listes ne peuvent pas être téléchargées, leurs éditeurs sont injoignables (${ids}).`,
    "Deux façons d'avancer :",
    "  - importer les fichiers d'une liste : duecheck datasets import ID CHEMIN (ou le dépôt sur la page Sanctions) ;",
    "  - désactiver les listes inutiles : duecheck datasets disable ID.",
    nextTry
      ? `Prochain essai automatique : ${nextTry} (l'attente double après chaque échec, jusqu'à 6 heures).`
      : "Le prochain essai automatique aura lieu à la prochaine vérification.",
  ],
};
