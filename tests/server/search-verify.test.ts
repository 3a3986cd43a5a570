/**
 * Reproducible results: every search records the dataset versions (with checksums), matcher version, thresholds and
 * options it was screened with; `duecheck searches verify ID` and POST /api/admin/searches/{id}/verify screen it
 * again against those versions; the datasets' version retention keeps a version a stored search references.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { computeVersionChecksum, versionChecksums } from "../../lib/sanctions/datasets/checksum.ts";
import { MATCHER_VERSION } from "../../lib/sanctions/matcher/index.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importReviewList, REVIEW_ENTRIES } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
const ORLOV_ID = "us_ofac_sdn:8101";

let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: HttpClient;
let admin: HttpClient;

/** The review list again with another remark on one listing: a new version whose content differs. */
const republish = (n: number) =>
  importReviewList(
    app.db,
    REVIEW_ENTRIES.map((e) => (e.id === 8103 ? { ...e, remarks: `Republished ${n}.` } : e)),
  );

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  await createUser(app.db, { email: "analyst@example.com", password: "analyst-password", fullName: "Ana Lyst", credits: 100 });
  analyst = new HttpClient(app.url);
  await analyst.signIn("analyst@example.com", "analyst-password");
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
}, 60_000);
afterAll(() => stopApp());

async function screened(term = "Dmitri Orlov") {
  const created = await analyst.post("/api/searches", { searchTerm: term, entityType: "person", country: "RU" });
  expect(created.status).toBe(201);
  const read = await analyst.get(`/api/searches/${created.json.id}?wait=30`);
  expect(read.json.status).toBe("completed");
  return read.json;
}

const verify = (id: string) => admin.post(`/api/admin/searches/${id}/verify`, {});
const currentVersionId = async () =>
  (
    await app.db
      .select({ id: schema.sanctionsDatasetVersions.id })
      .from(schema.sanctionsDatasetVersions)
      .where(and(eq(schema.sanctionsDatasetVersions.datasetId, "us_ofac_sdn"), eq(schema.sanctionsDatasetVersions.isCurrent, true)))
  )[0].id;
const versionExists = async (id: string) =>
  (await app.db.select({ id: schema.sanctionsDatasetVersions.id }).from(schema.sanctionsDatasetVersions).where(eq(schema.sanctionsDatasetVersions.id, id)))
    .length === 1;

describe("what a search records", () => {
  test("the version screened with its checksum, the matcher version, thresholds and options", async () => {
    const search = await screened();
    const versionId = await currentVersionId();
    const [version] = await app.db.select().from(schema.sanctionsDatasetVersions).where(eq(schema.sanctionsDatasetVersions.id, versionId));
    expect(version.entitiesChecksum).toMatch(/^[0-9a-f]{64}$/);
    expect(search.results.datasetsUsed).toEqual([expect.objectContaining({ id: "us_ofac_sdn", versionId, checksum: version.entitiesChecksum })]);
    expect(search.results.provenance).toEqual({
      matcherVersion: MATCHER_VERSION,
      thresholds: { match: 0.8, nearMissScore: 0.7, resultsPerList: 10, nearMisses: 3 },
      options: { term: "Dmitri Orlov", entityType: "person", country: "RU", details: null, language: "en", numLinks: 10 },
    });
  });

  test("the checksum computed at import equals the one computed again from the stored entities, and is filled in lazily", async () => {
    const versionId = await currentVersionId();
    const [version] = await app.db.select().from(schema.sanctionsDatasetVersions).where(eq(schema.sanctionsDatasetVersions.id, versionId));
    expect(await computeVersionChecksum(app.db, versionId)).toBe(version.entitiesChecksum!);
    // A version stored before the column existed: computed on first use, the same value.
    await app.db.update(schema.sanctionsDatasetVersions).set({ entitiesChecksum: null }).where(eq(schema.sanctionsDatasetVersions.id, versionId));
    expect((await versionChecksums(app.db, [versionId])).get(versionId)).toBe(version.entitiesChecksum!);
    const [after] = await app.db.select().from(schema.sanctionsDatasetVersions).where(eq(schema.sanctionsDatasetVersions.id, versionId));
    expect(after.entitiesChecksum).toBe(version.entitiesChecksum);
  });
});

