/**
 * npm run bench:embed: builds @duecheck/react and prints its size minified and gzipped, without React (a peer
 * dependency): the entry (components, English words, compiled CSS) and each other language's chunk, loaded only when
 * asked for. Fails when the entry is over 150 KB. Also prints the size of /embed.js (React bundled) when built.
 *
 *   --no-build   measure packages/react/dist as it is
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { minifySync } from "rolldown/utils";

const ROOT = join(import.meta.dir, "..");
const DIST = join(ROOT, "packages", "react", "dist");
const LIMIT_KB = 150;

if (!process.argv.includes("--no-build")) {
  const build = Bun.spawnSync([process.execPath, "x", "vite", "build", "-c", "packages/react/vite.config.ts", "--logLevel", "warn"], {
    cwd: ROOT,
    stdout: "inherit",
    stderr: "inherit",
  });
  if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);
}

/** A consumer's bundler minifies the ESM build (Vite keeps library ESM readable): minified the same way here. */
function minifiedGzipKb(path: string) {
  const code = readFileSync(path, "utf8");
  const { code: minified } = minifySync(path, code, { compress: true, mangle: true });
  return { minified: minified.length / 1024, gzipped: gzipSync(minified, { level: 9 }).length / 1024 };
}

const format = (kb: number) => `${kb.toFixed(1)} KB`;
const entry = minifiedGzipKb(join(DIST, "index.js"));
console.log(`@duecheck/react entry (components, English, CSS; without React): ${format(entry.minified)} minified, ${format(entry.gzipped)} gzipped`);
for (const chunk of readdirSync(DIST).filter((name) => name.endsWith(".js") && name !== "index.js")) {
  const size = minifiedGzipKb(join(DIST, chunk));
  console.log(`  language chunk ${chunk.split("-")[0]}: ${format(size.gzipped)} gzipped (loaded only for that language)`);
}
const embed = join(ROOT, "web", "dist", "embed.js");
if (existsSync(embed)) console.log(`/embed.js (React bundled, every language): ${format(gzipSync(readFileSync(embed), { level: 9 }).length / 1024)} gzipped`);
if (entry.gzipped > LIMIT_KB) {
  console.error(`The entry is over ${LIMIT_KB} KB gzipped.`);
  process.exit(1);
}
