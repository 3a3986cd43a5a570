/**
 * The direction of dependencies, checked before the tests (`npm run check:imports`, run by .ci/run):
 *
 *   lib/             imports nothing of server/, cli/, web/ or packages/ (every capability lives once, below them all)
 *   packages/ui      imports nothing of packages/react, web/, server/ or cli/ (primitives live apart)
 *   packages/react   imports nothing of web/, server/ or cli/ (the package never depends on the app)
 *   packages/client  imports nothing of ours (it is published alone, generated from the OpenAPI document)
 *   web/             imports the packages by name (@duecheck/react, @duecheck/ui), never by a path into packages/,
 *                    and of server/ only the type of its API (`import type` from server/api.ts), which its typed
 *                    client is made from: erased by the build, it ties the app's calls to the routes at compile time
 *   lib/<a>, lib/<b> never both import the other at run time: of two capabilities, one is below the other
 *   bench/           imports nothing of tests/ (test helpers change with the tests and set test-only defaults on
 *                    import: a benchmark must not measure them; what both need lives in support/)
 *   support/         imports nothing of tests/ or bench/ (both import it: the stand-ins and fixtures they share)
 *   server/, cli/    never import recordAudit (lib/audit/record.ts): the lib/ function that makes a change writes its
 *                    audit entry, given the actor, so every interface that makes the change records it alike
 *   everywhere       no import climbs four or more folders: lib/ and data/ are named `@lib/…` and `@data/…` from far
 *                    away (tsconfig.json's paths, vite.aliases.ts), so a file can move without its imports breaking
 *
 * And what the browser runs stays browser-safe: from every file under web/src and packages/<name>/src, the
 * imports into lib/ and data/ (relative or by alias) are followed transitively, and neither that file nor any module reached that
 * way may import the database or the server runtime (drizzle-orm, postgres, pg-boss, @electric-sql/*, node:* or any
 * file of data/). Other packages are the bundler's business (lib/batch/csv.ts uses csv-parse's browser build).
 * Only runtime imports are followed: `import type`, `export type` and `import { type X }` with every specifier
 * type-only are erased by the build and never reach the bundle. What the browser needs of a capability lives in its
 * contract module (lib/<capability>/contract.ts or schemas.ts), which the server modules import, never the reverse.
 *
 * Prints each import that breaks a rule, as file:line or as the chain file -> file -> import (two capabilities that
 * import each other: one import each way), and exits 1 if there is one.
 */
