import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../../data/db.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { entitiesChangedIn, namesMatching, versionBefore } from "../../lib/sanctions/version-changes.ts";
import { BASE_ENTRIES, type SdnEntry } from "../../support/ofac-sdn.ts";
import { openTestDatabase } from "../helpers/database.ts";
import { importSdnVersion } from "../helpers/list-files.ts";

/** A list update as monitoring sees it: only the listed entities a new version added or changed. */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDatasets(database.db);
});
afterAll(async () => {
  await database.close();
});

test("a first version changes every entity; the next one only the entities it added or renamed", async () => {
  const first = await importSdnVersion(database.db, BASE_ENTRIES);
  expect(await versionBefore(database.db, first)).toBeNull();
  expect((await entitiesChangedIn(database.db, first)).map((e) => e.sourceId).sort()).toEqual(BASE_ENTRIES.map((e) => String(e.id)).sort());

  const renamed = BASE_ENTRIES.map((e) => (e.id === 5003 ? { ...e, name: "VALDEZ MORENO, Hector Luis Alberto" } : e)).filter((e) => e.id !== 5008);
  const added: SdnEntry[] = [
    { id: 6001, name: "SCHNEIDER, Maria Elena", type: "individual", program: "SDGT", remarks: "DOB 03 Apr 1979; nationality Germany." },
    { id: 6002, name: "HARBOR BAKERY TRADING LLC", type: "entity", program: "IRAN" },
  ];
  // 5001 gains a passport in its remarks: not a field a name is matched on, so not a change for monitoring.
  const passport = "DOB 14 Mar 1968; nationality Uzbekistan; Passport A123 (Uzbekistan).";
  const second = await importSdnVersion(database.db, [...renamed.map((e) => (e.id === 5001 ? { ...e, remarks: passport } : e)), ...added]);
  expect(await versionBefore(database.db, second)).toBe(first);
  const changed = await entitiesChangedIn(database.db, second);
  expect(changed.map((e) => e.sourceId).sort()).toEqual(["5003", "6001", "6002"]);

  // Monitored names matched against the changes alone: the added person and the renamed one, spelled as people write them.
  const names = [
    { term: "Maria Elena Schneider", entityType: "person" as const, key: "a" },
    { term: "Hector Valdez Moreno", entityType: "person" as const, key: "b" },
    { term: "Rustam Karimov", entityType: "person" as const, key: "c" },
    { term: "Harbor Bakery Trading", entityType: "person" as const, key: "d" },
    { term: "Jean Dupont", entityType: "person" as const, key: "e" },
  ];
  const matched = namesMatching(names, changed);
  expect(matched.map((m) => m.name.key)).toEqual(["a", "b"]);
  expect(matched[0].matches[0].id).toBe("us_ofac_sdn:6001");
});
