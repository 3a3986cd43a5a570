import type { ReportsCliText } from "./types.ts";

export const fr: ReportsCliText = {
  notFound: (date) => `Aucun rapport disponible pour le ${date} (duecheck reports generate --date ${date} le génère)`,
  generated: (date, scope) => `Rapport quotidien du ${date} généré (${scope})`,
  exported: (date, path) => `Rapport quotidien du ${date} exporté vers ${path}`,
  future: (date) => `--date ${date} est dans le futur`,
  formatInvalid: (value) => `--format doit être pdf ou xlsx, reçu : '${value}'`,
  cannotWrite: (path, reason) => `Impossible d’écrire ${path} : ${reason}`,
  of: (scope, zone) => `${scope}, fuseau horaire ${zone}`,
  generatedAt: (when) => `généré le ${when}`,
  none: "aucun",
};
