/** Stored results to order for the monitoring tests: matches, articles, PEP listings, failed sources, a risk level. */
import type { MediaItem, RiskLevel, SanctionsRow, SearchResults, SourceStatus } from "../../lib/screening/results.ts";

export interface ResultsInput {
  /** [datasetId, entityId, name] of each matching listing. */
  matches?: [string, string, string][];
  media?: Partial<MediaItem>[];
  peps?: { name: string; url: string }[];
  level?: RiskLevel;
  /** Names of sources that could not be checked (a sanctions list's name is its dataset id in these results). */
  failed?: { source: string; kind: SourceStatus["kind"] }[];
}

const DATASETS = ["us_ofac_sdn", "eu_fsf"];

export function checkResults(input: ResultsInput = {}): SearchResults {
  const failed = input.failed ?? [];
  const sanctionsList: SanctionsRow[] = DATASETS.map((datasetId) => {
    const hits = (input.matches ?? [])
      .filter(([d]) => d === datasetId)
      .map(([, entityId, name]) => ({
        hitId: `s:${entityId}`,
        entityId,
        name,
        matchedName: name,
        score: 0.97,
        schema: "Person",
        programs: [],
        nationality: [],
        birthDate: [],
        sourceUrl: null,
        differences: [],
      }));
    return { source: datasetId, datasetId, match: hits.length > 0, details: "", lastUpdated: "2026-11-01", entityCount: hits.length, url: null, hits };
  });
  const adverseMedia: MediaItem[] = (input.media ?? []).map((m, i) => ({
    hitId: `m:${i}`,
    title: `Article ${i}`,
    summary: "",
    source: "news.example",
    date: "2026-11-01",
    url: `https://news.example/${i}`,
    category: "negative",
    isNegative: true,
    ...m,
  }));
  const all: SourceStatus[] = [
    ...DATASETS.map((d): SourceStatus => ({ source: d, kind: "sanctions", status: "ok" })),
    { source: "Test News", kind: "media", status: "ok" },
    ...failed.map((f): SourceStatus => ({ ...f, status: "failed", error: "down", errorCode: "unreachable" })),
  ];
  const sources = all.filter((s, _i, all) => s.status === "failed" || !all.some((o) => o.status === "failed" && o.source === s.source));
  return {
    sanctionsList,
    adverseMedia,
    pepListings: (input.peps ?? []).map((p) => ({
      hitId: `p:${p.name}`,
      name: p.name,
      dataset: "US Congress PEPs",
      datasetId: "us_congress_peps",
      listVersion: "2026-11-01",
      url: p.url,
      nationality: [],
      birthDate: [],
      mismatches: [],
    })),
    risk: { level: input.level ?? "low", reasons: [] },
    sources,
    datasetsUsed: [],
    clean: false,
    summarySource: "built_in",
  };
}
