/**
 * The repository's own packages by name, for Vite (TypeScript and Bun read the same from tsconfig.json's paths):
 * the app and @duecheck/react import `@duecheck/ui/<primitive>`, the app imports `@duecheck/react` and its
 * subpaths, always by name and never by a path into another package's folder. Code far from the root names lib/ and
 * data/ as `@lib/…` and `@data/…` rather than climbing four or more folders (scripts/check-imports.ts holds that).
 */
import { fileURLToPath } from "node:url";

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const workspaceAliases = [
  { find: /^@duecheck\/ui\/(.*)$/, replacement: `${at("./packages/ui/src")}/$1` },
  { find: /^@duecheck\/react$/, replacement: at("./packages/react/src/index.ts") },
  { find: /^@duecheck\/react\/(.*)$/, replacement: `${at("./packages/react/src")}/$1` },
  { find: /^@lib\/(.*)$/, replacement: `${at("./lib")}/$1` },
  { find: /^@data\/(.*)$/, replacement: `${at("./data")}/$1` },
];
