/**
 * The repository's own packages by name, for Vite (TypeScript and Bun read the same from tsconfig.json's paths):
 * the app and @duecheck/react import `@duecheck/ui/<primitive>`, the app imports `@duecheck/react` and its
 * subpaths, always by name and never by a path into another package's folder.
 */
import { fileURLToPath } from "node:url";

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const workspaceAliases = [
  { find: /^@duecheck\/ui\/(.*)$/, replacement: `${at("./packages/ui/src")}/$1` },
  { find: /^@duecheck\/react$/, replacement: at("./packages/react/src/index.ts") },
  { find: /^@duecheck\/react\/(.*)$/, replacement: `${at("./packages/react/src")}/$1` },
];
