import { importDatasetFiles } from "../../lib/sanctions/datasets/import.ts";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { importFiles } from "../../support/import-files.ts";
import { sdnFiles } from "../../support/ofac-sdn.ts";
import type { TestApp } from "./app.ts";

/** Imports the OFAC SDN fixture as the current version of us_ofac_sdn and refreshes the server's index: searches complete. */
export async function importSdnFixture(app: TestApp) {
  const imported = await importDatasetFiles(app.db, "us_ofac_sdn", importFiles(sdnFiles()), { actor: { kind: "cli" }, timeoutMs: 10_000 });
  if (imported.status !== "success") throw new Error(`The SDN fixture did not import: ${JSON.stringify(imported)}`);
  await sanctionsService(app.server.database).index.refresh();
}
