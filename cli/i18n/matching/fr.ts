import type { MatchingCliText } from "./types.ts";

export const fr: MatchingCliText = {
  namesOrFile: "Indiquez deux noms ou --file (pas les deux)",
  cannotRead: (path) => `Impossible de lire ${path}`,
  noPairs: (path) => `${path} ne contient aucune paire`,
  badLine: (line, problem) => `ligne ${line} : ${problem}`,
  notJson: "JSON non valide",
  notObject: 'pas un objet JSON tel que {"query": "...", "candidate": "..."}',
  badLines: (count) =>
    `${count} ${count === 1 ? "ligne n’a pas pu" : "lignes n’ont pas pu"} être traitée${count === 1 ? "" : "s"} ; toutes les autres l’ont été`,
  decisions: { match: "CORRESPONDANCE", near_miss: "presque", no_match: "aucune correspondance" },
  result: (score, decision) => `Score ${score} : ${decision}`,
  pair: (query, candidate) => `« ${query} » face à « ${candidate} »`,
  matchedName: (name) => `Meilleur nom du candidat : ${name}`,
  weights: {
    lists: "Les parties du nom pèsent selon leur rareté dans les listes importées.",
    plain: "Aucune liste n’est importée : chaque partie du nom pèse autant (poids simples).",
  },
  noParts: "Aucune partie des noms ne correspond.",
  columns: {
    searched: "RECHERCHÉ",
    listed: "INSCRIT",
    how: "COMMENT",
    similarity: "SIMILARITÉ",
    line: "LIGNE",
    score: "SCORE",
    decision: "RÉSULTAT",
    query: "RECHERCHE",
    candidate: "CANDIDAT",
    why: "POURQUOI",
  },
  partial: "partielle",
};
