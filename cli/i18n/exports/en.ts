import type { ExportsCliText } from "./types.ts";

export const en: ExportsCliText = {
  written: (path) => `Exported to ${path}`,
  userAndAll: "Give --user or --all, not both",
};
