import type { RetentionCliText } from "./types.ts";

export const en: RetentionCliText = {
  holdsTitle: (count) => `Legal holds (${count})`,
  noHolds: "No legal holds.",
  holdSet: (id) => `Legal hold ${id} set.`,
  holdLifted: (id) => `Legal hold ${id} lifted.`,
  giveOneTarget: "Give either --user EMAIL or --search ID",
  active: "active",
  lifted: "lifted",
  columns: { id: "ID", target: "HOLDS", reason: "REASON", set: "SET", state: "STATE" },
  purged: (searches, versions, held) => `Purged ${searches} searches and ${versions} dataset versions; ${held} kept by legal holds.`,
  wouldPurge: (searches, versions, held) => `Dry run: would purge ${searches} searches and ${versions} dataset versions; ${held} kept by legal holds.`,
};
