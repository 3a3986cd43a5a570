import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "../../data/db.ts";
import type { SanctionsEntity } from "../../lib/sanctions/entity.ts";
import { currentVersions, loadEntityBatches } from "../../lib/sanctions/index-cache/load.ts";
import { writeStoredSnapshot } from "../../lib/sanctions/index-cache/stored.ts";
import { SanctionsIndex } from "../../lib/sanctions/matcher/index.ts";
import { encodeIndex } from "../../lib/sanctions/matcher/snapshot/encode.ts";
import { BASE_ENTRIES } from "../../support/ofac-sdn.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { importSdnVersion } from "../helpers/list-files.ts";
import { sanctionsEntity } from "../helpers/sanctions-entities.ts";

// The server polls for new versions only once an hour here: the snapshots in the database are the test's alone.
const ENV = { ...SCREENING_TEST_ENV, DUECHECK_INDEX_REFRESH_MS: "3600000" };
let restoreEnv: () => void = () => {};
let app: TestApp;
let folder: string;
let env: Record<string, string>;

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  app = await startApp();
  env = { ...app.env, ...ENV };
  folder = mkdtempSync(join(tmpdir(), "dc-cli-snapshot-"));
  await importSdnVersion(app.db, BASE_ENTRIES);
});
afterAll(async () => {
  await app.stop();
  rmSync(folder, { recursive: true, force: true });
  restoreEnv();
});

const lines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

test("sanctions search --file --dataset writes the index snapshot once, then answers from it", async () => {
  const terms = join(folder, "terms.txt");
  writeFileSync(terms, "Rustam Karimov\nHector Valdez Moreno\n");
  const search = () => runCli(["sanctions", "search", "--file", terms, "--dataset", "us_ofac_sdn"], env);

  // No snapshot yet: the command builds the index, answers, and stores the snapshot before it ends.
  const first = await search();
  expect([first.code, first.stderr]).toEqual([0, ""]);
  const answers = lines(first.stdout);
  expect(answers.map((a) => [a.term, a.found, a.results[0]?.id])).toEqual([
    ["Rustam Karimov", true, "us_ofac_sdn:5001"],
    ["Hector Valdez Moreno", true, "us_ofac_sdn:5003"],
  ]);
  const stored = await app.db
    .select({ fingerprint: schema.sanctionsIndexSnapshots.fingerprint, completedAt: schema.sanctionsIndexSnapshots.completedAt })
    .from(schema.sanctionsIndexSnapshots);
  const { fingerprint, versions } = await currentVersions(app.db);
  expect(stored).toEqual([{ fingerprint, completedAt: expect.any(Date) }]);

  // Which one the next command answers from shows in its answers: a snapshot for the same versions is stored in its
  // place holding one listing more than the database, which a rebuilt index could not find.
  const entities: SanctionsEntity[] = [];
  for await (const batch of loadEntityBatches(
    app.db,
    versions.map((v) => v.versionId),
  ))
    entities.push(...batch);
  entities.push(sanctionsEntity("9901", "Person", "ZANZIBAR-OKONJO, Wilhelmina", [], { id: "us_ofac_sdn:9901", datasetId: "us_ofac_sdn" }));
  await app.db.delete(schema.sanctionsIndexSnapshots);
  const bytes = encodeIndex(SanctionsIndex.build(entities));
  expect(await writeStoredSnapshot(app.db, fingerprint, bytes, entities.length)).toBe("written");

  writeFileSync(terms, "Wilhelmina Zanzibar-Okonjo\nRustam Karimov\n");
  const second = await search();
  expect([second.code, second.stderr]).toEqual([0, ""]);
  expect(lines(second.stdout).map((a) => [a.term, a.found, a.results[0]?.id, a.results[0]?.datasets])).toEqual([
    ["Wilhelmina Zanzibar-Okonjo", true, "us_ofac_sdn:9901", ["us_ofac_sdn"]],
    ["Rustam Karimov", true, "us_ofac_sdn:5001", ["us_ofac_sdn"]],
  ]);
  // Loading wrote nothing: the stored snapshot is still the one.
  expect(await app.db.select({ id: schema.sanctionsIndexSnapshots.id }).from(schema.sanctionsIndexSnapshots)).toHaveLength(1);
});
