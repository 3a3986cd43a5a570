import type { DatasetExportCliText } from "./types.ts";

export const fr: DatasetExportCliText = {
  written: (id, file, date, entities, checksum) => `${id} : version du ${date} (${entities} inscriptions) écrite dans ${file} ; somme de contrôle ${checksum}`,
};
