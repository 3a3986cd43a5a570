import type { BatchDetailsCliText } from "./types.ts";

export const es: BatchDetailsCliText = {
  unknownColumns: (names) => `Columnas no leídas (nombres desconocidos): ${names}`,
  customerRef: "REFERENCIA DEL CLIENTE",
  details: "DATOS",
};
