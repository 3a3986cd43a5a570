/**
 * Auto-add: the subject of each manual search joins its owner's monitoring as daily, in the search's transaction
 * (subscribed to screening's searchCreated at start-up, lib/wiring.ts).
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../data/db.ts";
import type { SearchCreated } from "../screening/events.ts";

/** Only a search a person made by itself: a monitoring re-check or a batch's row never adds an entry. */
export async function autoMonitorNewSearch({ tx, search }: SearchCreated): Promise<void> {
  if (search.isAutomated || search.batchJobId) return;
  await autoMonitorSearch(tx, search);
}

/**
 * Once per name (any case) and type: an entry already there is left as it is. The search itself is the entry's
 * first check (its baseline; recorded when it ends), so the next check is a day later and nothing more is charged
 * now. Not when the owner turned auto-add off (users.autoMonitorSearches).
 */
export async function autoMonitorSearch(
  tx: DbOrTx,
  search: { id: string; userId: string; searchTerm: string; entityType: "person" | "company"; country: string | null; details?: unknown },
) {
  // The search's details (query by example) go with it, so a re-check weighs the same birth date and identifiers.
  const details = search.details ? JSON.stringify(search.details) : null;
  await tx.execute(sql`
    insert into monitored_entities (user_id, organisation_id, search_term, entity_type, frequency, country, details, next_check, source, source_search_id, last_search_id)
    select ${search.userId}, organisation_id, ${search.searchTerm}, ${search.entityType}, 'daily', ${search.country}, ${details}::jsonb, now() + interval '1 day', 'search', ${search.id}, ${search.id}
    from users where id = ${search.userId} and auto_monitor_searches
    on conflict do nothing`);
}
