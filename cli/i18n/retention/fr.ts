import type { RetentionCliText } from "./types.ts";

export const fr: RetentionCliText = {
  holdsTitle: (count) => `Conservations légales (${count})`,
  noHolds: "Aucune conservation légale.",
  holdSet: (id) => `Conservation légale ${id} posée.`,
  holdLifted: (id) => `Conservation légale ${id} levée.`,
  giveOneTarget: "Indiquez --user E-MAIL ou --search ID",
  active: "active",
  lifted: "levée",
  columns: { id: "ID", target: "CONSERVE", reason: "MOTIF", set: "POSÉE", state: "ÉTAT" },
  purged: (searches, versions, held) =>
    `${searches} recherches et ${versions} versions de jeux de données purgées ; ${held} conservées par des conservations légales.`,
  wouldPurge: (searches, versions, held) =>
    `Simulation : ${searches} recherches et ${versions} versions de jeux de données seraient purgées ; ${held} conservées par des conservations légales.`,
};
