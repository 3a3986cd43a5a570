import type { RetentionCliText } from "./types.ts";

export const de: RetentionCliText = {
  holdsTitle: (count) => `Rechtliche Sperren (${count})`,
  noHolds: "Keine rechtlichen Sperren.",
  holdSet: (id) => `Rechtliche Sperre ${id} gesetzt.`,
  holdLifted: (id) => `Rechtliche Sperre ${id} aufgehoben.`,
  giveOneTarget: "Entweder --user E-MAIL oder --search ID angeben",
  active: "aktiv",
  lifted: "aufgehoben",
  columns: { id: "ID", target: "SPERRT", reason: "GRUND", set: "GESETZT", state: "STATUS" },
  purged: (searches, versions, held) => `${searches} Suchen und ${versions} Datensatzversionen gelöscht; ${held} durch rechtliche Sperren behalten.`,
  wouldPurge: (searches, versions, held) =>
    `Probelauf: würde ${searches} Suchen und ${versions} Datensatzversionen löschen; ${held} durch rechtliche Sperren behalten.`,
};
