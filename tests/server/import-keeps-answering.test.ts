/**
 * A list's import must never look like an outage. While an admin uploads an OFAC SDN list (generated in its official
 * CSV layout, a third of the published one's size: long enough for a hundred reads, which is what these checks need;
 * `npm run bench:import` imports the real list), an analyst's GET /api/searches keeps answering 200,
 * never 503, and readers see the old version until the new one is complete and current, never a half-written one.
 * An import that fails in the database leaves the old version in force and nothing of itself; one whose process is
 * killed (SIGKILL) mid-write leaves nothing visible, and a retry works. How fast the answers come is measured by
 * `npm run bench:import`, not asserted here.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { CLAIM_STALE_MS } from "../../lib/sanctions/datasets/claim.ts";
import { HttpClient } from "../../support/http-client.ts";
import { type SdnEntry, sdnFiles } from "../../support/ofac-sdn.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";
import { importSdnVersion } from "../helpers/list-files.ts";

/**
 * Twice the published SDN list's size: imports stream in batches of 500 sent as one parameter, and a smaller list
 * was stored before the readers had lived through it.
 */
const ENTRIES = 18_000;
const LONG = 600_000;

let restoreEnv: () => void = () => {};
let app: TestApp;
let admin: HttpClient;
let analyst: HttpClient;
let folder: string;

/** A list of `count` subjects, people and companies with birth dates and nationalities as the real one has. */
function listOf(count: number, edition: string): SdnEntry[] {
  return Array.from({ length: count }, (_, i) =>
    i % 3 === 0
      ? { id: 100_000 + i, name: `TRADING HOUSE ${edition} ${i} LLC`, type: "entity", program: "RUSSIA-EO14024" }
      : {
          id: 100_000 + i,
          name: `SURNAME${edition}${i}, Given Middle`,
          type: "individual",
          program: "SDGT",
          remarks: `DOB ${(i % 28) + 1} Mar 19${50 + (i % 50)}; POB Tashkent, Uzbekistan; nationality Uzbekistan; Passport ${edition}${i} (Uzbekistan).`,
        },
  );
}

const filesOf = (entries: SdnEntry[]) => Object.entries(sdnFiles(entries)).map(([name, content]) => ({ name, content }));

