import { describe, expect, test } from "bun:test";
import type { MediaItem, PepListing, SanctionsHit, SanctionsRow, SourceStatus } from "../../lib/screening/results.ts";
import { assessRisk, countryKey, datesAgree, type RiskInput } from "../../lib/screening/risk.ts";

function hit(score: number, extra: Partial<SanctionsHit> = {}): SanctionsHit {
  return {
    hitId: "s:ofac-1",
    entityId: "ofac-1",
    name: "Viktor PETROV",
    matchedName: "Viktor Petrov",
    score,
    schema: "Person",
    programs: ["RUSSIA-EO14024"],
    nationality: ["ru"],
    birthDate: ["1965-04-12"],
    sourceUrl: null,
    differences: [],
    ...extra,
  };
}

function row(hits: SanctionsHit[], match = hits.some((h) => h.score >= 0.8), source = "OFAC SDN"): SanctionsRow {
  return {
    source,
    datasetId: source.toLowerCase().replace(/\W+/g, "_"),
    match,
    details: "",
    lastUpdated: "2024-05-01",
    entityCount: hits.length,
    url: null,
    hits,
  };
}

function media(category: MediaItem["category"], isNegative: boolean, title = `${category} story`): MediaItem {
  return { hitId: `m:${title}`, title, summary: "", source: "News Test", date: "2024-03-01", url: "https://news.test/a", category, isNegative };
}

function pep(name: string): PepListing {
  return {
    hitId: `p:${name}`,
    name,
    dataset: "US Congress",
    listVersion: "2024-03-01T06:00:00.000Z",
    url: null,
    nationality: [],
    birthDate: [],
    mismatches: [],
    role: "pep",
    positions: [],
    relatedPeps: [],
  };
}

const ok: SourceStatus[] = [
  { source: "OFAC SDN", kind: "sanctions", status: "ok" },
  { source: "US Congress", kind: "pep", status: "ok" },
  { source: "GDELT", kind: "media", status: "ok" },
];

function assess(partial: Partial<RiskInput>) {
  return assessRisk({ sanctionsList: [], adverseMedia: [], pepListings: [], sources: ok, subject: { entityType: "person" }, ...partial });
}

describe("risk: sanctions", () => {
  test("a match scoring 0.95 is critical on its own", () => {
    const r = assess({ sanctionsList: [row([hit(0.95, { birthDate: [], nationality: [] })])] });
    expect(r.level).toBe("critical");
    expect(r.clean).toBe(false);
    expect(r.reasons[0]).toMatchObject({
      code: "sanctions_match_confirmed",
      level: "critical",
      params: { dataset: "OFAC SDN", entityName: "Viktor PETROV", score: 0.95, basis: "score", programs: "RUSSIA-EO14024" },
    });
  });

  test("just under 0.95 without the subject's facts is high", () => {
    const r = assess({ sanctionsList: [row([hit(0.949)])] });
    expect(r.level).toBe("high");
    expect(r.reasons[0]).toMatchObject({ code: "sanctions_match", level: "high", params: { score: 0.949, matches: 1 } });
  });

  test("a threshold match with an agreeing birth date is critical", () => {
    const r = assess({ sanctionsList: [row([hit(0.8)])], subject: { entityType: "person", birthDate: "1965" } });
    expect(r.level).toBe("critical");
    expect(r.reasons[0].params.basis).toBe("birth_date");
  });

  test("a threshold match with an agreeing nationality is critical, codes and names alike", () => {
    const r = assess({ sanctionsList: [row([hit(0.85)])], subject: { entityType: "person", nationality: "Russia" } });
    expect(r.level).toBe("critical");
    expect(r.reasons[0].params.basis).toBe("nationality");
  });

  test("a threshold match whose birth date and nationality disagree stays high", () => {
    const r = assess({ sanctionsList: [row([hit(0.9)])], subject: { entityType: "person", birthDate: "1980-01-01", nationality: "FR" } });
    expect(r.level).toBe("high");
    expect(r.reasons[0].code).toBe("sanctions_match");
  });

  test("the match threshold is the boundary for a match", () => {
    expect(assess({ sanctionsList: [row([hit(0.8)])] }).level).toBe("high");
    const under = assess({ sanctionsList: [row([hit(0.799)], false)] });
    expect(under.level).toBe("low");
    expect(under.clean).toBe(true);
    expect(under.reasons.map((r) => r.code)).toEqual(["sanctions_possible_match", "no_findings"]);
    expect(under.reasons[0].params).toMatchObject({ score: 0.799, threshold: 0.8 });
    expect(assess({ sanctionsList: [row([hit(0.7)], true)], matchThreshold: 0.7 }).level).toBe("high");
  });

  test("one reason per dataset, with the strongest hit and the number of matches", () => {
    const r = assess({
      sanctionsList: [row([hit(0.82, { name: "A" }), hit(0.97, { name: "B" })]), row([hit(0.85, { name: "C" })], true, "UN SC")],
    });
    expect(r.reasons.map((x) => [x.code, x.params.dataset, x.params.entityName])).toEqual([
      ["sanctions_match_confirmed", "OFAC SDN", "B"],
      ["sanctions_match", "UN SC", "C"],
    ]);
    expect(r.reasons[0].params.matches).toBe(2);
  });

  test("a match row without hit details still counts", () => {
    const r = assess({ sanctionsList: [{ ...row([], true), details: "Matched 1 entity", entityCount: 1 }] });
    expect(r.level).toBe("high");
    expect(r.reasons[0]).toMatchObject({ code: "sanctions_match", params: { dataset: "OFAC SDN", matches: 1 } });
  });

  test("no match in any dataset is low and clean", () => {
    const r = assess({ sanctionsList: [row([], false), row([], false, "UN SC")], adverseMedia: [media("positive", false), media("others", false)] });
    expect(r).toEqual({ level: "low", clean: true, reasons: [{ code: "no_findings", level: "low", params: { datasets: 2, articles: 2 } }] });
  });
});