describe("verify", () => {
  test("a search is verified identical over HTTP and by the CLI, and both are audited", async () => {
    const search = await screened();
    expect(search.results.sanctionsList[0].hits.map((h: any) => h.entityId)).toContain(ORLOV_ID);
    const res = await verify(search.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ searchId: search.id, outcome: "identical", message: "identical", differences: [], adverseMediaRederived: false });

    const cli = await runCli(["searches", "verify", search.id], app.env);
    expect(cli.stderr).toBe("");
    expect(cli.code).toBe(0);
    expect(cli.stdout.split("\n")[0]).toBe("identical");
    expect(cli.stdout).toContain("Adverse media is not re-run");

    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "search.verified"), eq(schema.auditLog.targetId, search.id)));
    expect(audit.map((a) => [a.actorKind, (a.details as any).outcome]).sort()).toEqual([
      ["admin", "identical"],
      ["cli", "identical"],
    ]);
  });

  test("an unknown id: 404, and the CLI exits 1 with Search not found; only admins and auditors may verify", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await verify(unknown)).status).toBe(404);
    expect((await verify("not-an-id")).status).toBe(404);
    const cli = await runCli(["searches", "verify", unknown], app.env);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain("Search not found");

    const search = await screened();
    expect((await analyst.post(`/api/admin/searches/${search.id}/verify`, {})).status).toBe(403);
    expect((await new HttpClient(app.url).post(`/api/admin/searches/${search.id}/verify`, {})).status).toBe(401);

    // A verification changes no record: the read-only auditor may run it (and it is audited as theirs).
    const account = await createUser(app.db, { email: "verify-auditor@example.com", password: "auditor-password-1" });
    await app.db.update(schema.users).set({ role: "auditor" }).where(eq(schema.users.id, account.id));
    const auditor = new HttpClient(app.url);
    await auditor.signIn("verify-auditor@example.com", "auditor-password-1");
    const byAuditor = await auditor.post(`/api/admin/searches/${search.id}/verify`, {});
    expect(byAuditor).toMatchObject({ status: 200, json: { outcome: "identical" } });
    expect((await auditor.post(`/api/admin/searches/${unknown}/verify`, {})).status).toBe(404);
    const audited = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "search.verified"), eq(schema.auditLog.actorUserId, account.id)));
    expect(audited.map((a) => a.targetId)).toEqual([search.id]);
  });

  test("a search stored before versions were recorded cannot be verified, and says so", async () => {
    const search = await screened();
    await app.db
      .update(schema.searches)
      .set({
        results: sql`(${schema.searches.results} - 'provenance') || jsonb_build_object('datasetsUsed', '[{"id":"us_ofac_sdn","name":"OFAC","type":"sanctions","versionDate":"2025-01-01T00:00:00.000Z","entityCount":3}]'::jsonb)`,
      })
      .where(eq(schema.searches.id, search.id));
    const res = await verify(search.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      outcome: "cannot_verify",
      reason: "stored_before_versions",
      message: "cannot be verified: stored before versions were recorded",
    });
  });
});

describe("dataset versions that searches reference", () => {
  test("retention keeps a referenced version and drops an unreferenced old one; the search still verifies against its version", async () => {
    expect((await republish(2)).status).toBe("success");
    const referenced = await currentVersionId();
    const search = await screened();
    expect(search.results.datasetsUsed[0].versionId).toBe(referenced);
    expect((await republish(3)).status).toBe("success");
    const unreferenced = await currentVersionId();
    for (const n of [4, 5, 6]) expect((await republish(n)).status).toBe("success");
    // Without the reference, both would be gone: neither is the previous version nor the oldest kept candidate.
    expect(await versionExists(referenced)).toBe(true);
    expect(await versionExists(unreferenced)).toBe(false);

    // Screened again against the version it recorded, not the current one.
    const res = await verify(search.id);
    expect(res.json).toMatchObject({ outcome: "identical", versions: [{ datasetId: "us_ofac_sdn", versionId: referenced }] });
  });

  test("a listing changed in the stored version's entities is named, and the CLI exits 1 with the differences", async () => {
    const search = await screened();
    const versionId = search.results.datasetsUsed[0].versionId;
    const stored = search.results.sanctionsList[0].hits.find((h: any) => h.entityId === ORLOV_ID);
    expect(stored).toBeTruthy();
    // Verified twice first: the second reuses the index and checksum the first kept, the version's rows unchanged.
    expect((await verify(search.id)).json.outcome).toBe("identical");
    expect((await verify(search.id)).json.outcome).toBe("identical");
    // Tampering: the listing renamed directly in the database. The kept index must not answer for the changed rows.
    await app.db
      .update(schema.sanctionsEntities)
      .set({ name: "ZUBKOV, Ivan" })
      .where(and(eq(schema.sanctionsEntities.versionId, versionId), eq(schema.sanctionsEntities.id, ORLOV_ID)));

    const res = await verify(search.id);
    expect(res.json.outcome).toBe("different");
    expect(res.json.differences).toContainEqual(
      expect.objectContaining({ kind: "version_changed", datasetId: "us_ofac_sdn", versionId, stored: search.results.datasetsUsed[0].checksum }),
    );
    expect(res.json.differences).toContainEqual({
      kind: "hit_disappeared",
      list: "sanctions",
      datasetId: "us_ofac_sdn",
      entityId: ORLOV_ID,
      name: stored.name,
      stored: { score: stored.score, match: true },
    });

    const cli = await runCli(["searches", "verify", search.id], app.env);
    expect(cli.code).toBe(1);
    expect(cli.stdout).not.toContain("identical");
    expect(cli.stdout).toContain(`dataset version ${versionId} of us_ofac_sdn changed since the search`);
    expect(cli.stdout).toContain(`hit disappeared: ${stored.name} (${ORLOV_ID}, us_ofac_sdn)`);
  });
});
