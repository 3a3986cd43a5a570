/**
 * Who may do what with an organisation's watchlists. Every member reads them (a reviewer deciding a watchlist hit must
 * see the entry); the organisation's owners and admins, and the instance's administrator, change them. Another
 * organisation's watchlist is 404 to everyone else, as if it did not exist.
 */
import { and, eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { type OrganisationActor, type OrganisationScope, scopeOf } from "../organisations/actor.ts";
import { canManageMembers } from "../organisations/contract.ts";

export const WATCHLIST_NOT_FOUND = "Watchlist not found";
export const WATCHLIST_EDITORS = "Only an organisation's owners and admins change its watchlists";

export type WatchlistRow = typeof schema.sanctionsDatasets.$inferSelect & { organisationId: string };

/** The organisation acted on: the acting user's own, or the one named (the operator, an instance admin). */
export const watchlistScope = (db: DbOrTx, actor: OrganisationActor, organisationId?: string) => scopeOf(db, actor, organisationId);

export function requireWatchlistEditor(scope: OrganisationScope) {
  if (!scope.instanceAdmin && !(scope.role && canManageMembers(scope.role))) throw new AppError(403, WATCHLIST_EDITORS);
}

/** Watchlist ids: wl_ and a random suffix (see newWatchlistId). Anything else is not one. */
const WATCHLIST_ID = /^wl_[a-z0-9]{12,32}$/;

/** The organisation's watchlist; another organisation's, or an installation list, is 404. */
export async function watchlistIn(db: DbOrTx, scope: OrganisationScope, id: string): Promise<WatchlistRow> {
  if (!WATCHLIST_ID.test(id)) throw new AppError(404, WATCHLIST_NOT_FOUND);
  const d = schema.sanctionsDatasets;
  const [row] = await db
    .select()
    .from(d)
    .where(and(eq(d.id, id), eq(d.organisationId, scope.organisationId)));
  if (!row) throw new AppError(404, WATCHLIST_NOT_FOUND);
  return row as WatchlistRow;
}

/**
 * The organisation a watchlist belongs to, for the operator (the CLI names a watchlist by its id alone); anyone else
 * is 404, as for a watchlist that does not exist.
 */
export async function organisationOfWatchlist(db: DbOrTx, actor: OrganisationActor, id: string): Promise<string> {
  if (actor.kind !== "cli" || !WATCHLIST_ID.test(id)) throw new AppError(404, WATCHLIST_NOT_FOUND);
  const d = schema.sanctionsDatasets;
  const [row] = await db.select({ organisationId: d.organisationId }).from(d).where(eq(d.id, id));
  if (!row?.organisationId) throw new AppError(404, WATCHLIST_NOT_FOUND);
  return row.organisationId;
}
