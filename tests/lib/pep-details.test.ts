/**
 * What a PEP listing means, read from the lists: positions with country, level and dates, and for a relative or close
 * associate whose one and how (FollowTheMoney's Position, Occupancy, Family and Associate; Senzing's RISKS and
 * RELATIONSHIPS), and how the risk weighs them (docs/decisions/pep-risk.md).
 */
import { describe, expect, test } from "bun:test";
import { explainedHits } from "../../lib/review/hit-explanations.ts";
import { reviewedRiskOf } from "../../lib/review/reviewed-risk.ts";
import { heldNow } from "../../lib/sanctions/parsers/ftm-pep.ts";
import { parseDatasetFiles } from "../../lib/sanctions/parsers/index.ts";
import type { PepPosition } from "../../lib/sanctions/pep.ts";
import { positionStatus } from "../../lib/screening/pep-risk.ts";
import { type PepListing, searchResultsSchema } from "../../lib/screening/results.ts";
import { assessRisk } from "../../lib/screening/risk.ts";
import { describeReason } from "../../lib/screening/summary/index.ts";
import { describePepReason, describePosition } from "../../lib/screening/summary/pep-phrases.ts";
import { monthsBefore, pepFtmFile } from "../fixtures/pep-ftm.ts";

const TODAY = new Date("2026-06-15T12:00:00Z");
const file = (name: string, text: string) => ({ name, content: new TextEncoder().encode(text) });
const parsed = () => parseDatasetFiles("opensanctions_ftm", "invented_peps", [file("entities.ftm.json", pepFtmFile(TODAY))]);
const byName = (name: string) => parsed().find((e) => e.name === name)!;

describe("FollowTheMoney PEP details", () => {
  test("only the persons are entities: positions, occupancies and links are not screened", () => {
    expect(parsed().map((e) => e.name)).toEqual([
      "Marco Bellandi",
      "Livia Bellandi",
      "Piet Vandersloot",
      "Greta Lindqvist-Hale",
      "Oswin Tarrant",
      "Amara Okonjo-Reyes",
    ]);
  });

  test("a current national PEP: the post, its country and level, since when, still held", () => {
    expect(byName("Marco Bellandi").pep).toEqual({
      role: "pep",
      positions: [{ title: "Member of the Senate", country: "IT", level: "national", startDate: "2018-03-23", endDate: null, current: true }],
      relatedPeps: [],
    });
  });

  test("former PEPs: a municipal post left 6 months ago, a national one left 5 years ago", () => {
    expect(byName("Greta Lindqvist-Hale").pep?.positions).toEqual([
      { title: "Mayor of Northbridge", country: "GB", level: "subnational", startDate: "2019-05-02", endDate: monthsBefore(TODAY, 6), current: false },
    ]);
    expect(byName("Oswin Tarrant").pep?.positions).toEqual([
      { title: "Minister of Finance", country: "FR", level: "national", startDate: "2014-08-26", endDate: monthsBefore(TODAY, 60), current: false },
    ]);
  });

  test("relatives and associates name their PEP and how, whichever comes first in the file", () => {
    expect(byName("Livia Bellandi").pep).toEqual({ role: "rca", positions: [], relatedPeps: [{ name: "Marco Bellandi", relationship: "spouse" }] });
    expect(byName("Piet Vandersloot").pep).toEqual({
      role: "rca",
      positions: [],
      relatedPeps: [{ name: "Marco Bellandi", relationship: "business associate" }],
    });
  });

  test("an international organisation's post has no country and the international level", () => {
    expect(byName("Amara Okonjo-Reyes").pep?.positions).toEqual([
      {
        title: "Deputy Secretary-General of the Organisation for Invented Cooperation",
        country: null,
        level: "international",
        startDate: "2021-01-04",
        endDate: null,
        current: true,
      },
    ]);
  });

  test("an entity that is neither a PEP nor a relative has no PEP details", () => {
    const [company] = parseDatasetFiles("opensanctions_ftm", "x", [
      file("e.json", JSON.stringify({ id: "c1", schema: "Company", properties: { name: ["Invented Trading Ltd"], topics: ["sanction"] } })),
    ]);
    expect(company.pep).toBeUndefined();
  });
});

