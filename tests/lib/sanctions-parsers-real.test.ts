import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import type { DatasetFile, SanctionsEntity } from "../../lib/sanctions/entity.ts";
import { type DatasetFormat, parseDatasetFiles } from "../../lib/sanctions/parsers/index.ts";

// The published lists kept beside the repository for development; never copied into it.
const DATA = join(import.meta.dir, "../../../shared/data");
const missing = !existsSync(DATA);

function load(datasetId: string): DatasetFile[] {
  const folder = join(DATA, datasetId);
  return readdirSync(folder).map((name) => ({ name, content: new Uint8Array(readFileSync(join(folder, name))) }));
}

function parseTimed(format: DatasetFormat, datasetId: string): SanctionsEntity[] {
  const files = load(datasetId);
  const started = performance.now();
  const entities = parseDatasetFiles(format, datasetId, files);
  console.log(`${datasetId}: ${entities.length} entities parsed in ${Math.round(performance.now() - started)} ms`);
  return entities;
}

const byId = (entities: SanctionsEntity[], sourceId: string) => entities.find((entity) => entity.sourceId === sourceId)!;
const allNames = (entity: SanctionsEntity) => [entity.name, ...entity.aliases.map((alias) => alias.name)];

describe.skipIf(missing)("the real published lists", () => {
  test("us_ofac_sdn: 8,976 entries, and all 11,910 rows of alt.csv attached to them", () => {
    const entities = parseTimed("ofac_csv", "us_ofac_sdn");
    expect(entities).toHaveLength(8976);
    const index = new Map(entities.map((entity) => [entity.sourceId, entity]));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the DOS end-of-file byte is what this removes
    const altText = readFileSync(join(DATA, "us_ofac_sdn/alt.csv"), "latin1").replace(/\x1a\s*$/, "");
    const altRows = (parse(altText) as string[][]).filter(([entNum]) => index.has(entNum));
    expect(altRows).toHaveLength(11910);
    // Six rows repeat the primary name or another alternate name, so they are not listed twice.
    for (const [entNum, , , name] of altRows) expect(allNames(index.get(entNum)!)).toContain(name.replace(/\s+/g, " ").trim());
  });

  test("us_ofac_sdn: date of birth, nationality and weak aliases come out of the remarks", () => {
    const entities = parseTimed("ofac_csv", "us_ofac_sdn");
    const ayeras = byId(entities, "10852");
    expect(ayeras.name).toBe("AYERAS, Ricardo Perez");
    expect(ayeras.birthDates).toEqual(["1973-09-15"]);
    expect(ayeras.nationalities).toEqual(["Philippines"]);
    expect(ayeras.aliases).toContainEqual({ name: "MUJIB, Abdul", kind: "weak" });
    expect(byId(entities, "17386").birthDates).toEqual(["1985", "1984 to 1986"]);
    // Its remarks run on in sdn_comments.csv, in the middle of the last alias.
    expect(byId(entities, "28263").aliases).toContainEqual({ name: "snowsjohn", kind: "weak" });
    const vessel = byId(entities, "15080");
    expect([vessel.schema, vessel.nationalities]).toEqual(["Vessel", ["Panama"]]);
  });

  test("us_ofac_cons: 442 entries", () => {
    const entities = parseTimed("ofac_csv", "us_ofac_cons");
    expect(entities).toHaveLength(442);
    expect(byId(entities, "9639").birthDates).toEqual(["1962"]);
  });

  test("un_sc_sanctions: 730 individuals, 273 entities and every name in original script", () => {
    const entities = parseTimed("un_xml", "un_sc_sanctions");
    expect(entities.filter((entity) => entity.schema === "Person")).toHaveLength(730);
    expect(entities.filter((entity) => entity.schema === "Organization")).toHaveLength(273);

    const xml = readFileSync(join(DATA, "un_sc_sanctions/consolidated.xml"), "utf8");
    const published = [...xml.matchAll(/<NAME_ORIGINAL_SCRIPT>([^<]*)<\/NAME_ORIGINAL_SCRIPT>/g)].map(([, name]) => name.replace(/\s+/g, " ").trim());
    expect(published).toHaveLength(378);
    const names = new Set(entities.flatMap(allNames));
    for (const name of published) expect(names.has(name)).toBe(true);
    // One of the 378 repeats the primary name in Latin letters; 8 aliases are written wholly in Arabic or Chinese.
    const originals = entities.flatMap((entity) => entity.aliases.filter((alias) => alias.kind === "original_script"));
    expect(originals).toHaveLength(377 + 8);

    const badege = byId(entities, "6907993");
    expect(badege.name).toBe("ERIC BADEGE");
    expect(badege.birthDates).toEqual(["1971"]);
    expect(badege.nationalities).toEqual(["Democratic Republic of the Congo"]);
    expect(badege.programs).toEqual(["DRC", "CDi.001"]);
    expect(badege.listedOn).toBe("2012-12-31");
  });

  test("us_congress_peps: 1,317 people; the 2 position records of the 1,319 are not people", () => {
    const entities = parseTimed("opensanctions_senzing", "us_congress_peps");
    const lines = readFileSync(join(DATA, "us_congress_peps/senzing.json"), "utf8").trim().split("\n");
    expect(lines).toHaveLength(1319);
    expect(entities).toHaveLength(1317);
    expect(entities.every((entity) => entity.schema === "Person")).toBe(true);
    const franklin = byId(entities, "Q101198561");
    expect(franklin.aliases).toEqual([{ name: "C. Scott Franklin", kind: "aka" }]);
    expect(franklin.birthDates).toEqual(["1964"]);
  });
});
