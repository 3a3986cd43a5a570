import type { MatchingCliText } from "./types.ts";

export const de: MatchingCliText = {
  namesOrFile: "Geben Sie zwei Namen oder --file an (nicht beides)",
  cannotRead: (path) => `${path} kann nicht gelesen werden`,
  noPairs: (path) => `${path} enthält keine Paare`,
  badLine: (line, problem) => `Zeile ${line}: ${problem}`,
  notJson: "kein gültiges JSON",
  notObject: 'kein JSON-Objekt wie {"query": "...", "candidate": "..."}',
  badLines: (count) => `${count} ${count === 1 ? "Zeile konnte" : "Zeilen konnten"} nicht beantwortet werden; alle anderen wurden beantwortet`,
  decisions: { match: "TREFFER", near_miss: "knapp darunter", no_match: "kein Treffer" },
  result: (score, decision) => `Wert ${score}: ${decision}`,
  pair: (query, candidate) => `„${query}“ gegen „${candidate}“`,
  matchedName: (name) => `Bester Name des Kandidaten: ${name}`,
  weights: {
    lists: "Namensteile sind danach gewichtet, wie selten sie in den importierten Listen sind.",
    plain: "Keine Liste ist importiert: Jeder Namensteil zählt gleich (einfache Gewichte).",
  },
  noParts: "Kein Teil der Namen stimmt überein.",
  columns: {
    searched: "GESUCHT",
    listed: "GELISTET",
    how: "WIE",
    similarity: "ÄHNLICHKEIT",
    line: "ZEILE",
    score: "WERT",
    decision: "ERGEBNIS",
    query: "SUCHE",
    candidate: "KANDIDAT",
    why: "WARUM",
  },
  partial: "teilweise",
};
