import { and, ilike, or } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { afterCursor, containsPattern, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import { type OrganisationActor, scopeOf } from "./actor.ts";
import type { OrganisationMemberView } from "./contract.ts";
import { memberColumns, membersOf, memberView } from "./member-view.ts";

/**
 * The organisation's members (removed ones left out), newest first, filtered by email or name; every member reads
 * the list. organisationId: another organisation, for the instance's administrator (the CLI).
 */
export async function listMembers(
  db: Db,
  actor: OrganisationActor,
  request: PageRequest & { q?: string; organisationId?: string },
): Promise<Page<OrganisationMemberView>> {
  const scope = await scopeOf(db, actor, request.organisationId);
  const u = schema.users;
  const keyset = { createdAt: u.createdAt, id: u.id };
  const q = request.q?.trim();
  const where = and(membersOf(scope.organisationId), q ? or(ilike(u.email, containsPattern(q)), ilike(u.fullName, containsPattern(q))) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select({ ...memberColumns, cursorKey: cursorKey(keyset) })
      .from(u)
      .where(and(where, afterCursor(keyset, request.cursor)))
      .orderBy(...newestFirst(keyset))
      .limit(request.limit + 1),
    db.$count(u, where),
  ]);
  return toPage(rows, request.limit, total, memberView);
}
