import type { ExportsCliText } from "./types.ts";

export const fr: ExportsCliText = {
  written: (path) => `Exporté vers ${path}`,
  userAndAll: "Indiquez --user ou --all, pas les deux",
};
