import type { WatchlistsCliText } from "./types.ts";

export const fr: WatchlistsCliText = {
  created: (id, name) => `Liste de surveillance ${id} créée : ${name}`,
  imported: (imported, duplicates, rejected, entries) =>
    `${imported} entrées importées (${duplicates} déjà présentes, ${rejected} lignes rejetées) ; la liste compte ${entries} entrées`,
  rejectedLine: (line, error) => `ligne ${line} : ${error}`,
  moreRejected: (count) => `... et ${count} autres lignes rejetées`,
  exported: (entries, file) => `${entries} entrées exportées vers ${file}`,
  modeInvalid: (value) => `--mode doit valoir add ou replace, reçu '${value}'`,
  noFile: (file) => `Fichier introuvable : ${file}`,
  empty: "Aucune liste de surveillance. Créez-en une avec : duecheck watchlists create NOM --org ORGANISATION_ID",
  columns: { name: "NOM", entries: "ENTRÉES", version: "VERSION", id: "ID" },
};
