import { afterAll, beforeAll, expect, test } from "bun:test";
import { isNotNull } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { loadConfig } from "../../lib/config.ts";
import type { SanctionsEntity } from "../../lib/sanctions/entity.ts";
import { currentVersions, loadEntityBatches } from "../../lib/sanctions/index-cache/load.ts";
import { writeStoredSnapshot } from "../../lib/sanctions/index-cache/stored.ts";
import { SanctionsIndex } from "../../lib/sanctions/matcher/index.ts";
import { encodeIndex } from "../../lib/sanctions/matcher/snapshot/encode.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { type RunningServer, startServer } from "../../server/start.ts";
import { HttpClient } from "../../support/http-client.ts";
import { ListServer } from "../../support/list-server.ts";
import { sdnFiles } from "../../support/ofac-sdn.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { TEST_DB } from "../helpers/database.ts";
import { setEnv } from "../helpers/env.ts";
import { sanctionsEntity } from "../helpers/sanctions-entities.ts";

const ENV = { DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_INDEX_REFRESH_MS: "300" };
const SDN = ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"];
let restoreEnv: () => void = () => {};
let app: TestApp;
let list: ListServer;

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  app = await startApp();
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  list = await ListServer.start();
  for (const [name, content] of Object.entries(sdnFiles())) list.publish(`/sdn/${name}`, content);
});
afterAll(async () => {
  await list.stop();
  await app.stop();
  restoreEnv();
});

async function signedInAdmin(url: string) {
  const http = new HttpClient(url);
  await http.signIn("admin@test.local", "Admin-password-1");
  return http;
}

const finishedSnapshots = () =>
  app.db
    .select({ fingerprint: schema.sanctionsIndexSnapshots.fingerprint })
    .from(schema.sanctionsIndexSnapshots)
    .where(isNotNull(schema.sanctionsIndexSnapshots.completedAt));

test("a download through the server stores the index snapshot of the versions it made current", async () => {
  const admin = await signedInAdmin(app.url);
  const patched = await admin.request("PATCH", "/api/sanctions/datasets/us_ofac_sdn", { urls: SDN.map((n) => ({ url: `${list.url}/sdn/${n}` })) });
  expect(patched.status).toBe(200);
  expect((await admin.post("/api/sanctions/datasets/us_ofac_sdn/download")).json.status).toBe("success");
  expect((await admin.get("/api/sanctions/search?term=Rustam%20Karimov")).json.found).toBe(true);
  const { fingerprint } = await currentVersions(app.db);
  for (let waited = 0; (await finishedSnapshots()).length === 0 && waited < 20_000; waited += 100) await Bun.sleep(100);
  expect(await finishedSnapshots()).toEqual([{ fingerprint }]);
});

test.if(TEST_DB === "postgres")("a second server on the same PostgreSQL loads the stored snapshot instead of building", async () => {
  // What the second server answers from shows in its answers: the stored snapshot of the current versions is
  // replaced by one holding a listing more than the database, which a server building from the lists cannot find.
  const { fingerprint, versions } = await currentVersions(app.db);
  const entities: SanctionsEntity[] = [];
  for await (const batch of loadEntityBatches(
    app.db,
    versions.map((v) => v.versionId),
  ))
    entities.push(...batch);
  entities.push(sanctionsEntity("9902", "Person", "QUARTERMAINE-ODUYA, Perpetua", [], { id: "us_ofac_sdn:9902", datasetId: "us_ofac_sdn" }));
  await app.db.delete(schema.sanctionsIndexSnapshots);
  expect(await writeStoredSnapshot(app.db, fingerprint, encodeIndex(SanctionsIndex.build(entities)), entities.length)).toBe("written");

  const second: RunningServer = await startServer(loadConfig({ ...app.env, PORT: "0" }));
  try {
    const two = await signedInAdmin(second.url);
    const answer = await two.get("/api/sanctions/search?term=Perpetua%20Quartermaine-Oduya");
    expect(answer.status).toBe(200);
    expect(answer.json.results[0]).toMatchObject({ id: "us_ofac_sdn:9902", match: true });
    // The first server built its index from the lists.
    const one = await signedInAdmin(app.url);
    expect((await one.get("/api/sanctions/search?term=Perpetua%20Quartermaine-Oduya")).json.found).toBe(false);
  } finally {
    await second.stop();
  }
});
