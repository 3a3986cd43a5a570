/**
 * A watchlist change re-checks the monitored names of its organisation alone: a new version is matched once against
 * that organisation's active names (another organisation's same name is left alone), a name that newly matches is made
 * due at once as a list update, and an entry taken away re-checks the names whose last check matched it.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { type Database, schema } from "../../data/db.ts";
import type { Clock } from "../../lib/clock.ts";
import { addMonitoredEntity } from "../../lib/monitoring/entities.ts";
import { matchListUpdate, unmatchedVersions } from "../../lib/monitoring/list-updates.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { addWatchlistEntry, createWatchlist, removeWatchlistEntry } from "../../lib/watchlists/store.ts";
import { createUser } from "../helpers/app.ts";
import { openTestDatabase } from "../helpers/database.ts";

let database: Database;
const now = new Date("2026-03-02T09:00:00Z");
const clock: Clock = { now: () => now };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedSystemSettings(database.db);
  await seedDatasets(database.db);
});
afterAll(async () => {
  await database.close();
});

test("a watchlist's new version makes due the organisation's matching names only; removing the entry re-checks them", async () => {
  const { db } = database;
  const alpha = await createUser(db, { email: "alpha@example.com", password: "password-1", credits: 100 });
  const bravo = await createUser(db, { email: "bravo@example.com", password: "password-1", credits: 100 });
  const monitor = async (userId: string, searchTerm: string) => {
    const row = await addMonitoredEntity(db, userId, { searchTerm, entityType: "person", frequency: "weekly" }, clock);
    await db
      .update(schema.monitoredEntities)
      .set({ nextCheck: new Date("2026-03-08T09:00:00Z") })
      .where(eq(schema.monitoredEntities.id, row.id));
    return row.id;
  };
  const alphaName = await monitor(alpha.id, "Viktor Testovsky");
  const alphaOther = await monitor(alpha.id, "Jean Dupont");
  const bravoName = await monitor(bravo.id, "Viktor Testovsky");
  // The official lists' versions are none here: only the watchlist's version is waiting.
  expect(await unmatchedVersions(db)).toEqual([]);

  const actor = { kind: "user" as const, id: alpha.id };
  const list = await createWatchlist(db, actor, { name: "Fraudsters" });
  const entry = await addWatchlistEntry(db, actor, list.id, {
    name: "Viktor Testovsky",
    entityType: "person",
    aliases: [],
    identifiers: [],
    birthDate: null,
    nationality: null,
    reason: "Card fraud",
  });
  const [added] = await unmatchedVersions(db);
  expect(added).toEqual(expect.any(String));
  const outcome = await matchListUpdate(db, added, clock);
  expect(outcome).toMatchObject({ changedEntities: 1, namesMatched: 2, flagged: [alphaName] });

  const states = async () => {
    const rows = await db
      .select({ id: schema.monitoredEntities.id, nextCheck: schema.monitoredEntities.nextCheck, checkTrigger: schema.monitoredEntities.checkTrigger })
      .from(schema.monitoredEntities)
      .where(inArray(schema.monitoredEntities.id, [alphaName, alphaOther, bravoName]));
    return new Map(rows.map((r) => [r.id, r]));
  };
  let byId = await states();
  expect(byId.get(alphaName)).toMatchObject({ nextCheck: now, checkTrigger: "list_update" });
  expect(byId.get(alphaOther)).toMatchObject({ nextCheck: new Date("2026-03-08T09:00:00Z"), checkTrigger: null });
  expect(byId.get(bravoName)).toMatchObject({ nextCheck: new Date("2026-03-08T09:00:00Z"), checkTrigger: null });

  // Alpha's name was checked since and matched the entry; the entry is taken away: the name is checked again.
  await db
    .update(schema.monitoredEntities)
    .set({ nextCheck: new Date("2026-03-08T09:00:00Z"), checkTrigger: null })
    .where(eq(schema.monitoredEntities.id, alphaName));
  const checked = await db
    .insert(schema.searches)
    .values({
      userId: alpha.id,
      organisationId: alpha.organisationId,
      searchTerm: "Viktor Testovsky",
      entityType: "person",
      status: "completed",
      createdAt: new Date("2026-03-02T10:00:00Z"),
      results: {
        sanctionsList: [
          {
            source: "Fraudsters",
            datasetId: list.id,
            match: true,
            details: "Match",
            lastUpdated: now.toISOString(),
            entityCount: 1,
            url: null,
            internal: true,
            hits: [
              {
                hitId: "h",
                entityId: `${list.id}:${entry.id}`,
                name: "Viktor Testovsky",
                matchedName: "Viktor Testovsky",
                score: 1,
                schema: "Person",
                programs: [],
                nationality: [],
                birthDate: [],
                sourceUrl: null,
                differences: [],
                explanation: [],
              },
            ],
          },
        ],
        adverseMedia: [],
        pepListings: [],
        sources: [],
        datasetsUsed: [],
        clean: false,
      },
    } as typeof schema.searches.$inferInsert)
    .returning({ id: schema.searches.id });
  await db.update(schema.monitoredEntities).set({ lastSearchId: checked[0].id }).where(eq(schema.monitoredEntities.id, alphaName));
  await removeWatchlistEntry(db, actor, list.id, entry.id);
  const [removal] = await unmatchedVersions(db);
  expect(await matchListUpdate(db, removal, clock)).toMatchObject({ changedEntities: 0, flagged: [alphaName] });
  byId = await states();
  expect(byId.get(alphaName)).toMatchObject({ nextCheck: now, checkTrigger: "list_update" });
  expect(byId.get(bravoName)).toMatchObject({ checkTrigger: null });
});
