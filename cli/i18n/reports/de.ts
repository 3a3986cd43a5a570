import type { ReportsCliText } from "./types.ts";

export const de: ReportsCliText = {
  notFound: (date) => `Für ${date} liegt kein Bericht vor (duecheck reports generate --date ${date} erstellt ihn)`,
  generated: (date, scope) => `Tagesbericht vom ${date} erstellt (${scope})`,
  exported: (date, path) => `Tagesbericht vom ${date} exportiert nach ${path}`,
  future: (date) => `--date ${date} liegt in der Zukunft`,
  formatInvalid: (value) => `--format muss pdf oder xlsx sein, erhalten: '${value}'`,
  cannotWrite: (path, reason) => `${path} kann nicht geschrieben werden: ${reason}`,
  of: (scope, zone) => `${scope}, Zeitzone ${zone}`,
  generatedAt: (when) => `erstellt ${when}`,
  none: "keine",
};
