import type { BatchDetailsCliText } from "./types.ts";

export const en: BatchDetailsCliText = {
  unknownColumns: (names) => `Columns not read (unknown names): ${names}`,
  customerRef: "CUSTOMER REF",
  details: "DETAILS",
};
