import type { ExportsCliText } from "./types.ts";

export const es: ExportsCliText = {
  written: (path) => `Exportado a ${path}`,
  userAndAll: "Indique --user o --all, no ambos",
};
