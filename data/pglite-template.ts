/**
 * A new embedded database starts from a data folder that was made and migrated ahead of time (at install, by
 * scripts/pglite-template.ts), not by running initdb in the process: PGlite's initdb grows its WebAssembly memory to
 * about 1 GB, which that process then keeps, so a first `duecheck datasets import` on a small server ran out of
 * memory before it read a line. Loading the folder from its tarball takes a few MB over the engine's own start.
 *
 * The tarball is named by a hash of the migrations and of the engine's version: a migration added since it was made
 * finds no tarball for its hash, and the database is then created as before (initdb, then every migration).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { extractTarGz } from "./untar.ts";

const MIGRATIONS = new URL("./migrations", import.meta.url).pathname;
export const TEMPLATE_DIR = new URL("./pglite-template", import.meta.url).pathname;

/** The hash of every migration file (SQL and journal) and of the PGlite version; equal tarballs for equal inputs. */
export function migrationsHash(): string {
  const hash = createHash("sha256");
  const pglite = JSON.parse(readFileSync(new URL("../node_modules/@electric-sql/pglite/package.json", import.meta.url), "utf8")) as { version: string };
  hash.update(`pglite ${pglite.version}\0`);
  const files = readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  for (const name of files)
    hash
      .update(`${name}\0`)
      .update(readFileSync(join(MIGRATIONS, name)))
      .update("\0");
  hash.update(readFileSync(join(MIGRATIONS, "meta", "_journal.json")));
  return hash.digest("hex").slice(0, 16);
}

/** Where the tarball for the current migrations is (or would be) kept. */
export const templatePath = (): string => join(TEMPLATE_DIR, `pgdata-${migrationsHash()}.tar.gz`);

/**
 * Makes `pgDir` a migrated data folder from the tarball of the current migrations; false (nothing done) when none
 * was made for them. Unpacked beside it and renamed: a process killed meanwhile leaves no half folder behind.
 */
export async function startFromTemplate(pgDir: string): Promise<boolean> {
  const tarball = templatePath();
  if (!existsSync(tarball)) return false;
  const unpacking = `${pgDir}.unpacking-${process.pid}`;
  rmSync(unpacking, { recursive: true, force: true });
  try {
    await extractTarGz(tarball, unpacking);
    renameSync(unpacking, pgDir);
  } finally {
    rmSync(unpacking, { recursive: true, force: true });
  }
  return true;
}
