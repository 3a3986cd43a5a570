import type { Db } from "../../data/db.ts";
import { importDatasetFiles } from "../../lib/sanctions/datasets/import.ts";
import { importFiles } from "../../support/import-files.ts";
import { type SdnEntry, sdnFiles } from "../../support/ofac-sdn.ts";

/** Imports these OFAC SDN entries as a new us_ofac_sdn version (by the system); answers the version's id. */
export async function importSdnVersion(db: Db, entries: SdnEntry[]): Promise<string> {
  const result = await importDatasetFiles(db, "us_ofac_sdn", importFiles(sdnFiles(entries)), { actor: { kind: "system" }, timeoutMs: 10_000 });
  if (result.status !== "success") throw new Error(`import ${result.status}`);
  return result.version.id;
}
