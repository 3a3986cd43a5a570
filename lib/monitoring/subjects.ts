/**
 * Who a monitored entity is about: its name, type and details (birth date, nationality, identifiers), keyed as a
 * remembered clearance and a case key their subject (lib/screening/subject-key.ts): the name normalised to Latin
 * letters, lower case and single spaces, plus the details given. "Oleg Deripaska", "OLEG  DERIPASKA." and "Oleg
 * Dĕripaska" with the same details are one subject; the same name with another birth date is another. A user monitors
 * a subject once: neither Add Entity nor auto-enrolment makes a second entry for it.
 */
import { and, eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { readSearchDetails, type SearchDetails } from "../screening/schemas.ts";
import { type ScreenedSubject, subjectKey } from "../screening/subject-key.ts";

const m = schema.monitoredEntities;

/** The details stored with an entity, or null when it has none (or they no longer read as details). */
export function entityDetails(raw: unknown): SearchDetails | null {
  return readSearchDetails(raw);
}

/**
 * The user's entity of the same subject, if any. Every entry of the user and type is keyed here (the key's name
 * normalisation is not SQL's): one narrow read of the owner's own entries.
 */
export async function sameSubjectEntity(tx: DbOrTx, userId: string, subject: ScreenedSubject): Promise<{ id: string; searchTerm: string } | undefined> {
  const wanted = subjectKey(subject);
  const rows = await tx
    .select({ id: m.id, searchTerm: m.searchTerm, details: m.details })
    .from(m)
    .where(and(eq(m.userId, userId), eq(m.entityType, subject.entityType)));
  const found = rows.find((r) => subjectKey({ term: r.searchTerm, entityType: subject.entityType, details: entityDetails(r.details) }) === wanted);
  return found ? { id: found.id, searchTerm: found.searchTerm } : undefined;
}
