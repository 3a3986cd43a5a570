/**
 * Which test files touch a database engine. The suite runs every file that does on PostgreSQL and on PGlite; a file
 * that never opens a database (a parser's, the matcher's, a report's) tests the same code on either, so it runs once,
 * in the PGlite pass.
 *
 * A file touches an engine when it, or a test helper or fixture it imports (followed through tests/ and support/),
 * imports the database opener (data/db.ts), a database driver, or the helpers that make test databases. lib/ never
 * opens a database of its own: it is handed one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const OPENERS = [/^postgres$/, /^@electric-sql\/pglite/, /\/data\/db(\.ts)?$/];
const FOLLOWED = ["tests", "support"];

/** Every *.test.ts under the given files or folders, in a stable order. */
export function testFiles(root: string, paths: string[]): string[] {
  const files: string[] = [];
  const walk = (path: string) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) walk(join(path, name));
    } else if (path.endsWith(".test.ts")) files.push(path);
  };
  for (const path of paths) walk(path);
  return files;
}

/** Whether the test file (relative to root) opens a database, directly or through what it imports. */
export function touchesEngine(root: string, file: string, seen = new Map<string, boolean>()): boolean {
  const full = resolve(root, file);
  const known = seen.get(full);
  if (known !== undefined) return known;
  seen.set(full, false);
  const source = readFileSync(full, "utf8");
  let touches = false;
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)[^"'`;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)) {
    const specifier = match[1] ?? match[2];
    if (OPENERS.some((opener) => opener.test(specifier))) {
      touches = true;
      break;
    }
    if (!specifier.startsWith(".")) continue;
    const target = resolve(dirname(full), specifier);
    const inside = relative(root, target).split("/")[0];
    if (!FOLLOWED.includes(inside) || !existsSync(target)) continue;
    if (touchesEngine(root, relative(root, target), seen)) {
      touches = true;
      break;
    }
  }
  seen.set(full, touches);
  return touches;
}
