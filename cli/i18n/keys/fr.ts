import type { KeysCliText } from "./types.ts";

export const fr: KeysCliText = {
  created: (id, name) => `Clé d'API ${id} créée : ${name}`,
  rotated: (name, until) => `Clé d'API ${name} renouvelée : l'ancien secret fonctionne jusqu'au ${until}`,
  key: (key) => `Clé : ${key}`,
  keyOnce: "Conservez la clé maintenant : elle ne sera plus affichée. Envoyez-la comme 'Authorization: Bearer <clé>'.",
  scopes: (scopes) => `Autorisations : ${scopes}`,
  revoked: (id) => `Clé d'API ${id} révoquée`,
  notFound: (id) => `Aucune clé d'API ${id} de cet utilisateur`,
  scopesInvalid: (value, scopes) => `--scopes doit être une liste séparée par des virgules parmi ${scopes}, reçu '${value}'`,
  graceInvalid: (value) => `--grace-hours doit être un nombre entier de 0 à 168, reçu '${value}'`,
  never: "jamais",
  expired: "expirée",
  rotatedUntil: (until) => `renouvelée, fonctionne jusqu'au ${until}`,
  columns: {
    name: "NOM",
    key: "CLÉ",
    scopes: "AUTORISATIONS",
    expires: "EXPIRE",
    lastUsed: "DERNIÈRE UTILISATION",
    address: "DEPUIS",
    uses: "APPELS",
    id: "ID",
  },
  empty: "Aucune clé d'API pour l'instant. Créez-en une avec : duecheck keys create NOM --scopes screen,read",
};
