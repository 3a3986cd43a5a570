import type { BatchDetailsCliText } from "./types.ts";

export const de: BatchDetailsCliText = {
  unknownColumns: (names) => `Nicht gelesene Spalten (unbekannte Namen): ${names}`,
  customerRef: "KUNDENREFERENZ",
  details: "ANGABEN",
};
