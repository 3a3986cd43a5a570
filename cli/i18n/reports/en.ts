import type { ReportsCliText } from "./types.ts";

export const en: ReportsCliText = {
  notFound: (date) => `No report available for ${date} (duecheck reports generate --date ${date} makes it)`,
  generated: (date, scope) => `Daily report of ${date} generated (${scope})`,
  exported: (date, path) => `Daily report of ${date} exported to ${path}`,
  future: (date) => `--date ${date} is in the future`,
  formatInvalid: (value) => `--format must be pdf or xlsx, got '${value}'`,
  cannotWrite: (path, reason) => `Cannot write ${path}: ${reason}`,
  of: (scope, zone) => `${scope}, time zone ${zone}`,
  generatedAt: (when) => `generated ${when}`,
  none: "none",
};
