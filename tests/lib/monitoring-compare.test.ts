import { describe, expect, test } from "bun:test";
import { changesSummary, describeChanges } from "../../lib/monitoring/change-phrases.ts";
import { compareChecks, hasRealChanges } from "../../lib/monitoring/compare-checks.ts";
import { nextCheckAfter } from "../../lib/monitoring/schedule.ts";
import { checkResults } from "../fixtures/monitoring.ts";

describe("comparing two checks", () => {
  test("sanctions matches added and removed by dataset and listed entity id; a non-matching row's hits are ignored", () => {
    const before = checkResults({
      matches: [
        ["us_ofac_sdn", "ofac-1", "Rustam KARIMOV"],
        ["eu_fsf", "eu-7", "Rustam Karimov"],
      ],
    });
    const after = checkResults({
      matches: [
        ["us_ofac_sdn", "ofac-1", "Rustam KARIMOV"],
        ["us_ofac_sdn", "ofac-2", "Rustam A. KARIMOV"],
      ],
      level: "critical",
    });
    const changes = compareChecks(before, after);
    expect(changes.addedMatches.map((m) => [m.datasetId, m.entityId])).toEqual([["us_ofac_sdn", "ofac-2"]]);
    expect(changes.removedMatches.map((m) => [m.datasetId, m.entityId])).toEqual([["eu_fsf", "eu-7"]]);
    expect([changes.riskBefore, changes.riskAfter, changes.riskChanged]).toEqual(["low", "critical", true]);
    expect(hasRealChanges(changes)).toBe(true);

    // The same entity id in another dataset is another match.
    const moved = compareChecks(checkResults({ matches: [["us_ofac_sdn", "x", "A"]] }), checkResults({ matches: [["eu_fsf", "x", "A"]] }));
    expect([moved.addedMatches.length, moved.removedMatches.length]).toEqual([1, 1]);
    // A row not marked as a match does not count, whatever hits it carries.
    const unmatched = checkResults({ matches: [["us_ofac_sdn", "ofac-9", "Someone"]] });
    unmatched.sanctionsList[0].match = false;
    expect(compareChecks(checkResults(), unmatched).addedMatches).toEqual([]);
    // A matching row also lists near misses (under the threshold): one appearing is not a new match.
    const withNearMiss = checkResults({
      matches: [
        ["us_ofac_sdn", "ofac-1", "Rustam KARIMOV"],
        ["us_ofac_sdn", "ofac-3", "Rustam KARIMOVA"],
      ],
    });
    withNearMiss.sanctionsList[0].hits[1].score = 0.78;
    expect(compareChecks(checkResults({ matches: [["us_ofac_sdn", "ofac-1", "Rustam KARIMOV"]] }), withNearMiss).addedMatches).toEqual([]);
  });

  test("new negative or PEP media by URL, PEP listings too; a known URL, a positive article or the same results are no change", () => {
    const before = checkResults({ media: [{ url: "https://a.example/1" }, { url: "https://a.example/2", isNegative: false, category: "others" }] });
    const after = checkResults({
      media: [
        { url: "https://a.example/1" },
        // Known before as neutral, negative now: not new.
        { url: "https://a.example/2" },
        { url: "https://a.example/3", title: "Fraud charges" },
        { url: "https://a.example/4", isNegative: false, category: "PEP", title: "Appointed minister" },
        { url: "https://a.example/5", isNegative: false, category: "positive" },
      ],
      peps: [{ name: "Rustam Karimov", url: "https://peps.example/rk" }],
    });
    const changes = compareChecks(before, after);
    expect(changes.newMedia.map((m) => m.url)).toEqual(["https://a.example/3", "https://a.example/4", "https://peps.example/rk"]);
    expect(changes.newMedia.map((m) => m.category)).toEqual(["negative", "PEP", "PEP"]);

    const same = compareChecks(after, after);
    expect(hasRealChanges(same)).toBe(false);
  });

  test("a source that failed in this check is not a change: its matches are not compared, the level move not counted, and it is listed as not checked", () => {
    const before = checkResults({ matches: [["us_ofac_sdn", "ofac-1", "Rustam KARIMOV"]], level: "critical" });
    // OFAC did not answer: its row is empty now, and the level is medium because a source failed.
    const after = checkResults({ failed: [{ source: "us_ofac_sdn", kind: "sanctions" }], level: "medium" });
    const changes = compareChecks(before, after);
    expect(changes.removedMatches).toEqual([]);
    expect(changes.addedMatches).toEqual([]);
    expect(changes.riskChanged).toBe(false);
    expect(changes.notChecked).toEqual(["us_ofac_sdn"]);
    expect(hasRealChanges(changes)).toBe(false);

    // A match in another list that did answer is still a change.
    const other = compareChecks(
      before,
      checkResults({ failed: [{ source: "us_ofac_sdn", kind: "sanctions" }], matches: [["eu_fsf", "eu-1", "Rustam Karimov"]] }),
    );
    expect(other.addedMatches.map((m) => m.entityId)).toEqual(["eu-1"]);
    expect(hasRealChanges(other)).toBe(true);
  });
});

