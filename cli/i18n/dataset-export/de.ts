import type { DatasetExportCliText } from "./types.ts";

export const de: DatasetExportCliText = {
  written: (id, file, date, entities, checksum) => `${id}: Version vom ${date} (${entities} Einträge) nach ${file} geschrieben; Prüfsumme ${checksum}`,
};
