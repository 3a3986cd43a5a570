/**
 * `npm run build:client`: @duecheck/client's JavaScript and declarations in packages/client/dist. tsc rewrites the
 * sources' relative `.ts` imports to `.js` in the JavaScript but keeps them in the declarations, where a project that
 * installs the package would look for files that are not there: they become `.js` too.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const DIST = join(ROOT, "packages", "client", "dist");

rmSync(DIST, { recursive: true, force: true });
const tsc = Bun.spawnSync([join(ROOT, "node_modules", ".bin", "tsc"), "-p", join(ROOT, "packages", "client", "tsconfig.build.json")], {
  stdout: "inherit",
  stderr: "inherit",
});
if (tsc.exitCode !== 0) process.exit(tsc.exitCode ?? 1);
for (const path of new Bun.Glob("**/*.d.ts").scanSync({ cwd: DIST })) {
  const file = join(DIST, path);
  const text = readFileSync(file, "utf8");
  writeFileSync(file, text.replace(/(["'])(\.{1,2}\/[^"']+)\.ts\1/g, "$1$2.js$1"));
}
console.log(`@duecheck/client built in ${DIST}`);
