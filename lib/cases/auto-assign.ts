/**
 * Auto-assignment: a new case goes to the organisation's available analyst or reviewer holding the fewest open (not
 * closed) cases, the longest-standing member first among equals, and never to one already holding the per-member cap:
 * when everyone is at the cap, the case stays unassigned. Callers hold the organisation's case settings row locked
 * (readCaseSettings with lock), so two cases opened at once are handed out one after the other and the cap holds.
 *
 * A transaction reads the members' open cases once (the counters the database keeps: case_member_loads) and keeps the
 * tally as it hands its cases out. The member picked is read again before they get the case; if that differs from the
 * tally (a case of theirs reopened, or was closed or given to them, in the meantime), the tally is read again. So the
 * cap holds exactly, and the fewest-first order is the one the members' counts had when the tally was read.
 *
 * A grouping's new cases (a batch's write opens several) are handed out together (autoAssignees): the tally read
 * once for them, and the picks made from it in memory, one case after the other, each as autoAssignee would have
 * made it.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { type DbOrTx, schema } from "../../data/db.ts";

interface Candidate {
  id: string;
  open: number;
  createdAt: Date;
}

/** Each transaction's tally, by organisation; gone with the transaction. */
const tallies = new WeakMap<object, Map<string, Candidate[]>>();

const u = schema.users;

/**
 * The members auto-assignment may pick, with their open cases, as the database keeps them counted (case_member_loads,
 * kept by triggers on cases: one row a member, not a count of the organisation's open cases).
 */
async function readTally(tx: DbOrTx, organisationId: string): Promise<Candidate[]> {
  const un = schema.caseUnavailableMembers;
  const l = schema.caseMemberLoads;
  return tx
    .select({ id: u.id, createdAt: u.createdAt, open: sql<number>`coalesce(${l.openCases}, 0)::int` })
    .from(u)
    .leftJoin(l, and(eq(l.organisationId, organisationId), eq(l.userId, u.id)))
    .where(
      and(
        eq(u.organisationId, organisationId),
        inArray(u.organisationRole, ["analyst", "reviewer"]),
        eq(u.isActive, true),
        isNull(u.removedFromOrganisationAt),
        sql`not exists (select 1 from ${un} where ${un.userId} = ${u.id})`,
      ),
    );
}

/** Fewest open cases first, then the longest-standing member, then the id (as the database orders uuids). */
const before = (a: Candidate, b: Candidate) => a.open - b.open || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

async function openCasesOf(tx: DbOrTx, organisationId: string, userId: string): Promise<number> {
  const l = schema.caseMemberLoads;
  const [row] = await tx
    .select({ open: l.openCases })
    .from(l)
    .where(and(eq(l.organisationId, organisationId), eq(l.userId, userId)));
  return row?.open ?? 0;
}

/** The next pick of the tally, counted in; null when everyone is at the cap. */
function pickFrom(tally: Candidate[], perMemberCap: number | null): Candidate | null {
  let pick: Candidate | null = null;
  for (const c of tally) {
    if (perMemberCap !== null && c.open >= perMemberCap) continue;
    if (!pick || before(c, pick) < 0) pick = c;
  }
  return pick;
}

/**
 * Whom each of `count` new cases goes to, in order (null: nobody could take it), from the members' open cases counted
 * now. The tally is kept for the transaction's later picks, as autoAssignee keeps its own.
 */
export async function autoAssignees(tx: DbOrTx, organisationId: string, perMemberCap: number | null, count: number): Promise<(string | null)[]> {
  if (count === 0) return [];
  const tally = await readTally(tx, organisationId);
  if (tx instanceof PgTransaction) {
    const byOrganisation = tallies.get(tx) ?? new Map<string, Candidate[]>();
    byOrganisation.set(organisationId, tally);
    tallies.set(tx, byOrganisation);
  }
  return Array.from({ length: count }, () => {
    const pick = pickFrom(tally, perMemberCap);
    if (!pick) return null;
    pick.open++;
    return pick.id;
  });
}

export async function autoAssignee(tx: DbOrTx, organisationId: string, perMemberCap: number | null): Promise<string | null> {
  // Kept only inside a transaction: outside one, nothing holds the settings lock from one call to the next.
  let byOrganisation = tallies.get(tx);
  if (!byOrganisation && tx instanceof PgTransaction) {
    byOrganisation = new Map();
    tallies.set(tx, byOrganisation);
  }
  let tally = byOrganisation?.get(organisationId);
  let fresh = !tally;
  tally ??= await readTally(tx, organisationId);
  byOrganisation?.set(organisationId, tally);
  for (;;) {
    const pick = pickFrom(tally, perMemberCap);
    if (!pick) return null;
    if (fresh || (await openCasesOf(tx, organisationId, pick.id)) === pick.open) {
      pick.open++;
      return pick.id;
    }
    tally = await readTally(tx, organisationId);
    byOrganisation?.set(organisationId, tally);
    fresh = true;
  }
}
