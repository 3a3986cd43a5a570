import { and, eq, isNull, type SQL } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { canDecide, READ_ONLY_MESSAGE, readsEveryone } from "../auth/roles.ts";
import type { UserRole } from "../auth/schemas.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { decidesForTeam, type OrganisationRole } from "../organisations/contract.ts";
import { seesHiddenRecords } from "../retention/contract.ts";
import { searchesOf } from "../screening/visibility.ts";
import { reviewsEveryone } from "./contract.ts";

export type Role = UserRole;

/** A member as the review sees them: their instance role and their place in their organisation. */
export interface ReviewMember {
  id: string;
  role: Role;
  organisationId: string;
  organisationRole: OrganisationRole;
}

/** Who acts on a review: a signed-in user, the CLI (as a user it names), an API key's or embed token's owner. */
export interface ReviewActor extends ReviewMember {
  /** How the audit log names the actor. */
  kind: "user" | "admin" | "cli" | "api_key";
  ipAddress?: string | null;
}

/** The member fields of a user row (the session's, the CLI's or an API key owner's). */
export const memberOf = (user: ReviewMember): ReviewMember => ({
  id: user.id,
  role: user.role,
  organisationId: user.organisationId,
  organisationRole: user.organisationRole,
});

export { reviewsEveryone };

export const SEARCH_NOT_FOUND = "Search not found";
export const OWN_HITS_MESSAGE = "You decide the hits of your own screenings: a colleague's are decided by the team's reviewers";

/**
 * The searches the actor may read the review of, as a condition on searches: everyone's for the instance's admins,
 * reviewers and auditors (auditors decide nothing); their organisation's for its members, as far as their role lets
 * them read the team's (lib/screening/visibility.ts); a search its owner deleted only for those who see hidden records.
 */
export function reviewableBy(actor: ReviewMember): SQL | undefined {
  const visible = seesHiddenRecords(actor.role) ? undefined : isNull(schema.searches.hiddenAt);
  return and(readsEveryone(actor) ? undefined : searchesOf(actor, "team"), visible);
}

/**
 * The search, if the actor may review it (their own; any, for admins and reviewers, and to read, auditors): otherwise, and for an unknown
 * or malformed id, 404 as everywhere else. With `lock`, the row stays locked until the transaction ends, so two
 * decisions on one search are taken one after the other.
 */
export async function reviewableSearch(tx: DbOrTx, actor: ReviewMember, searchId: string, options: { lock?: boolean } = {}) {
  // Every change to a review locks its search: a read-only role is refused there, whichever way it came (HTTP, CLI).
  if (options.lock && !canDecide(actor)) throw new AppError(403, READ_ONLY_MESSAGE);
  if (!isUuid(searchId)) throw new AppError(404, SEARCH_NOT_FOUND);
  const query = tx
    .select()
    .from(schema.searches)
    .where(and(eq(schema.searches.id, searchId), reviewableBy(actor)));
  const [search] = options.lock ? await query.for("update") : await query;
  if (!search) throw new AppError(404, SEARCH_NOT_FOUND);
  // A member who is not the team's reviewer reads colleagues' screenings but changes the review of their own only.
  if (options.lock && search.userId !== actor.id && !readsEveryone(actor) && !decidesForTeam(actor.organisationRole)) {
    throw new AppError(403, OWN_HITS_MESSAGE);
  }
  return search;
}
