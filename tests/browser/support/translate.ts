/** The interface text as i18next words it, for tests that run in more than one language. */
export type Dictionary = Record<string, string>;

/** {{name}} filled in, _one or _other chosen by count. */
export function tr(dict: Dictionary, key: string, params: Record<string, string | number> = {}): string {
  const plural = typeof params.count === "number" ? `${key}_${params.count === 1 ? "one" : "other"}` : undefined;
  const text = dict[key] ?? (plural ? dict[plural] : undefined);
  if (text === undefined) throw new Error(`no text for ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}
