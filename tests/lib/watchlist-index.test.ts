/**
 * An organisation's watchlist index: built from its current versions only (another organisation has none), rebuilt
 * when a watchlist changes, and the same in a worker thread (large watchlists) as in this thread.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../../data/db.ts";
import { buildInWorker } from "../../lib/sanctions/index-cache/searchable.ts";
import { WatchlistIndexes } from "../../lib/screening/watchlist-index.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { addWatchlistEntry, createWatchlist, importWatchlistCsv } from "../../lib/watchlists/store.ts";
import { createUser } from "../helpers/app.ts";
import { openTestDatabase } from "../helpers/database.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedSystemSettings(database.db);
});
afterAll(async () => {
  await database.close();
});

test("one organisation's index holds its watchlists alone, follows their changes, and reads the same in a worker", async () => {
  const { db } = database;
  const alpha = await createUser(db, { email: "index.alpha@example.com", password: "password-1" });
  const bravo = await createUser(db, { email: "index.bravo@example.com", password: "password-1" });
  const actor = { kind: "user" as const, id: alpha.id };
  const list = await createWatchlist(db, actor, { name: "Fraudsters" });
  const indexes = new WatchlistIndexes();
  // A watchlist without entries has no version: nothing to screen.
  expect(await indexes.open(db, alpha.organisationId)).toBeNull();
  const csv = "name,entityType,birthDate,identifiers\nViktor Testovsky,person,1970,passport:AB1234567\nNorthwind Shell Ltd,company,,\n";
  await importWatchlistCsv(db, actor, list.id, new TextEncoder().encode(csv));
  expect(await indexes.open(db, bravo.organisationId)).toBeNull();

  const first = (await indexes.open(db, alpha.organisationId))!;
  expect(first.datasets.map((d) => d.id)).toEqual([list.id]);
  const search = (lists: typeof first, term: string) =>
    lists.snapshot!.index.search(term, { type: "person", limit: 10, details: { identifiers: [{ kind: "passport", value: "AB1234567" }] } });
  const here = await search(first, "Viktor Testovsky");
  expect(here[0]).toMatchObject({ name: "Viktor Testovsky", match: true });
  expect(await indexes.open(db, alpha.organisationId).then((l) => l!.snapshot)).toBe(first.snapshot);

  await addWatchlistEntry(db, actor, list.id, {
    name: "Greta Newlylisted",
    entityType: "person",
    aliases: [],
    identifiers: [],
    birthDate: null,
    nationality: null,
    reason: null,
  });
  const second = (await indexes.open(db, alpha.organisationId))!;
  expect(second.snapshot).not.toBe(first.snapshot);
  expect((await second.snapshot!.index.search("Greta Newlylisted", { type: "person", limit: 5 }))[0]).toMatchObject({ name: "Greta Newlylisted" });

  const inWorker = (await new WatchlistIndexes({ builder: buildInWorker }).open(db, alpha.organisationId))!;
  try {
    expect(await search(inWorker, "Viktor Testovsky")).toEqual(await search(second, "Viktor Testovsky"));
  } finally {
    inWorker.snapshot!.index.dispose();
  }
});
