import { describe, expect, test } from "bun:test";
import type { SanctionsHit, SanctionsRow, SourceStatus } from "../../lib/screening/results.ts";
import { assessRisk } from "../../lib/screening/risk.ts";
import { describeMismatch, describeReason } from "../../lib/screening/summary/index.ts";

function hit(score: number, extra: Partial<SanctionsHit> = {}): SanctionsHit {
  return {
    hitId: "s:us_ofac_sdn:7001",
    entityId: "us_ofac_sdn:7001",
    name: "KARIMOV, Rustam Alievich",
    matchedName: "KARIMOV, Rustam Alievich",
    score,
    schema: "Person",
    programs: ["SDGT"],
    nationality: ["Uzbekistan"],
    birthDate: ["1968-03-14"],
    sourceUrl: null,
    differences: [],
    ...extra,
  };
}

const row = (hits: SanctionsHit[], match: boolean): SanctionsRow => ({
  source: "OFAC SDN",
  datasetId: "us_ofac_sdn",
  match,
  details: "",
  lastUpdated: "2026-11-01",
  entityCount: match ? 1 : 0,
  url: null,
  hits,
});

const ok: SourceStatus[] = [
  { source: "OFAC SDN", kind: "sanctions", status: "ok" },
  { source: "GDELT", kind: "media", status: "ok" },
];

describe("risk reasons of query by example", () => {
  test("an identifier that decided a match makes it critical and the reason names it, in every language", () => {
    const decided = hit(1, { evidence: { identifier: { kind: "passport", value: "FA1234567" }, nameScore: 0.62 } });
    const risk = assessRisk({ sanctionsList: [row([decided], true)], adverseMedia: [], pepListings: [], sources: ok, subject: { entityType: "person" } });
    expect(risk.level).toBe("critical");
    expect(risk.reasons[0]).toMatchObject({
      code: "sanctions_match_confirmed",
      params: { basis: "identifier", identifierKind: "passport", identifier: "FA1234567" },
    });
    expect(describeReason(risk.reasons[0], "en")).toContain("the listing carries the searched passport FA1234567");
    expect(describeReason(risk.reasons[0], "de")).toContain("der Eintrag führt die gesuchte Reisepassnummer FA1234567");
    expect(describeReason(risk.reasons[0], "es")).toContain("el registro incluye el pasaporte buscado FA1234567");
    expect(describeReason(risk.reasons[0], "fr")).toContain("l'inscription porte le numéro de passeport recherché FA1234567");
  });

  test("the matcher's evidence decides the agreement: a birth date and nationality it found agreeing confirm the match", () => {
    const agreeing = hit(0.88, { evidence: { birthDate: "agrees", nationality: "agrees", nameScore: 0.83 } });
    const risk = assessRisk({
      sanctionsList: [row([agreeing], true)],
      adverseMedia: [],
      pepListings: [],
      sources: ok,
      subject: { entityType: "person", birthDate: "1968", nationality: "UZ" },
    });
    expect(risk.reasons[0]).toMatchObject({ code: "sanctions_match_confirmed", params: { basis: "birth_date, nationality" } });
  });

  test("a name match kept a near miss by its birth date is the possible match the reason names, not a match", () => {
    const nearMiss = hit(0.75, { evidence: { birthDate: "differs", nameMatchesBirthDateDiffers: true, nameScore: 1 } });
    const closer = hit(0.78, { entityId: "us_ofac_sdn:9", name: "KARIMOV, Rustem" });
    const risk = assessRisk({
      sanctionsList: [row([closer, nearMiss], false)],
      adverseMedia: [],
      pepListings: [],
      sources: ok,
      subject: { entityType: "person", birthDate: "1990" },
    });
    expect(risk.level).toBe("low");
    expect(risk.clean).toBe(true);
    const reason = risk.reasons.find((r) => r.code === "sanctions_possible_match")!;
    expect(reason.params).toMatchObject({
      entityName: "KARIMOV, Rustam Alievich",
      birthDateDiffers: 1,
      nameScore: 1,
      birthDate: "1968-03-14",
      searchedBirthDate: "1990",
    });
    expect(describeReason(reason, "en")).toBe(
      "Name matches, birth date differs: KARIMOV, Rustam Alievich in OFAC SDN (name 100%; listed born Mar 14, 1968, searched 1990), kept below the threshold.",
    );
    expect(describeReason(reason, "fr")).toStartWith("Le nom correspond, la date de naissance diffère : KARIMOV, Rustam Alievich");
  });

  test("a birth_date mismatch is worded with its days", () => {
    expect(describeMismatch({ kind: "birth_date", listed: ["1968-03-14", "1969"], searched: "1990-01-02" }, "en")).toBe(
      "birth date: listed Mar 14, 1968, 1969, searched Jan 2, 1990",
    );
    expect(describeMismatch({ kind: "birth_date", listed: ["1968-03-14"], searched: "1990" }, "de")).toBe("Geburtsdatum: gelistet 14.03.1968, gesucht 1990");
  });
});
