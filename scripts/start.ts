/**
 * npm start: builds the web app when its sources are newer than the build, then runs `duecheck serve`.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const DIST_INDEX = join(ROOT, "web", "dist", "index.html");
/** The drop-in script of the embeddable components (packages/react), served as /embed.js from the same folder. */
const DIST_EMBED = join(ROOT, "web", "dist", "embed.js");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const sources = [
  join(ROOT, "web", "src"),
  join(ROOT, "web", "index.html"),
  join(ROOT, "web", "public"),
  join(ROOT, "lib", "auth", "schemas.ts"),
  join(ROOT, "vite.config.ts"),
];
const embedSources = [...sources, join(ROOT, "packages", "react", "src"), join(ROOT, "packages", "react", "vite.config.ts")];
const newest = (paths: string[]) => Math.max(...paths.filter(existsSync).map(newestMtime));
const stale = !existsSync(DIST_INDEX) || newest(sources) > statSync(DIST_INDEX).mtimeMs;
const vite = (...args: string[]) => {
  const build = Bun.spawnSync([process.execPath, "x", "vite", "build", "--logLevel", "warn", ...args], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
  if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);
};
if (stale) {
  console.log("Building the web app...");
  vite();
}
// The web build empties web/dist: /embed.js is built after it (React bundled, from packages/react).
if (stale || !existsSync(DIST_EMBED) || newest(embedSources) > statSync(DIST_EMBED).mtimeMs) {
  console.log("Building /embed.js...");
  vite("-c", "packages/react/vite.config.ts", "--mode", "embed");
}

const serve = Bun.spawn([join(ROOT, "bin", "duecheck"), "serve", ...process.argv.slice(2)], { cwd: ROOT, stdio: ["inherit", "inherit", "inherit"] });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => serve.kill(signal));
process.exit(await serve.exited);