describe("Senzing PEP details", () => {
  const lines = [
    {
      DATA_SOURCE: "OS_PEPS",
      RECORD_ID: "NK-rca",
      RECORD_TYPE: "PERSON",
      NAMES: [{ NAME_TYPE: "PRIMARY", NAME_FULL: "Livia Bellandi" }],
      RISKS: [{ TOPIC: "role.rca" }],
      RELATIONSHIPS: [{ REL_POINTER_ROLE: "Family", REL_POINTER_DOMAIN: "OPEN_SANCTIONS", REL_POINTER_KEY: "NK-pep" }],
    },
    {
      DATA_SOURCE: "OS_PEPS",
      RECORD_ID: "NK-pep",
      RECORD_TYPE: "PERSON",
      NAMES: [{ NAME_TYPE: "PRIMARY", NAME_FULL: "Marco Bellandi" }],
      RISKS: [{ TOPIC: "role.pep" }],
      RELATIONSHIPS: [{ REL_POINTER_ROLE: "Occupancy", REL_POINTER_DOMAIN: "OPEN_SANCTIONS", REL_POINTER_KEY: "Q-senate" }],
    },
    {
      DATA_SOURCE: "OS_PEPS",
      RECORD_ID: "Q-senate",
      RECORD_TYPE: null,
      NAMES: [{ NAME_TYPE: "PRIMARY", NAME_FULL: "Member of the Senate" }],
      COUNTRIES: [{ NATIONALITY: "it" }],
    },
  ];
  const entities = parseDatasetFiles("opensanctions_senzing", "os_peps", [file("senzing.json", lines.map((l) => JSON.stringify(l)).join("\n"))]);

  test("a PEP's posts from its Occupancy pointers: title and country (the export carries no dates, status or level)", () => {
    expect(entities.find((e) => e.name === "Marco Bellandi")?.pep).toEqual({
      role: "pep",
      positions: [{ title: "Member of the Senate", country: "IT", level: null, startDate: null, endDate: null, current: null }],
      relatedPeps: [],
    });
  });

  test("a relative names the PEP its pointer leads to, with the pointer's kind", () => {
    expect(entities.find((e) => e.name === "Livia Bellandi")?.pep).toEqual({
      role: "rca",
      positions: [],
      relatedPeps: [{ name: "Marco Bellandi", relationship: "family" }],
    });
    expect(entities.map((e) => e.name)).toEqual(["Livia Bellandi", "Marco Bellandi"]);
  });
});

const position = (over: Partial<PepPosition>): PepPosition => ({
  title: "Member of the Senate",
  country: "IT",
  level: "national",
  startDate: "2018",
  endDate: null,
  current: true,
  ...over,
});

function listing(over: Partial<PepListing>): PepListing {
  return {
    hitId: `p:${over.name ?? "x"}`,
    name: "Marco Bellandi",
    dataset: "Invented PEPs",
    listVersion: "2026-06-01T00:00:00.000Z",
    url: null,
    nationality: [],
    birthDate: [],
    mismatches: [],
    role: "pep",
    positions: [],
    relatedPeps: [],
    ...over,
  };
}

const risk = (pep: PepListing, homeCountry: string | null, foreignPepHigherRisk = true) =>
  assessRisk({
    sanctionsList: [],
    adverseMedia: [],
    pepListings: [pep],
    sources: [{ source: "Invented PEPs", kind: "pep", status: "ok" }],
    subject: { entityType: "person" },
    pep: { homeCountry, foreignPepHigherRisk, now: TODAY },
  });

