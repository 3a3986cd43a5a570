import type { ReportsCliText } from "./types.ts";

export const es: ReportsCliText = {
  notFound: (date) => `No hay ningún informe del ${date} (duecheck reports generate --date ${date} lo genera)`,
  generated: (date, scope) => `Informe diario del ${date} generado (${scope})`,
  exported: (date, path) => `Informe diario del ${date} exportado a ${path}`,
  future: (date) => `--date ${date} está en el futuro`,
  formatInvalid: (value) => `--format debe ser pdf o xlsx, se recibió '${value}'`,
  cannotWrite: (path, reason) => `No se puede escribir ${path}: ${reason}`,
  of: (scope, zone) => `${scope}, zona horaria ${zone}`,
  generatedAt: (when) => `generado el ${when}`,
  none: "ninguno",
};
