import type { DatasetExportCliText } from "./types.ts";

export const en: DatasetExportCliText = {
  written: (id, file, date, entities, checksum) => `${id}: version of ${date} (${entities} entities) written to ${file}; checksum ${checksum}`,
};
