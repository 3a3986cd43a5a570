import type { MediaItem, PepListing, SanctionsRow, SearchResults, SourceStatus } from "../../lib/screening/results.ts";
import { assessRisk } from "../../lib/screening/risk.ts";

/** Screening results of "Viktor Petrov": a strong OFAC match, a PEP listing, two adverse and one neutral article. */
export function petrovResults(options: { failMedia?: boolean } = {}): SearchResults {
  const sanctionsList: SanctionsRow[] = [
    {
      source: "OFAC SDN List",
      datasetId: "us_ofac_sdn",
      match: true,
      details: "Viktor Ivanovich PETROV (97%), RUSSIA-EO14024; birth date listed 1965-04-12",
      lastUpdated: "2024-05-01",
      entityCount: 1,
      url: "https://sanctionssearch.ofac.treas.gov/",
      hits: [
        {
          hitId: "s:ofac-36001",
          entityId: "ofac-36001",
          name: "Viktor Ivanovich PETROV",
          matchedName: "Viktor Petrov",
          score: 0.97,
          schema: "Person",
          programs: ["RUSSIA-EO14024"],
          nationality: ["ru"],
          birthDate: ["1965-04-12"],
          sourceUrl: "https://sanctionssearch.ofac.treas.gov/Details.aspx?id=36001",
          differences: ["middle name Ivanovich not in the query"],
        },
        {
          hitId: "s:ofac-99999",
          entityId: "ofac-99999",
          name: "Viktoria PETROVA",
          matchedName: "Viktoria Petrova",
          score: 0.62,
          schema: "Person",
          programs: ["UKRAINE-EO13660"],
          nationality: ["ua"],
          birthDate: [],
          sourceUrl: null,
          differences: [],
        },
      ],
    },
    {
      source: "UN Security Council Consolidated List",
      datasetId: "un_sc_sanctions",
      match: false,
      details: "No match",
      lastUpdated: "2024-04-28",
      entityCount: 0,
      url: "https://www.un.org/securitycouncil/content/un-sc-consolidated-list",
      hits: [],
    },
  ];
  const adverseMedia: MediaItem[] = [
    {
      hitId: "m:1",
      title: "Viktor Petrov charged with laundering $40m through shell companies",
      summary: "Prosecutors allege the businessman moved funds through Cyprus.",
      source: "Reuters",
      date: "2024-03-02",
      url: "https://news.test/petrov-charged",
      category: "criminal",
      isNegative: true,
    },
    {
      hitId: "m:2",
      title: "Procurement bribes: Petrov named in ministry probe",
      summary: "Investigators examine contracts awarded in 2019.",
      source: "Le Monde",
      date: "2024-02-11",
      url: "https://news.test/petrov-bribes",
      category: "corruption",
      isNegative: true,
    },
    {
      hitId: "m:3",
      title: "Petrov family opens a bakery in Sochi",
      summary: "Neutral local news.",
      source: "Sochi Daily",
      date: "2023-11-20",
      url: "https://news.test/bakery",
      category: "others",
      isNegative: false,
    },
  ];
  const pepListings: PepListing[] = [
    {
      hitId: "p:Viktor Petrov",
      name: "Viktor Petrov",
      matchedName: "Viktor Petrov",
      score: 1,
      dataset: "Every Politician",
      datasetId: "everypolitician",
      listVersion: "2024-04-30T06:00:00.000Z",
      url: "https://pep.test/petrov",
      nationality: ["ru"],
      birthDate: ["1965-04-12"],
      mismatches: [],
    },
  ];
  const sources: SourceStatus[] = [
    { source: "OFAC SDN List", kind: "sanctions", status: "ok" },
    { source: "UN Security Council Consolidated List", kind: "sanctions", status: "ok" },
    { source: "Every Politician", kind: "pep", status: "ok" },
    { source: "GDELT", kind: "media", status: "ok" },
    options.failMedia
      ? {
          source: "Google News",
          kind: "media",
          status: "failed",
          error: "answered HTTP 503 Service Unavailable",
          errorCode: "http_error",
          errorParams: { status: 503 },
        }
      : { source: "Google News", kind: "media", status: "ok" },
  ];
  const risk = assessRisk({ sanctionsList, adverseMedia, pepListings, sources, subject: { entityType: "person" } });
  return {
    sanctionsList,
    adverseMedia,
    pepListings,
    risk: { level: risk.level, reasons: risk.reasons },
    sources,
    datasetsUsed: [
      { id: "us_ofac_sdn", name: "OFAC SDN List", type: "sanctions", versionDate: "2024-05-01", entityCount: 17_934 },
      { id: "un_sc_sanctions", name: "UN Security Council Consolidated List", type: "sanctions", versionDate: "2024-04-28", entityCount: 1_003 },
      { id: "everypolitician", name: "Every Politician", type: "pep", versionDate: "2024-04-30", entityCount: 68_201 },
    ],
    clean: risk.clean,
    summarySource: "built_in",
  };
}

/** Nothing found anywhere, every source answered. */
export function cleanResults(): SearchResults {
  const sanctionsList: SanctionsRow[] = [
    { source: "OFAC SDN List", datasetId: "us_ofac_sdn", match: false, details: "No match", lastUpdated: "2024-05-01", entityCount: 0, url: null, hits: [] },
  ];
  const adverseMedia: MediaItem[] = [
    {
      hitId: "m:4",
      title: "Anna Schmidt wins regional award",
      summary: "",
      source: "Lokalzeitung",
      date: "2024-01-05",
      url: "https://news.test/award",
      category: "positive",
      isNegative: false,
    },
  ];
  const sources: SourceStatus[] = [
    { source: "OFAC SDN List", kind: "sanctions", status: "ok" },
    { source: "Google News", kind: "media", status: "ok" },
  ];
  const risk = assessRisk({ sanctionsList, adverseMedia, pepListings: [], sources, subject: { entityType: "person" } });
  return {
    sanctionsList,
    adverseMedia,
    pepListings: [],
    risk: { level: risk.level, reasons: risk.reasons },
    sources,
    datasetsUsed: [],
    clean: risk.clean,
    summarySource: "built_in",
  };
}
