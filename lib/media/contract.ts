/**
 * What adverse media gives a search's results, for the server, the CLI and the app alike: the categories an article
 * is filed under, the article as the results keep it, and its id among the search's hits. Only zod (browser-safe).
 */
import { z } from "zod";

export const MEDIA_CATEGORIES = ["negative", "PEP", "positive", "criminal", "sanctions", "corruption", "others"] as const;
export const mediaCategorySchema = z.enum(MEDIA_CATEGORIES);
export type MediaCategory = z.infer<typeof mediaCategorySchema>;

/**
 * An adverse-media article as a search's results keep it (results.adverseMedia). Searches stored before
 * pepListings existed also hold PEP listings here (category PEP): readResults (lib/screening/results.ts) moves them
 * out.
 */
export const mediaItemSchema = z.object({
  hitId: z.string(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  date: z.string().nullable(),
  url: z.string(),
  category: mediaCategorySchema,
  isNegative: z.boolean(),
  language: z.string().optional(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** FNV-1a, 32 bits, as 8 hex digits: a short, stable name for an address (not a security measure). */
function shortHash(value: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/**
 * An article's id among its search's hits, derived from its address (else its title), so reading the same results
 * again gives the same id (lib/screening/hit-ids.ts makes the ids of a search unique).
 */
export const mediaHitId = (article: { url: string; title: string }) => `m:${shortHash(article.url || article.title)}`;
