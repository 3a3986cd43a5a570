import type { ListChoiceCliText } from "./types.ts";

export const de: ListChoiceCliText = {
  enabled: (id) => `${id} ist aktiviert: Suchen prüfen die Liste, und sie wird planmäßig heruntergeladen.`,
  disabled: (id) =>
    `${id} ist deaktiviert: Suchen prüfen die Liste nicht mehr (ihre Ergebnisse nennen sie als deaktiviert), und sie wird nicht heruntergeladen.`,
  alreadyEnabled: (id) => `${id} war bereits aktiviert.`,
  alreadyDisabled: (id) => `${id} war bereits deaktiviert.`,
  column: "AKTIV",
  yes: "ja",
  no: "nein",
  enabledLists: "Aktivierte Listen (durchsucht):",
  disabledLists: "Deaktivierte Listen (nicht durchsucht, nicht heruntergeladen):",
  versionOf: (date) => `Stand vom ${date}`,
  noData: (status) => `keine Daten (${status})`,
  offline: (ids, nextTry) => [
    `Kein Netzwerk: Die Listen können nicht heruntergeladen werden, ihre Herausgeber sind nicht erreichbar (${ids}).`,
    "Zwei Wege weiter:",
    "  - die Dateien einer Liste importieren: duecheck datasets import ID PFAD (oder der Upload auf der Seite Sanktionen);",
    "  - die nicht benötigten Listen deaktivieren: duecheck datasets disable ID.",
    nextTry
      ? `Nächster automatischer Versuch: ${nextTry} (die Wartezeit verdoppelt sich nach jedem Fehlschlag, bis zu 6 Stunden).`
      : "Der nächste automatische Versuch folgt mit der nächsten Prüfung.",
  ],
};