describe("the changes in words", () => {
  const changes = compareChecks(
    checkResults({ matches: [["eu_fsf", "eu-7", "R K"]], level: "low" }),
    checkResults({
      matches: [
        ["us_ofac_sdn", "o-1", "R K"],
        ["us_ofac_sdn", "o-2", "R K"],
      ],
      media: [{ url: "https://n.example/1" }],
      level: "critical",
      failed: [{ source: "Google News", kind: "media" }],
    }),
  );

  test("in English", () => {
    expect(changesSummary(changes, "en")).toBe(
      "2 new sanctions matches; 1 sanctions match no longer listed; risk level changed from low to critical; 1 new negative or PEP finding in the media and PEP lists; could not be checked: Google News",
    );
  });

  test("in German, the owner's report language", () => {
    expect(describeChanges(changes, "de")).toEqual([
      "2 neue Sanktionstreffer",
      "1 Sanktionstreffer ist nicht mehr gelistet",
      "Risikostufe von niedrig auf kritisch geändert",
      "1 neuer negativer oder PEP-Befund in Medien und PEP-Listen",
      "konnte nicht geprüft werden: Google News",
    ]);
    expect(changesSummary(changes, "de")).toStartWith("2 neue Sanktionstreffer; 1 Sanktionstreffer ist");
  });
});

describe("when the next check falls due", () => {
  const at = (iso: string) => new Date(iso);
  test("daily +1 day, weekly +7 days, monthly +1 calendar month keeping the day (or the month's last day)", () => {
    expect(nextCheckAfter(at("2026-03-10T08:00:00Z"), "daily", at("2026-03-10T08:00:30Z"))).toEqual(at("2026-03-11T08:00:00Z"));
    expect(nextCheckAfter(at("2026-03-10T08:00:00Z"), "weekly", at("2026-03-10T08:00:30Z"))).toEqual(at("2026-03-17T08:00:00Z"));
    expect(nextCheckAfter(at("2026-03-10T08:00:00Z"), "monthly", at("2026-03-10T09:00:00Z"))).toEqual(at("2026-04-10T08:00:00Z"));
    expect(nextCheckAfter(at("2026-01-31T08:00:00Z"), "monthly", at("2026-01-31T09:00:00Z"))).toEqual(at("2026-02-28T08:00:00Z"));
    expect(nextCheckAfter(at("2028-01-31T08:00:00Z"), "monthly", at("2028-01-31T09:00:00Z"))).toEqual(at("2028-02-29T08:00:00Z"));
    expect(nextCheckAfter(at("2026-12-15T08:00:00Z"), "monthly", at("2026-12-15T09:00:00Z"))).toEqual(at("2027-01-15T08:00:00Z"));
  });

  test("a check overdue by several periods (paused, waiting for credits) is run once, the next one after now at the same time of day", () => {
    expect(nextCheckAfter(at("2026-03-01T08:00:00Z"), "daily", at("2026-03-10T12:00:00Z"))).toEqual(at("2026-03-11T08:00:00Z"));
    expect(nextCheckAfter(at("2026-03-01T08:00:00Z"), "weekly", at("2026-03-10T12:00:00Z"))).toEqual(at("2026-03-15T08:00:00Z"));
    expect(nextCheckAfter(at("2026-01-31T08:00:00Z"), "monthly", at("2026-04-05T00:00:00Z"))).toEqual(at("2026-04-30T08:00:00Z"));
  });
});
