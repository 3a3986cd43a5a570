import type { MatchingCliText } from "./types.ts";

export const es: MatchingCliText = {
  namesOrFile: "Indique dos nombres o --file (no ambos)",
  cannotRead: (path) => `No se puede leer ${path}`,
  noPairs: (path) => `${path} no contiene pares`,
  badLine: (line, problem) => `línea ${line}: ${problem}`,
  notJson: "no es JSON válido",
  notObject: 'no es un objeto JSON como {"query": "...", "candidate": "..."}',
  badLines: (count) => `${count} ${count === 1 ? "línea no pudo" : "líneas no pudieron"} responderse; todas las demás sí`,
  decisions: { match: "COINCIDENCIA", near_miss: "casi coincidencia", no_match: "sin coincidencia" },
  result: (score, decision) => `Puntuación ${score}: ${decision}`,
  pair: (query, candidate) => `«${query}» frente a «${candidate}»`,
  matchedName: (name) => `Mejor nombre del candidato: ${name}`,
  weights: {
    lists: "Las partes del nombre pesan según lo raras que son en las listas importadas.",
    plain: "No hay ninguna lista importada: todas las partes del nombre pesan igual (pesos simples).",
  },
  noParts: "Ninguna parte de los nombres coincide.",
  columns: {
    searched: "BUSCADO",
    listed: "EN LISTA",
    how: "CÓMO",
    similarity: "SIMILITUD",
    line: "LÍNEA",
    score: "PUNTUACIÓN",
    decision: "RESULTADO",
    query: "BÚSQUEDA",
    candidate: "CANDIDATO",
    why: "POR QUÉ",
  },
  partial: "parcial",
};
