/**
 * Migration 0024 on a database filled by the previous release: every record (searches, batches, monitored entities,
 * API keys, embed tokens, webhooks, remembered clearances) takes the organisation of the user it belongs to, so each
 * stays visible to exactly whom it was; an instance webhook (no user) stays the instance's; nothing is lost.
 */
import { afterAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { cleanup, MIGRATIONS, migrationsThrough, openBareDatabase, rowsOf } from "../helpers/previous-release.ts";

afterAll(cleanup);

const ANN = "00000000-0000-4000-8000-00000000000a";
const BEN = "00000000-0000-4000-8000-00000000000b";
const TABLES = ["searches", "batch_jobs", "monitored_entities", "api_keys", "embed_tokens", "webhooks", "remembered_clearances"] as const;

test("every record takes its user's organisation, the rows are otherwise unchanged, and organisation_id is required from then on", async () => {
  const { db, migrate } = await openBareDatabase();
  await migrate(migrationsThrough(23));
  // As the previous release left them: each user owns the organisation with their id.
  await db.execute(sql`insert into organisations (id, name) values (${ANN}, 'Ann Ltd'), (${BEN}, 'Ben GmbH')`);
  await db.execute(sql`
    insert into users (id, email, password, full_name, organisation_id, organisation_role) values
      (${ANN}, 'ann@example.com', 'x', 'Ann', ${ANN}, 'owner'),
      (${BEN}, 'ben@example.com', 'x', 'Ben', ${BEN}, 'owner')`);
  for (const user of [ANN, BEN]) {
    await db.execute(sql`insert into batch_jobs (user_id, name) values (${user}, 'Customers')`);
    await db.execute(sql`insert into searches (user_id, search_term, status) values (${user}, 'Viktor Petrov', 'completed'), (${user}, 'Acme', 'failed')`);
    await db.execute(sql`insert into monitored_entities (user_id, search_term) values (${user}, 'Viktor Petrov')`);
    await db.execute(sql`insert into api_keys (user_id, name, key_hash, key_prefix) values (${user}, 'CRM', ${`hash-${user}`}, 'dc_live_abc')`);
    await db.execute(sql`
      insert into embed_tokens (user_id, api_key_id, token_hash, expires_at)
      select ${user}, id, ${`token-${user}`}, now() + interval '1 hour' from api_keys where user_id = ${user}`);
    await db.execute(sql`insert into webhooks (user_id, url) values (${user}, 'https://hooks.example/x')`);
    await db.execute(sql`
      insert into remembered_clearances
        (owner_id, subject_key, subject_name, entity_type, dataset_id, entity_id, hit_kind, listing_name, listing_fingerprint, reason, decided_at, search_id)
      select ${user}, 'person|viktor petrov', 'Viktor Petrov', 'person', 'us_ofac_sdn', 'ofac-1', 'sanctions', 'PETROV, Viktor', 'f1', 'common_name', now(), id
      from searches where user_id = ${user} and status = 'completed'`);
  }
  await db.execute(sql`insert into webhooks (user_id, url) values (null, 'https://hooks.example/instance')`);
  const before = Object.fromEntries(
    await Promise.all(TABLES.map(async (t) => [t, rowsOf(await db.execute(sql`select * from ${sql.identifier(t)} order by id`))] as const)),
  );

  await migrate(MIGRATIONS);

  for (const table of TABLES) {
    const owner = table === "remembered_clearances" ? "owner_id" : "user_id";
    const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`select * from ${sql.identifier(table)} order by id`));
    // The same rows, each with its user's organisation (the instance's webhook with none); searches and monitored
    // entities also gain an empty customer reference (migration 0029), and API keys their scopes, no expiry and no
    // rotation (migration 0034: a key made before scopes keeps what it could do).
    const later = ({ organisation_id, customer_ref, ...rest }: Record<string, unknown>) => {
      if (table !== "api_keys") return rest;
      const { scopes, expires_at, last_used_ip, replaced_by_id, ...kept } = rest;
      return kept;
    };
    expect(rows.map(later)).toEqual(before[table] as Record<string, unknown>[]);
    if (table === "api_keys") {
      for (const row of rows) {
        expect([row.scopes, row.expires_at, row.last_used_ip, row.replaced_by_id]).toEqual([["screen", "read", "review", "monitor"], null, null, null]);
      }
    }
    for (const row of rows) expect([table, row.customer_ref]).toEqual([table, table === "searches" || table === "monitored_entities" ? null : undefined]);
    for (const row of rows) expect([table, row.organisation_id]).toEqual([table, row[owner] ?? null]);
  }
  const settings = rowsOf(
    await db.execute(sql`select name, members_see_team, four_eyes, require_two_factor, retention_years from organisations order by name`),
  );
  expect(settings).toEqual([
    { name: "Ann Ltd", members_see_team: true, four_eyes: null, require_two_factor: null, retention_years: null },
    { name: "Ben GmbH", members_see_team: true, four_eyes: null, require_two_factor: null, retention_years: null },
  ]);
  // A record without its organisation is refused from now on.
  const orphan = async () => db.execute(sql`insert into searches (user_id, search_term) values (${ANN}, 'No organisation')`);
  await expect(orphan()).rejects.toThrow();
  // One live clearance per organisation, subject and listing.
  const duplicate = async () =>
    db.execute(sql`
      insert into remembered_clearances
        (owner_id, organisation_id, subject_key, subject_name, entity_type, dataset_id, entity_id, hit_kind, listing_name, listing_fingerprint, reason, decided_at)
      values (${ANN}, ${ANN}, 'person|viktor petrov', 'Viktor Petrov', 'person', 'us_ofac_sdn', 'ofac-1', 'sanctions', 'PETROV, Viktor', 'f2', 'other', now())`);
  await expect(duplicate()).rejects.toThrow();
});
