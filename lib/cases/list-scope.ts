/**
 * The cases a reader lists, as lib/cases/access.ts's readableCases rules, with the organisation's members-see-team
 * setting read first (one read by key) for an analyst: when the team's work is shared, an analyst reads every case of
 * the organisation, and the list's statements then carry the organisation alone. Left inside them (a sub-select beside
 * three EXISTS alternatives), it made PostgreSQL price the count of an organisation's 35,000 unassigned cases far past
 * its JIT threshold, and compile for 150 ms a query that runs in 25 (bench:cases). Where members' screenings are kept
 * apart, the full condition stays.
 */
import { eq, type SQL } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { readsEveryone } from "../auth/roles.ts";
import { readsTeam } from "../organisations/contract.ts";
import { type CaseReader, readableCases } from "./access.ts";

export async function listedCases(db: DbOrTx, reader: CaseReader): Promise<SQL | undefined> {
  if (readsEveryone(reader) || readsTeam(reader.organisationRole)) return readableCases(reader);
  const o = schema.organisations;
  const [organisation] = await db.select({ seeTeam: o.membersSeeTeam }).from(o).where(eq(o.id, reader.organisationId));
  return organisation?.seeTeam ? eq(schema.cases.organisationId, reader.organisationId) : readableCases(reader);
}
