/** Plain text from the small HTML fragments feeds put into descriptions (links, <font>, lists, entities). */

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  middot: "·",
  bull: "•",
  euro: "€",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

export function htmlToText(html: string): string {
  const withoutScripts = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ");
  // Block ends and list items separate words that the markup alone kept apart.
  const spaced = withoutScripts.replace(/<\/?(br|p|div|li|ol|ul|h[1-6]|tr|td)\b[^>]*>/gi, " ");
  return decodeEntities(spaced.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}
