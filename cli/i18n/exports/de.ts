import type { ExportsCliText } from "./types.ts";

export const de: ExportsCliText = {
  written: (path) => `Exportiert nach ${path}`,
  userAndAll: "Bitte --user oder --all angeben, nicht beides",
};
