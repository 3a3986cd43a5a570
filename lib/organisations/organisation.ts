import { asc, count, eq, isNull } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { isInstanceAdmin, ORGANISATION_NOT_FOUND, type OrganisationActor, scopeOf } from "./actor.ts";
import type { OrganisationView } from "./contract.ts";
import { membersOf } from "./member-view.ts";
import { instanceFloor } from "./settings.ts";

async function organisationRow(db: Db, organisationId: string) {
  const [row] = await db.select().from(schema.organisations).where(eq(schema.organisations.id, organisationId));
  if (!row) throw new AppError(404, ORGANISATION_NOT_FOUND);
  return { ...row, memberCount: await db.$count(schema.users, membersOf(organisationId)) };
}

/** The signed-in user's organisation and their role in it; every member reads it. */
export async function getOrganisation(db: Db, actor: OrganisationActor): Promise<OrganisationView> {
  const scope = await scopeOf(db, actor);
  const row = await organisationRow(db, scope.organisationId);
  return {
    id: row.id,
    name: row.name,
    role: scope.role!,
    createdAt: row.createdAt.toISOString(),
    memberCount: row.memberCount,
    settings: {
      membersSeeTeam: row.membersSeeTeam,
      fourEyes: row.fourEyes,
      requireTwoFactor: row.requireTwoFactor,
      retentionYears: row.retentionYears,
      country: row.country,
    },
    instance: await instanceFloor(db),
  };
}

/** An organisation as the instance's administrator sees it (the CLI's `orgs list` and `orgs show`). */
export interface OrganisationSummary {
  id: string;
  name: string;
  members: number;
  createdAt: string;
  suspendedAt: string | null;
}

/** One organisation, for an instance admin or the operator (anyone else: their own only, else 404). */
export async function showOrganisation(db: Db, actor: OrganisationActor, organisationId: string): Promise<OrganisationSummary> {
  const scope = await scopeOf(db, actor, organisationId);
  const row = await organisationRow(db, scope.organisationId);
  return { id: row.id, name: row.name, members: row.memberCount, createdAt: row.createdAt.toISOString(), suspendedAt: row.suspendedAt?.toISOString() ?? null };
}

/** Every organisation of the instance, oldest first: the instance's administrator and the operator only. */
export async function listOrganisations(db: Db, actor: OrganisationActor): Promise<OrganisationSummary[]> {
  if (!(await isInstanceAdmin(db, actor))) throw new AppError(403, "Only the instance's administrator lists every organisation");
  const o = schema.organisations;
  const members = db
    .select({ organisationId: schema.users.organisationId, n: count().as("n") })
    .from(schema.users)
    .where(isNull(schema.users.removedFromOrganisationAt))
    .groupBy(schema.users.organisationId)
    .as("members");
  const rows = await db
    .select({ id: o.id, name: o.name, createdAt: o.createdAt, suspendedAt: o.suspendedAt, members: members.n })
    .from(o)
    .leftJoin(members, eq(members.organisationId, o.id))
    .orderBy(asc(o.createdAt), asc(o.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    members: Number(r.members ?? 0),
    createdAt: r.createdAt.toISOString(),
    suspendedAt: r.suspendedAt?.toISOString() ?? null,
  }));
}
