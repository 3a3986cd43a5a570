import type { MatchingCliText } from "./types.ts";

export const en: MatchingCliText = {
  namesOrFile: "Give two names or --file (not both)",
  cannotRead: (path) => `Cannot read ${path}`,
  noPairs: (path) => `${path} has no pairs`,
  badLine: (line, problem) => `line ${line}: ${problem}`,
  notJson: "not valid JSON",
  notObject: 'not a JSON object such as {"query": "...", "candidate": "..."}',
  badLines: (count) => `${count} ${count === 1 ? "line" : "lines"} could not be answered; every other line was`,
  decisions: { match: "MATCH", near_miss: "near miss", no_match: "no match" },
  result: (score, decision) => `Score ${score}: ${decision}`,
  pair: (query, candidate) => `"${query}" against "${candidate}"`,
  matchedName: (name) => `Best name of the candidate: ${name}`,
  weights: {
    lists: "Name parts are weighed by how rare they are in the imported lists.",
    plain: "No list is imported: every name part weighs alike (plain weights).",
  },
  noParts: "No part of the names matched.",
  columns: {
    searched: "SEARCHED",
    listed: "LISTED",
    how: "HOW",
    similarity: "SIMILARITY",
    line: "LINE",
    score: "SCORE",
    decision: "DECISION",
    query: "QUERY",
    candidate: "CANDIDATE",
    why: "WHY",
  },
  partial: "partial",
};
