/**
 * npm start: builds the web app when its sources are newer than the build, then runs `duecheck serve`.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const DIST_INDEX = join(ROOT, "web", "dist", "index.html");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const sources = [join(ROOT, "web", "src"), join(ROOT, "web", "index.html"), join(ROOT, "web", "public"), join(ROOT, "lib", "auth", "schemas.ts"), join(ROOT, "vite.config.ts")];
const stale = !existsSync(DIST_INDEX) || Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(DIST_INDEX).mtimeMs;
if (stale) {
  console.log("Building the web app...");
  const build = Bun.spawnSync([process.execPath, "x", "vite", "build", "--logLevel", "warn"], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
  if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);
}

const serve = Bun.spawn([join(ROOT, "bin", "duecheck"), "serve", ...process.argv.slice(2)], { cwd: ROOT, stdio: ["inherit", "inherit", "inherit"] });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => serve.kill(signal));
process.exit(await serve.exited);
