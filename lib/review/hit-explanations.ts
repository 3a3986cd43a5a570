/**
 * A search's hits one by one, each with why it is a hit in words: which name parts met which and how, what the
 * search's details said of the listing, and how the listing differs. English: read by agents and integrations (the
 * MCP server, the open-hits list), which word nothing themselves.
 */
import { z } from "zod";
import { describeEvidence, describeExplanation } from "../reports/explanation.ts";
import type { Mismatch, PepListing, SanctionsHit, SearchResults } from "../screening/results.ts";
import { describePosition } from "../screening/summary/pep-phrases.ts";
import { HIT_KINDS } from "./contract.ts";
import { reviewableHits } from "./status.ts";

export const explainedHitSchema = z.object({
  /** The hit's id within its search: what a decision names. */
  hitId: z.string(),
  kind: z.enum(HIT_KINDS),
  /** The listed name, or the article's title. */
  name: z.string(),
  /** The list it is on, or the article's news source. */
  source: z.string(),
  /** Name similarity 0..1 (listings); null for an article. */
  score: z.number().nullable(),
  /** Why it is a hit, in English. */
  explanation: z.string(),
  url: z.string().nullable(),
  /** Covered by a remembered clearance: shown, not flagged. */
  cleared: z.boolean(),
});
export type ExplainedHit = z.infer<typeof explainedHitSchema>;

function listingWhy(hit: Pick<SanctionsHit, "explanation" | "evidence" | "differences"> & { partial?: boolean; programs?: string[] }): string {
  const said: string[] = [];
  const parts = describeExplanation(hit.explanation, "en");
  if (parts) said.push(`name parts: ${parts}`);
  said.push(...describeEvidence(hit.evidence, "en"));
  if (hit.partial) said.push("partial match: one name met a person listed under more names");
  if (hit.differences.length) said.push(`differs: ${hit.differences.join(", ")}`);
  if (hit.programs?.length) said.push(`programmes: ${hit.programs.join(", ")}`);
  return said.join("; ");
}

/** A PEP listing's mismatches as the sanctions hits' differences read. */
function mismatchText(m: Mismatch): string {
  if (m.kind === "name") return `name (${Math.round(m.score * 100)}%)`;
  const field = m.kind === "birth_date" ? "birth date" : "nationality";
  return `${field}: listed ${m.listed.join(", ") || "none"}, searched ${m.searched}`;
}

/**
 * A PEP listing: its role first (what enhanced due diligence turns on), the positions with country and dates, the
 * PEPs a relative or associate is linked to, then why the name matched.
 */
function pepWhy(listing: PepListing): string {
  const said = [listing.role === "rca" ? "relative or close associate of a PEP" : "politically exposed person"];
  const positions = listing.positions ?? [];
  if (positions.length) said.push(`positions: ${positions.map((p) => describePosition("en", p)).join(" | ")}`);
  const related = listing.relatedPeps ?? [];
  if (related.length) said.push(`related PEPs: ${related.map((r) => `${r.relationship} of ${r.name}`).join(", ")}`);
  const why = listingWhy({ explanation: listing.explanation, evidence: listing.evidence, differences: listing.mismatches.map(mismatchText) });
  return [...said, ...(why ? [why] : [])].join("; ");
}

/** Every hit of the results (sanctions hits, PEP listings, negative articles), in the order a reviewer sees them. */
export function explainedHits(results: Pick<SearchResults, "sanctionsList" | "pepListings" | "adverseMedia"> | null): ExplainedHit[] {
  if (!results) return [];
  const cleared = new Map(reviewableHits(results).map((h) => [h.hitId, h.cleared]));
  const hits: ExplainedHit[] = [];
  for (const row of results.sanctionsList) {
    for (const hit of row.hits) {
      hits.push({
        hitId: hit.hitId,
        kind: "sanctions",
        name: hit.name,
        source: row.source,
        score: hit.score,
        explanation: listingWhy(hit),
        url: hit.sourceUrl ?? row.url,
        cleared: cleared.get(hit.hitId) ?? false,
      });
    }
  }
  for (const listing of results.pepListings) {
    hits.push({
      hitId: listing.hitId,
      kind: "pep",
      name: listing.name,
      source: listing.dataset,
      score: listing.score ?? null,
      explanation: pepWhy(listing),
      url: listing.url,
      cleared: cleared.get(listing.hitId) ?? false,
    });
  }
  for (const article of results.adverseMedia) {
    if (!article.isNegative) continue;
    hits.push({
      hitId: article.hitId,
      kind: "media",
      name: article.title,
      source: article.source,
      score: null,
      explanation: `negative article (${article.category})${article.date ? `, ${article.date.slice(0, 10)}` : ""}: ${article.summary}`,
      url: article.url,
      cleared: false,
    });
  }
  return hits;
}
