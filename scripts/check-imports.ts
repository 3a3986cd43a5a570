/**
 * The direction of dependencies, checked before the tests (`npm run check:imports`, run by .ci/run):
 *
 *   lib/             imports nothing of server/, cli/, web/ or packages/ (every capability lives once, below them all)
 *   packages/ui      imports nothing of packages/react, web/, server/ or cli/ (primitives live apart)
 *   packages/react   imports nothing of web/, server/ or cli/ (the package never depends on the app)
 *   web/             imports the packages by name (@duecheck/react, @duecheck/ui), never by a path into packages/
 *
 * Prints each import that breaks a rule, as file:line, and exits 1 if there is one.
 */
import { dirname, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(["'])([^"']+)\1/gm;

const RULES: { files: string; forbidden: string[]; why: string }[] = [
  { files: "lib", forbidden: ["server", "cli", "web", "packages"], why: "lib/ is below every interface" },
  { files: "packages/ui", forbidden: ["packages/react", "web", "server", "cli"], why: "the primitives depend on nothing of ours" },
  { files: "packages/react", forbidden: ["web", "server", "cli"], why: "the package never imports the app" },
  { files: "web", forbidden: ["packages", "server", "cli"], why: "the app uses the packages by name and the server over HTTP" },
];

const findings: string[] = [];
for (const rule of RULES) {
  for await (const path of new Bun.Glob(`${rule.files}/**/*.{ts,tsx}`).scan({ cwd: ROOT })) {
    if (path.includes("/node_modules/") || path.includes("/dist/")) continue;
    const text = await Bun.file(resolve(ROOT, path)).text();
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[2];
      if (!spec.startsWith(".")) continue;
      const target = relative(ROOT, resolve(dirname(resolve(ROOT, path)), spec));
      const broken = rule.forbidden.find((dir) => target === dir || target.startsWith(`${dir}/`));
      if (!broken) continue;
      const line = text.slice(0, match.index).split("\n").length;
      findings.push(`${path}:${line}: imports ${spec} (${broken}/): ${rule.why}`);
    }
  }
}

for (const finding of findings) console.error(finding);
if (findings.length) {
  console.error(`\n${findings.length} import(s) against the direction of dependencies.`);
  process.exit(1);
}
console.log("Imports: every dependency runs one way.");
