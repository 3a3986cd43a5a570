/**
 * Run by `npm run build:react` after tsc writes @duecheck/react's declarations (packages/react/dist/types, the
 * repository's tree from its root): tsc keeps an aliased specifier as written, and `@lib/…` or `@data/…` means
 * nothing to a project that installs the package. Each becomes the relative path to the same declaration file.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const TYPES = join(import.meta.dir, "..", "packages", "react", "dist", "types");

let rewritten = 0;
for (const path of new Bun.Glob("**/*.d.ts").scanSync({ cwd: TYPES })) {
  const file = join(TYPES, path);
  const text = readFileSync(file, "utf8");
  const relativeText = text.replace(/(["'])@(lib|data)\/([^"']+)\1/g, (_all, quote: string, root: string, rest: string) => {
    const target = relative(dirname(file), join(TYPES, root, rest));
    return `${quote}${target.startsWith(".") ? target : `./${target}`}${quote}`;
  });
  if (relativeText !== text) {
    writeFileSync(file, relativeText);
    rewritten++;
  }
}
console.log(`Declarations: aliased imports made relative in ${rewritten} file(s).`);
