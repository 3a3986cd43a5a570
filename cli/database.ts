import { type Database, openDatabase } from "../data/db.ts";
import { loadInstanceKey } from "../lib/auth/instance-key.ts";
import { loadConfig } from "../lib/config.ts";
import { settleSnapshotWrites } from "../lib/sanctions/index-cache/writes.ts";
import { seedSystemSettings } from "../lib/settings/system-settings.ts";
import { wireCapabilities } from "../lib/wiring.ts";

/**
 * The database the server uses (same DATABASE_URL or DUECHECK_DATA_DIR). On an embedded folder held by a
 * running server, this goes through the server's socket instead of opening the folder a second time. The process is
 * wired first, as the server is: a command that creates or runs searches reacts to them as the server does.
 */
export async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  wireCapabilities();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, role: "cli" });
  try {
    await seedSystemSettings(database.db);
    return await work(database);
  } finally {
    // An index built by this command is stored before the database closes, so the next command loads it.
    await settleSnapshotWrites();
    await database.close();
  }
}

/** The install's instance key (DUECHECK_SECRET or the data folder's key file), as the server loads it. */
export function cliInstanceKey(): Uint8Array {
  const config = loadConfig();
  return loadInstanceKey({ secret: config.secret, dataDir: config.dataDir });
}
