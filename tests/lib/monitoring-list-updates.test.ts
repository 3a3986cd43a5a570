import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { type Database, schema } from "../../data/db.ts";
import type { Clock } from "../../lib/clock.ts";
import { addMonitoredEntity } from "../../lib/monitoring/entities.ts";
import { matchListUpdate, unmatchedVersions } from "../../lib/monitoring/list-updates.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { BASE_ENTRIES } from "../../support/ofac-sdn.ts";
import { createUser } from "../helpers/app.ts";
import { openTestDatabase } from "../helpers/database.ts";
import { importSdnVersion } from "../helpers/list-files.ts";

/** A new list version is matched once against every active monitored name; names that newly match become due at once. */
let database: Database;
let now = new Date("2026-03-02T09:00:00Z");
const clock: Clock = { now: () => now };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedSystemSettings(database.db);
  await seedDatasets(database.db);
});
afterAll(async () => {
  await database.close();
});

test("a version is matched once; only active names that newly match become due, marked as a list update", async () => {
  const { db } = database;
  const user = await createUser(db, { email: "watch@example.com", password: "password-1", credits: 100 });
  const add = (searchTerm: string, status: "active" | "paused" = "active") =>
    addMonitoredEntity(db, user.id, { searchTerm, entityType: "person", frequency: "weekly" }, clock).then(async (row) => {
      // Checked a day ago, next check in six days: only a list update makes it due now.
      await db
        .update(schema.monitoredEntities)
        .set({ status, nextCheck: new Date("2026-03-08T09:00:00Z") })
        .where(eq(schema.monitoredEntities.id, row.id));
      return row.id;
    });
  const karimov = await add("Rustam Karimov");
  const schneider = await add("Maria Elena Schneider");
  const dupont = await add("Jean Dupont");
  const paused = await add("Hector Valdez Moreno", "paused");

  const first = await importSdnVersion(database.db, BASE_ENTRIES);
  expect(await unmatchedVersions(db)).toEqual([first]);
  const outcome = await matchListUpdate(db, first, clock);
  expect(outcome).toMatchObject({ versionId: first, changedEntities: BASE_ENTRIES.length, namesMatched: 3, flagged: [karimov] });
  expect(await matchListUpdate(db, first, clock)).toBeNull();
  expect(await unmatchedVersions(db)).toEqual([]);

  now = new Date("2026-03-03T09:00:00Z");
  const second = await importSdnVersion(database.db, [...BASE_ENTRIES, { id: 6001, name: "SCHNEIDER, Maria Elena", type: "individual", program: "SDGT" }]);
  const update = await matchListUpdate(db, second, clock);
  expect(update).toMatchObject({ changedEntities: 1, flagged: [schneider] });

  const rows = await db
    .select({ id: schema.monitoredEntities.id, nextCheck: schema.monitoredEntities.nextCheck, checkTrigger: schema.monitoredEntities.checkTrigger })
    .from(schema.monitoredEntities)
    .where(inArray(schema.monitoredEntities.id, [karimov, schneider, dupont, paused]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  expect(byId.get(karimov)).toMatchObject({ nextCheck: new Date("2026-03-02T09:00:00Z"), checkTrigger: "list_update" });
  expect(byId.get(schneider)).toMatchObject({ nextCheck: new Date("2026-03-03T09:00:00Z"), checkTrigger: "list_update" });
  expect(byId.get(dupont)).toMatchObject({ nextCheck: new Date("2026-03-08T09:00:00Z"), checkTrigger: null });
  expect(byId.get(paused)).toMatchObject({ nextCheck: new Date("2026-03-08T09:00:00Z"), checkTrigger: null });
});
