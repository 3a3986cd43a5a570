/**
 * Makes the migrated data folder new embedded databases start from (data/pglite-template.ts): an in-memory PGlite
 * with the app's settings, every migration run, dumped as a gzipped tarball named by the migrations' hash. Run at
 * install (postinstall) and by the test runner when the tarball for the current migrations is missing; older
 * tarballs are removed. This process peaks near 1 GB (initdb); a duecheck process that opens a new folder does not.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGLITE_OPTIONS } from "../data/pglite-options.ts";
import { TEMPLATE_DIR, templatePath } from "../data/pglite-template.ts";

const target = templatePath();
if (existsSync(target) && !process.argv.includes("--force")) process.exit(0);
const pg = await PGlite.create(PGLITE_OPTIONS);
await migrate(drizzle(pg), { migrationsFolder: new URL("../data/migrations", import.meta.url).pathname });
// A checkpoint first: the tarball then holds the migrated tables in their files, not only in the write-ahead log.
await pg.exec("checkpoint");
const tarball = await pg.dumpDataDir("gzip");
await pg.close();
mkdirSync(TEMPLATE_DIR, { recursive: true });
for (const name of readdirSync(TEMPLATE_DIR)) if (name.startsWith("pgdata-")) rmSync(join(TEMPLATE_DIR, name));
writeFileSync(target, new Uint8Array(await tarball.arrayBuffer()));
console.log(`Made the embedded database's starting folder ${target} (${(tarball.size / 2 ** 20).toFixed(1)} MB)`);
