import type { BatchDetailsCliText } from "./types.ts";

export const fr: BatchDetailsCliText = {
  unknownColumns: (names) => `Colonnes non lues (noms inconnus) : ${names}`,
  customerRef: "RÉFÉRENCE CLIENT",
  details: "INFORMATIONS",
};