async function upload(files: { name: string; content: string }[]) {
  const form = new FormData();
  for (const f of files) form.append("files", new File([f.content], f.name));
  const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${app.url}/api/sanctions/datasets/us_ofac_sdn/import`, { method: "POST", headers: { cookie, origin: app.url }, body: form });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const v = schema.sanctionsDatasetVersions;
const versionsOf = () =>
  app.db.select({ id: v.id, isCurrent: v.isCurrent, entityCount: v.entityCount }).from(v).where(eq(v.datasetId, "us_ofac_sdn")).orderBy(v.createdAt);
const storedEntities = async (versionId: string) =>
  (await app.db.select({ n: sql<number>`count(*)::int` }).from(schema.sanctionsEntities).where(eq(schema.sanctionsEntities.versionId, versionId)))[0].n;
const currentId = async () => (await versionsOf()).find((x) => x.isCurrent)?.id;

/**
 * Runs `work` while the analyst keeps reading GET /api/searches, and every half second checks what readers see: one
 * current version, whose stored entities are all there. Answers the statuses of the reads and the current versions seen.
 */
async function whileReading<T>(work: Promise<T>) {
  const statuses: number[] = [];
  const currents = new Set<string>();
  const halfWritten: string[] = [];
  let finished = false;
  const settled = work.finally(() => {
    finished = true;
  });
  const reads = (async () => {
    while (!finished) {
      statuses.push((await analyst.get("/api/searches")).status);
      await Bun.sleep(25);
    }
  })();
  const checks = (async () => {
    while (!finished) {
      const current = (await versionsOf()).filter((x) => x.isCurrent);
      if (current.length !== 1) halfWritten.push(`${current.length} current versions`);
      else {
        currents.add(current[0].id);
        const stored = await storedEntities(current[0].id);
        if (stored !== current[0].entityCount) halfWritten.push(`current version with ${stored} of ${current[0].entityCount} entities`);
      }
      await Bun.sleep(500);
    }
  })();
  const result = await settled.catch((error) => error);
  await Promise.all([reads, checks]);
  return { result: result as T, statuses, currents, halfWritten };
}

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_DATASET_SCHEDULER: "0" });
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  analyst = await signedIn(app, { email: "analyst@example.com", password: "analyst-password" });
  folder = mkdtempSync(join(tmpdir(), "dc-import-answering-"));
  await importSdnVersion(app.db, listOf(ENTRIES, "A"));
}, LONG);
afterAll(async () => {
  await app.stop();
  rmSync(folder, { recursive: true, force: true });
  restoreEnv();
});

describe("an import while people work", () => {
  test(
    "while an admin uploads a list, GET /api/searches keeps answering 200, and readers switch from the old version to the whole new one",
    async () => {
      const old = await currentId();
      const { result, statuses, currents, halfWritten } = await whileReading(upload(filesOf(listOf(ENTRIES, "B"))));
      expect(result.status).toBe(201);
      expect(result.json.version.entity_count).toBe(ENTRIES);
      // Enough reads to have lived through the whole import.
      expect(statuses.length).toBeGreaterThan(20);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect(halfWritten).toEqual([]);
      expect([...currents].every((id) => id === old || id === result.json.version.id)).toBe(true);
      expect(currents.has(old!)).toBe(true);
      const versions = await versionsOf();
      expect(versions.map((x) => [x.id, x.isCurrent])).toEqual([
        [old, false],
        [result.json.version.id, true],
      ]);
      expect(await storedEntities(result.json.version.id)).toBe(ENTRIES);
    },
    LONG,
  );

  test(
    "an import the database refuses midway leaves the old version in force and none of its own rows",
    async () => {
      const before = await versionsOf();
      const statusOf = async () =>
        (await app.db.select().from(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.id, "us_ofac_sdn")))[0].lastDownloadStatus;
      const statusBefore = await statusOf();
      // A real refusal by the database, late in the list: its last batches never get written.
      await app.db.execute(
        sql.raw(`create function refuse_marker() returns trigger language plpgsql as $$
        begin if new.name = 'REFUSED BY THE DATABASE' then raise exception 'could not extend file: No space left on device'; end if; return new; end $$`),
      );
      await app.db.execute(sql.raw("create trigger refuse_marker before insert on sanctions_entities for each row execute function refuse_marker()"));
      try {
        const entries = listOf(ENTRIES, "C");
        entries[ENTRIES - 50] = { id: 999_999, name: "REFUSED BY THE DATABASE", type: "entity" };
        const { result, statuses, halfWritten } = await whileReading(upload(filesOf(entries)));
        expect(result.status).toBe(500);
        expect(statuses.filter((s) => s !== 200)).toEqual([]);
        expect(halfWritten).toEqual([]);
      } finally {
        await app.db.execute(sql.raw("drop trigger refuse_marker on sanctions_entities"));
        await app.db.execute(sql.raw("drop function refuse_marker()"));
      }
      expect(await versionsOf()).toEqual(before);
      const [{ n }] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.sanctionsEntities)
        .where(eq(schema.sanctionsEntities.datasetId, "us_ofac_sdn"));
      expect(n).toBe(before.reduce((sum, x) => sum + x.entityCount, 0));
      // Not left "downloading": the dataset's status is what it was.
      expect(await statusOf()).toBe(statusBefore);
    },
    LONG,
  );

  test(
    "a CLI import killed (SIGKILL) mid-write leaves nothing visible; once its claim has gone stale a retry works",
    async () => {
      const before = await versionsOf();
      const old = await currentId();
      const dir = join(folder, "killed");
      rmSync(dir, { recursive: true, force: true });
      const files = filesOf(listOf(ENTRIES, "D"));
      mkdirSync(dir);
      for (const f of files) writeFileSync(join(dir, f.name), f.content);
      const cli = Bun.spawn([join(import.meta.dir, "..", "..", "bin", "duecheck"), "datasets", "import", "us_ofac_sdn", dir], {
        env: { ...process.env, DATABASE_URL: "", ...app.env },
        stdout: "ignore",
        stderr: "ignore",
      });
      // Killed once a good part of its entities are written.
      let unfinishedId = "";
      const killed = whileReading(
        (async () => {
          for (;;) {
            const unfinished = (await versionsOf()).find((x) => !before.some((b) => b.id === x.id));
            if (unfinished) unfinishedId = unfinished.id;
            if (unfinished && (await storedEntities(unfinished.id)) > 2000) break;
            if (cli.exitCode !== null) throw new Error(`the import ended (${cli.exitCode}) before it could be killed`);
            await Bun.sleep(50);
          }
          cli.kill("SIGKILL");
          await cli.exited;
        })(),
      );
      const { result, statuses, currents, halfWritten } = await killed;
      expect(result).toBeUndefined();
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect(halfWritten).toEqual([]);
      expect([...currents]).toEqual([old!]);
      expect(await currentId()).toBe(old);
      // Nothing of it is shown: the dataset's versions are the ones it had.
      const shown = await analyst.get("/api/sanctions/datasets");
      expect(shown.status).toBe(200);
      expect(unfinishedId).not.toBe("");
      expect(shown.text).not.toContain(unfinishedId);

      // At once, the dead process's claim still reads as a running import.
      expect((await upload(files)).status).toBe(409);
      // As two minutes without its renewal would leave it.
      await app.db
        .update(schema.sanctionsDatasets)
        .set({ downloadStartedAt: new Date(Date.now() - CLAIM_STALE_MS - 1000) })
        .where(and(eq(schema.sanctionsDatasets.id, "us_ofac_sdn"), eq(schema.sanctionsDatasets.lastDownloadStatus, "downloading")));
      const retry = await upload(files);
      expect(retry.status).toBe(201);
      const versions = await versionsOf();
      expect(versions.find((x) => x.isCurrent)?.id).toBe(retry.json.version.id);
      // The killed write's rows are gone; the other versions are the ones kept before.
      expect(versions.filter((x) => x.id !== retry.json.version.id).every((x) => before.some((b) => b.id === x.id))).toBe(true);
      expect(await storedEntities(unfinishedId)).toBe(0);
      expect(await storedEntities(retry.json.version.id)).toBe(ENTRIES);
    },
    LONG,
  );
});