describe("risk: PEP and media", () => {
  test("a PEP listing is medium, listed with its facts, and not clean", () => {
    const r = assess({ pepListings: [pep("Jane Senator")] });
    expect(r.level).toBe("medium");
    expect(r.clean).toBe(false);
    expect(r.reasons).toEqual([
      { code: "pep", level: "medium", params: { name: "Jane Senator", dataset: "US Congress", listVersion: "2024-03-01T06:00:00.000Z" } },
    ]);
  });

  test("an article the classifier files under PEP is news: neither a PEP listing nor adverse", () => {
    const r = assess({ adverseMedia: [media("PEP", false, "Senator opens a school")] });
    expect(r.reasons.map((x) => x.code)).toEqual(["no_findings"]);
  });

  test("negative media is medium with the count and the categories", () => {
    const r = assess({ adverseMedia: [media("criminal", true), media("corruption", true), media("criminal", true), media("positive", false)] });
    expect(r.level).toBe("medium");
    expect(r.reasons).toEqual([{ code: "negative_media", level: "medium", params: { count: 3, categories: "criminal, corruption" } }]);
  });

  test("a sanctions match outranks PEP and media, and every reason is kept", () => {
    const r = assess({ sanctionsList: [row([hit(0.88)])], pepListings: [pep("Viktor Petrov")], adverseMedia: [media("negative", true)] });
    expect(r.level).toBe("high");
    expect(r.reasons.map((x) => x.code)).toEqual(["sanctions_match", "pep", "negative_media"]);
  });
});

describe("risk: failed sources", () => {
  test("when no news provider answered, media could not be checked: never low, never clean", () => {
    const r = assess({
      sources: [...ok.slice(0, 2), { source: "GDELT", kind: "media", status: "failed", errorCode: "http_error", errorParams: { status: 503 } }],
    });
    expect(r.level).toBe("medium");
    expect(r.clean).toBe(false);
    expect(r.reasons).toEqual([{ code: "source_failed", level: "medium", params: { count: 1 } }]);
  });

  test("one news provider failing while another answered: media were checked, the result stays low but not clean", () => {
    const r = assess({ sources: [...ok, { source: "Google News", kind: "media", status: "failed", errorCode: "unreachable" }] });
    expect(r.level).toBe("low");
    expect(r.clean).toBe(false);
    expect(r.reasons).toEqual([{ code: "source_failed", level: "low", params: { count: 1 } }]);
  });

  test("every source that could not be checked makes one reason", () => {
    const failed: SourceStatus[] = [
      { source: "OFAC SDN", kind: "sanctions", status: "failed", errorCode: "never_downloaded" },
      { source: "US Congress", kind: "pep", status: "failed", errorCode: "never_downloaded" },
      { source: "GDELT", kind: "media", status: "failed", errorCode: "unreachable" },
      { source: "Google News", kind: "media", status: "failed", errorCode: "timeout", errorParams: { seconds: 10 } },
    ];
    const r = assess({ sources: failed });
    expect(r.reasons).toEqual([{ code: "source_failed", level: "medium", params: { count: 4 } }]);
  });

  test("a sanctions or PEP source that failed makes it at least medium", () => {
    for (const kind of ["sanctions", "pep"] as const) {
      const r = assess({ sources: [{ source: "lists", kind, status: "failed", error: "No data has been downloaded yet" }] });
      expect(r.level).toBe("medium");
      expect(r.clean).toBe(false);
      expect(r.reasons[0]).toMatchObject({ code: "source_failed", level: "medium", params: { count: 1 } });
    }
  });

  test("a failed source does not lower a higher level", () => {
    const r = assess({ sanctionsList: [row([hit(0.99)])], sources: [...ok, { source: "Google News", kind: "media", status: "failed" }] });
    expect(r.level).toBe("critical");
    expect(r.reasons.map((x) => x.code)).toEqual(["sanctions_match_confirmed", "source_failed"]);
  });

  test("a failed summary leaves the findings clean", () => {
    const r = assess({ sources: [...ok, { source: "model", kind: "summary", status: "failed" }] });
    expect(r.clean).toBe(true);
  });
});

describe("risk: fact comparison", () => {
  test("dates agree as far as the less precise one goes", () => {
    expect(datesAgree("1965", "1965-04-12")).toBe(true);
    expect(datesAgree("1965-04-12", "1965-04")).toBe(true);
    expect(datesAgree("1965-04-12", "1965-04-13")).toBe(false);
    expect(datesAgree("1966", "1965-04-12")).toBe(false);
    expect(datesAgree("", "1965")).toBe(false);
  });

  test("country codes and names compare equal", () => {
    expect(countryKey("RU")).toBe(countryKey("russia"));
    expect(countryKey("de")).toBe("germany");
    expect(countryKey("Iran")).not.toBe(countryKey("IQ"));
  });
});
