import type { SearchesCliText } from "./types.ts";

const hit = (d: { name: string; entityId: string; datasetId: string }) => `${d.name} (${d.entityId}, ${d.datasetId})`;
const state = (s: { score: number; match: boolean }) => `Wert ${s.score}${s.match ? ", Treffer" : ""}`;

export const de: SearchesCliText = {
  differences: (count) => `${count} ${count === 1 ? "Abweichung" : "Abweichungen"}:`,
  difference: (d) => {
    switch (d.kind) {
      case "matcher_version":
        return `Matcher-Version weicht ab: gespeichert ${d.stored}, aktuell ${d.current}`;
      case "version_missing":
        return `Datensatzversion ${d.versionId} von ${d.datasetId} existiert nicht mehr`;
      case "version_changed":
        return `Datensatzversion ${d.versionId} von ${d.datasetId} wurde seit der Suche verändert (Prüfsumme ${d.stored.slice(0, 12)}… gespeichert, ${d.current.slice(0, 12)}… jetzt)`;
      case "hit_appeared":
        return `Treffer hinzugekommen: ${hit(d)}, ${state(d.now)}`;
      case "hit_disappeared":
        return `Treffer verschwunden: ${hit(d)}, war ${state(d.stored)}`;
      case "hit_changed":
        return `Treffer verändert: ${hit(d)}, ${state(d.stored)} gespeichert, ${state(d.now)} jetzt`;
    }
  },
  storedBeforeVersions: "Nicht überprüfbar: gespeichert, bevor Versionen aufgezeichnet wurden",
  notScreened: "Nicht überprüfbar: die Suche hat keine Ergebnisse",
  mediaNote: "Negativpresse wird nicht erneut geprüft (Nachrichten lassen sich nicht wie damals abrufen): nur die Sanktions- und PEP-Listen werden überprüft.",
};
