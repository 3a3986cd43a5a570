/**
 * use-sync-external-store/shim for React 18 and 19, which have the hook: the CommonJS shim would `require("react")`,
 * which an ES module build cannot do with React external.
 */
export { useSyncExternalStore } from "react";
