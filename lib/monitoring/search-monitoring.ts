/**
 * Whether the subject of a search is monitored: the note on a search's result says so, with what each daily check
 * costs, and its "Stop monitoring" removes the entry (deleteMonitoredEntity, audited as monitoring.removed).
 */
import { and, eq, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { creditSettings } from "../credits/system-settings.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import { getSearch } from "../screening/searches.ts";
import type { SearchReader } from "../screening/visibility.ts";
import { readSettings } from "../settings/system-settings.ts";
import type { MonitoringFrequency, MonitoringStatus, SearchMonitoringView } from "./schemas.ts";
import { sameSubjectEntity } from "./subjects.ts";

/**
 * A search the member reads (else 404 as GET /api/searches/{id}) and the member's monitored entry of its subject
 * (subjects.ts: another spelling of the name with the same details is the same entry), else of its name and type.
 */
export async function searchMonitoring(db: Db, reader: SearchReader, searchId: string): Promise<SearchMonitoringView> {
  const userId = reader.id;
  const search = await getSearch(db, reader, searchId);
  const m = schema.monitoredEntities;
  const same = await sameSubjectEntity(db, userId, { term: search.searchTerm, entityType: search.entityType, details: readSearchDetails(search.details) });
  const [[entity], [user], settings] = await Promise.all([
    db
      .select({ id: m.id, status: m.status, frequency: m.frequency })
      .from(m)
      .where(
        same ? eq(m.id, same.id) : and(eq(m.userId, userId), eq(m.entityType, search.entityType), sql`lower(${m.searchTerm}) = lower(${search.searchTerm})`),
      ),
    db.select({ role: schema.users.role }).from(schema.users).where(eq(schema.users.id, userId)),
    readSettings(db, creditSettings),
  ]);
  return {
    entity: entity ? { id: entity.id, status: entity.status as MonitoringStatus, frequency: entity.frequency as MonitoringFrequency } : null,
    // administrators are never charged (lib/credits/ledger.ts)
    creditsPerCheck: user?.role === "admin" ? 0 : settings.automatedSearchCost,
  };
}
