import type { WatchlistsCliText } from "./types.ts";

export const de: WatchlistsCliText = {
  created: (id, name) => `Beobachtungsliste ${id} erstellt: ${name}`,
  imported: (imported, duplicates, rejected, entries) =>
    `${imported} Einträge importiert (${duplicates} bereits vorhanden, ${rejected} Zeilen abgelehnt); die Liste enthält ${entries} Einträge`,
  rejectedLine: (line, error) => `Zeile ${line}: ${error}`,
  moreRejected: (count) => `... und ${count} weitere abgelehnte Zeilen`,
  exported: (entries, file) => `${entries} Einträge nach ${file} exportiert`,
  modeInvalid: (value) => `--mode muss add oder replace sein, erhalten: '${value}'`,
  noFile: (file) => `Keine solche Datei: ${file}`,
  empty: "Noch keine Beobachtungslisten. Erstellen Sie eine mit: duecheck watchlists create NAME --org ORGANISATION_ID",
  columns: { name: "NAME", entries: "EINTRÄGE", version: "VERSION", id: "ID" },
};
