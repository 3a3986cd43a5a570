import type { DatasetExportCliText } from "./types.ts";

export const es: DatasetExportCliText = {
  written: (id, file, date, entities, checksum) => `${id}: versión del ${date} (${entities} registros) escrita en ${file}; suma de comprobación ${checksum}`,
};
