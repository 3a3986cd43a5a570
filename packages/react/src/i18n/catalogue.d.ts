/** The app's words the components use (web/src/i18n, picked at build time by packages/react/vite.config.ts). */
declare module "virtual:duecheck-catalogue/*" {
  const catalogue: Record<string, string>;
  export default catalogue;
}