import { existsSync, statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(["'])([^"']+)\1/gm;

const RULES: { files: string; forbidden: string[]; why: string; typesFrom?: string }[] = [
  { files: "lib", forbidden: ["server", "cli", "web", "packages"], why: "lib/ is below every interface" },
  { files: "packages/ui", forbidden: ["packages/react", "web", "server", "cli"], why: "the primitives depend on nothing of ours" },
  { files: "packages/react", forbidden: ["web", "server", "cli"], why: "the package never imports the app" },
  {
    files: "packages/client",
    forbidden: ["lib", "data", "server", "cli", "web", "packages/react", "packages/ui"],
    why: "the client is published alone: everything it knows of the API is generated from the OpenAPI document",
  },
  {
    files: "web",
    forbidden: ["packages", "server", "cli"],
    why: "the app uses the packages by name and the server over HTTP",
    typesFrom: "server/api.ts",
  },
  { files: "bench", forbidden: ["tests"], why: "a change to the tests must not change what a benchmark measures; what both need lives in support/" },
  { files: "support", forbidden: ["tests", "bench"], why: "tests and benchmarks share it, so it depends on neither" },
];

/** The aliases of tsconfig.json's paths for lib/ and data/: `@lib/x` is `lib/x`. */
const ALIASED = /^@(lib|data)\//;

/** The repository-relative path a relative or aliased specifier names (before extensions are tried), or undefined. */
function specTarget(from: string, spec: string): string | undefined {
  if (ALIASED.test(spec)) return spec.slice(1);
  if (spec.startsWith(".")) return relative(ROOT, resolve(dirname(resolve(ROOT, from)), spec));
  return undefined;
}

const findings: string[] = [];
for (const rule of RULES) {
  for await (const path of new Bun.Glob(`${rule.files}/**/*.{ts,tsx}`).scan({ cwd: ROOT })) {
    if (path.includes("/node_modules/") || path.includes("/dist/")) continue;
    const text = await Bun.file(resolve(ROOT, path)).text();
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[2];
      const target = specTarget(path, spec);
      if (target === undefined) continue;
      const broken = rule.forbidden.find((dir) => target === dir || target.startsWith(`${dir}/`));
      if (!broken) continue;
      const statement = text.slice(text.lastIndexOf("import", match.index + match[0].length - spec.length - 2), match.index + match[0].length);
      if (rule.typesFrom && target === rule.typesFrom && /^import\s+type\s/.test(statement)) continue;
      const line = text.slice(0, match.index).split("\n").length;
      findings.push(`${path}:${line}: imports ${spec} (${broken}/): ${rule.why}`);
    }
  }
}

// The audit log is written by the lib/ function that makes the change, which takes the actor (AuditActor): an entry
// written in server/ or cli/ is missed, or written differently, by the next interface that makes the same change.
// Types and cliOperator may still be imported from the module; recordAudit, a namespace of it or a dynamic import not.
const AUDIT_WRITER = "lib/audit/record.ts";
const STATIC_IMPORT =
  /\b(?:import|export)\s+(type\s+)?(\{[^}]*\}|\*\s*as\s+[\w$]+|\*|[\w$]+(?:\s*,\s*(?:\{[^}]*\}|\*\s*as\s+[\w$]+))?)\s*from\s*(["'])([^"']+)\3/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*(["'])([^"']+)\1/g;
for (const dir of ["server", "cli"]) {
  for await (const path of new Bun.Glob(`${dir}/**/*.{ts,tsx}`).scan({ cwd: ROOT })) {
    const text = await Bun.file(resolve(ROOT, path)).text();
    const writes = (spec: string) => resolveSpec(path, spec) === AUDIT_WRITER;
    const lineAt = (index: number) => text.slice(0, index).split("\n").length;
    for (const match of text.matchAll(STATIC_IMPORT)) {
      const [, typeOnly, names, , spec] = match;
      if (typeOnly || !writes(spec) || !/\brecordAudit\b|\*/.test(names)) continue;
      findings.push(`${path}:${lineAt(match.index)}: imports recordAudit from ${spec}: the lib/ function that makes the change writes its audit entry`);
    }
    for (const match of text.matchAll(DYNAMIC_IMPORT)) {
      if (!writes(match[2])) continue;
      findings.push(`${path}:${lineAt(match.index)}: imports ${match[2]} at run time: the lib/ function that makes the change writes its audit entry`);
    }
  }
}

// Packages that run only on the server: the database drivers, the job queue and Node's builtins.
const SERVER_ONLY = [/^drizzle-orm(\/|$)/, /^postgres(\/|$)/, /^pg-boss(\/|$)/, /^@electric-sql\//, /^node:/];
const BROWSER_ROOTS = ["web/src", "packages/*/src"];
const FOLLOWED = ["lib", "data"];

// Bun's scanner drops type-only imports and exports (and `import { type X }` with every specifier type-only), keeps
// the rest, dynamic `import()` included: every import the build may keep in the bundle.
const scanners = { ts: new Bun.Transpiler({ loader: "ts" }), tsx: new Bun.Transpiler({ loader: "tsx" }) };
const runtimeImports = new Map<string, string[]>();
async function importsOf(path: string): Promise<string[]> {
  let specs = runtimeImports.get(path);
  if (!specs) {
    const text = await Bun.file(resolve(ROOT, path)).text();
    specs = scanners[path.endsWith(".tsx") ? "tsx" : "ts"].scanImports(text).map((entry) => entry.path);
    runtimeImports.set(path, specs);
  }
  return specs;
}

/** The repository-relative file a relative or aliased specifier names, as the bundler resolves it, or undefined. */
function resolveSpec(from: string, spec: string): string | undefined {
  const target = specTarget(from, spec);
  if (target === undefined) return undefined;
  const base = resolve(ROOT, target);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  if (base.endsWith(".js")) candidates.push(`${base.slice(0, -3)}.ts`, `${base.slice(0, -3)}.tsx`);
  const found = candidates.find((file) => existsSync(file) && statSync(file).isFile());
  return found && relative(ROOT, found);
}

const within = (path: string, dirs: string[]) => dirs.some((dir) => path.startsWith(`${dir}/`));
const isCode = (path: string) => /\.tsx?$/.test(path);

const chains = new Set<string>();
for (const pattern of BROWSER_ROOTS) {
  for await (const start of new Bun.Glob(`${pattern}/**/*.{ts,tsx}`).scan({ cwd: ROOT })) {
    if (start.includes("/node_modules/") || start.includes("/dist/")) continue;
    // Breadth first, so each offending import is reported through its shortest chain from this browser file.
    const via = new Map<string, string | undefined>([[start, undefined]]);
    const queue = [start];
    const chainTo = (file: string) => {
      const chain: string[] = [];
      for (let at: string | undefined = file; at; at = via.get(at)) chain.unshift(at);
      return chain;
    };
    while (queue.length) {
      const file = queue.shift()!;
      for (const spec of await importsOf(file)) {
        if (SERVER_ONLY.some((pattern) => pattern.test(spec))) {
          chains.add([...chainTo(file), spec].join(" -> "));
          continue;
        }
        const target = resolveSpec(file, spec);
        if (!target || !within(target, FOLLOWED) || !isCode(target) || via.has(target)) continue;
        via.set(target, file);
        if (target.startsWith("data/")) {
          chains.add(chainTo(target).join(" -> "));
          continue;
        }
        queue.push(target);
      }
    }
  }
}
for (const chain of [...chains].sort()) findings.push(`${chain}: the browser bundle may not reach the database or the server runtime`);

// Two capabilities of lib/ (its folders; each file directly under it counts as one) never import each other at run
// time: one is below the other. What both need goes down to the capability that owns it, or to a contract module
// below both; the lower one tells the upper one what happened through lib/events. Type-only imports are erased, so
// they do not count.
const capabilityOf = (file: string) => file.split("/")[1];
/** For each capability, the capabilities it imports at run time, each with its first import (file:line). */
const uses = new Map<string, Map<string, string>>();
const libFiles = (await Array.fromAsync(new Bun.Glob("lib/**/*.{ts,tsx}").scan({ cwd: ROOT }))).sort();
for (const file of libFiles) {
  const from = capabilityOf(file);
  for (const spec of await importsOf(file)) {
    const target = resolveSpec(file, spec);
    if (!target?.startsWith("lib/") || capabilityOf(target) === from) continue;
    const examples = uses.get(from) ?? new Map<string, string>();
    uses.set(from, examples);
    if (!examples.has(capabilityOf(target))) examples.set(capabilityOf(target), `${file}:${await lineOf(file, spec)} imports ${spec}`);
  }
}
for (const [one, examples] of [...uses].sort(([a], [b]) => a.localeCompare(b))) {
  for (const [other, example] of [...examples].sort(([a], [b]) => a.localeCompare(b))) {
    const back = uses.get(other)?.get(one);
    if (back && one < other) findings.push(`lib/${one} and lib/${other} import each other at run time (one must be below the other):\n  ${example}\n  ${back}`);
  }
}

// A path that climbs four or more folders breaks whenever either end moves, and hides what it reaches: from that far,
// lib/ and data/ are named by alias, and anything else is too far away to import.
const CLIMB = /^(\.\.\/){4,}/;
for (const dir of ["lib", "server", "cli", "data", "web/src", "packages", "examples", "scripts", "bench", "support", "tests"]) {
  for await (const path of new Bun.Glob(`${dir}/**/*.{ts,tsx}`).scan({ cwd: ROOT })) {
    if (path.includes("/node_modules/") || path.includes("/dist/")) continue;
    const text = await Bun.file(resolve(ROOT, path)).text();
    for (const match of text.matchAll(IMPORT)) {
      if (!CLIMB.test(match[2])) continue;
      const line = text.slice(0, match.index).split("\n").length;
      findings.push(`${path}:${line}: imports ${match[2]}, climbing four or more folders: name lib/ and data/ as @lib/ and @data/`);
    }
  }
}

/** The line of the first import of `spec` in `file` (1 when it cannot be told). */
async function lineOf(file: string, spec: string): Promise<number> {
  const text = await Bun.file(resolve(ROOT, file)).text();
  const at = [text.indexOf(`"${spec}"`), text.indexOf(`'${spec}'`)].filter((i) => i >= 0);
  return at.length ? text.slice(0, Math.min(...at)).split("\n").length : 1;
}

for (const finding of findings) console.error(finding);
if (findings.length) {
  console.error(`\n${findings.length} import(s) against the direction of dependencies or out of the browser's reach.`);
  process.exit(1);
}
console.log("Imports: every dependency runs one way, none climbs far, the browser reaches only browser-safe modules, and only lib/ writes the audit log.");