describe("how a PEP weighs", () => {
  test("a post is current, left within 12 months, left before, or unknown", () => {
    expect(positionStatus(position({}), TODAY)).toBe("current");
    expect(positionStatus(position({ current: false, endDate: monthsBefore(TODAY, 6) }), TODAY)).toBe("recent");
    expect(positionStatus(position({ current: false, endDate: monthsBefore(TODAY, 13) }), TODAY)).toBe("former");
    expect(positionStatus(position({ current: null, endDate: "2020" }), TODAY)).toBe("former");
    expect(positionStatus(position({ current: null }), TODAY)).toBe("unknown");
    expect(positionStatus(position({ current: false }), TODAY)).toBe("recent");
  });

  test("a domestic PEP in office is medium; a foreign one is high when foreign PEPs weigh more, medium when not", () => {
    const current = listing({ positions: [position({})] });
    expect(risk(current, "IT").level).toBe("medium");
    expect(risk(current, "DE").level).toBe("high");
    expect(risk(current, "DE", false).level).toBe("medium");
    // Without the organisation's country no PEP is foreign.
    expect(risk(current, null).level).toBe("medium");
  });

  test("a PEP who left 6 months ago still raises the risk; one who left 5 years ago is named at low", () => {
    const recent = listing({ positions: [position({ current: false, endDate: monthsBefore(TODAY, 6) })] });
    expect(risk(recent, "IT").level).toBe("medium");
    expect(risk(recent, "GB").level).toBe("high");
    const long = risk(listing({ positions: [position({ current: false, endDate: monthsBefore(TODAY, 60) })] }), "GB");
    expect([long.level, long.reasons[0].code, long.reasons[0].level, long.clean]).toEqual(["low", "pep", "low", false]);
  });

  test("an international organisation's post is never foreign; a relative or a list that says nothing is medium", () => {
    const igo = listing({ positions: [position({ country: null, level: "international", title: "Deputy Secretary-General" })] });
    expect(risk(igo, "DE").level).toBe("medium");
    expect(risk(listing({ role: "rca", relatedPeps: [{ name: "Marco Bellandi", relationship: "spouse" }] }), "DE").level).toBe("medium");
    expect(risk(listing({}), "DE").level).toBe("medium");
  });

  test("the reason says which post, where, since when, or whose relative, in the four languages", () => {
    const current = risk(listing({ positions: [position({ startDate: "2018" })] }), "IT").reasons[0];
    expect(describePepReason("en", current.params)).toBe("current national PEP (Member of the Senate, IT, since 2018)");
    expect(describePepReason("de", current.params)).toBe("Amtierende nationale PEP (Member of the Senate, IT, seit 2018)");
    expect(describePepReason("es", current.params)).toBe("PEP nacional en ejercicio (Member of the Senate, IT, desde 2018)");
    expect(describePepReason("fr", current.params)).toBe("PPE nationale en fonction (Member of the Senate, IT, depuis 2018)");
    const spouse = risk(listing({ name: "Livia Bellandi", role: "rca", relatedPeps: [{ name: "Marco Bellandi", relationship: "spouse" }] }), "IT").reasons[0];
    expect(describePepReason("en", spouse.params)).toBe("spouse of a PEP (Marco Bellandi)");
    expect(describePepReason("de", spouse.params)).toBe("Ehepartner einer PEP (Marco Bellandi)");
    expect(describeReason(spouse, "en")).toBe("Listed as a politically exposed person: Livia Bellandi (Invented PEPs): spouse of a PEP (Marco Bellandi).");
    const foreign = risk(listing({ positions: [position({})] }), "DE").reasons[0];
    expect(describePepReason("en", foreign.params)).toBe("current foreign national PEP (Member of the Senate, IT, since 2018)");
  });

  test("a position in words", () => {
    expect(describePosition("en", position({ startDate: "2018-03-23" }))).toBe("Member of the Senate, IT, national, since 2018-03-23, in office");
    expect(describePosition("fr", position({ current: false, endDate: "2025-12-15" }))).toBe(
      "Member of the Senate, IT, nationale, depuis 2018, jusqu’à 2025-12-15",
    );
  });
});

describe("the risk the decisions leave", () => {
  test("a PEP listing weighs as the screening weighed it, not by today's date or settings", () => {
    const foreign = listing({ positions: [position({ current: false, endDate: monthsBefore(TODAY, 11) })] });
    const screened = risk(foreign, "DE");
    expect(screened.level).toBe("high");
    const results = searchResultsSchema.parse({
      sanctionsList: [],
      adverseMedia: [],
      pepListings: [foreign],
      risk: { level: screened.level, reasons: screened.reasons },
      sources: [{ source: "Invented PEPs", kind: "pep", status: "ok" }],
      datasetsUsed: [],
      clean: false,
      summarySource: "built_in",
    });
    expect(reviewedRiskOf(results, new Set(), { entityType: "person" })).toBe("high");
    expect(reviewedRiskOf(results, new Set([foreign.hitId]), { entityType: "person" })).toBe("low");
  });
});

describe("the hit explanation", () => {
  test("names the role, the positions and whose relative, before why the name matched", () => {
    const pep = listing({ positions: [position({ startDate: "2018-03-23" })] });
    const spouse = listing({ name: "Livia Bellandi", role: "rca", relatedPeps: [{ name: "Marco Bellandi", relationship: "spouse" }] });
    const hits = explainedHits({ sanctionsList: [], adverseMedia: [], pepListings: [pep, spouse] });
    expect(hits.map((h) => h.explanation)).toEqual([
      "politically exposed person; positions: Member of the Senate, IT, national, since 2018-03-23, in office",
      "relative or close associate of a PEP; related PEPs: spouse of Marco Bellandi",
    ]);
  });
});

describe("whether a post is still held", () => {
  test("the status when published, else an end date wholly past; a partial date ends with its last day", () => {
    expect(heldNow("current", "2020-01-01", "2026-06-15")).toBe(true);
    expect(heldNow("ended", null, "2026-06-15")).toBe(false);
    expect(heldNow(null, "2025", "2026-06-15")).toBe(false);
    expect(heldNow(null, "2026", "2026-06-15")).toBeNull();
    expect(heldNow(null, "2026-06", "2026-06-15")).toBeNull();
    expect(heldNow(null, null, "2026-06-15")).toBeNull();
  });
});
