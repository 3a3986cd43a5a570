/**
 * Auto-add: the subject of each manual search joins its owner's monitoring as daily, in the search's transaction
 * (subscribed to screening's searchCreated at start-up, lib/wiring.ts).
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../data/db.ts";
import type { SearchCreated } from "../screening/events.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import { sameSubjectEntity } from "./subjects.ts";

/** Only a search a person made by itself: a monitoring re-check or a batch's row never adds an entry. */
export async function autoMonitorNewSearch({ tx, search }: SearchCreated): Promise<void> {
  if (search.isAutomated || search.batchJobId) return;
  await autoMonitorSearch(tx, search);
}

/**
 * Once per subject: an entry of the same normalised name and details (lib/monitoring/subjects.ts) is left as it is,
 * so searching "Oleg Deripaska" and then "DERIPASKA, Oleg." adds one entry; the same name with another birth date adds
 * a second.
 * The search itself is the entry's first check (its baseline; recorded when it ends), so the next check is a day later
 * and nothing more is charged now. Not when the owner turned auto-add off (users.autoMonitorSearches).
 */
export async function autoMonitorSearch(
  tx: DbOrTx,
  search: {
    id: string;
    userId: string;
    searchTerm: string;
    entityType: "person" | "company";
    country: string | null;
    details?: unknown;
    customerRef?: string | null;
  },
) {
  const subjectDetails = readSearchDetails(search.details);
  if (await sameSubjectEntity(tx, search.userId, { term: search.searchTerm, entityType: search.entityType, details: subjectDetails })) return;
  // The search's details (query by example) and customer reference go with it, so a re-check weighs the same birth
  // date and identifiers and the entry is found by the client's reference.
  const details = subjectDetails ? JSON.stringify(subjectDetails) : null;
  await tx.execute(sql`
    insert into monitored_entities (user_id, organisation_id, search_term, entity_type, frequency, country, details, customer_ref, next_check, source, source_search_id, last_search_id)
    select ${search.userId}, organisation_id, ${search.searchTerm}, ${search.entityType}, 'daily', ${search.country}, ${details}::jsonb, ${search.customerRef ?? null}, now() + interval '1 day', 'search', ${search.id}, ${search.id}
    from users where id = ${search.userId} and auto_monitor_searches
    on conflict do nothing`);
}
