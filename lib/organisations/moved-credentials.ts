/**
 * What a member moved to another organisation loses: their API keys (with the embed tokens they gave) and webhooks
 * made in the organisations they leave are revoked, in the move's transaction. A key or a webhook was set up for one
 * company's data and acts as its maker: moved along, it would screen, read and report on the new organisation's
 * records for whoever holds it, and the old organisation could no longer see or revoke it. Moving it back would not
 * return it either. Their records (searches, batches, monitoring) stay with the old organisation, as every record
 * does. Each revocation is audited, as the member's own would be, with the reason.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type ActorKind, recordAudit } from "../audit/record.ts";

export interface RevokedCredentials {
  apiKeys: number;
  webhooks: number;
}

type AuditFields = { actorKind: ActorKind; actorUserId: string | null; ipAddress: string | null };

export async function revokeMovedCredentials(tx: DbOrTx, userId: string, move: { from: string; to: string }, audit: AuditFields): Promise<RevokedCredentials> {
  const k = schema.apiKeys;
  const w = schema.webhooks;
  const details = { reason: "member_moved", ownerId: userId, organisationId: move.from, movedTo: move.to };
  // Embed tokens go with their key (ON DELETE CASCADE); any left of another organisation too.
  const keys = await tx
    .delete(k)
    .where(and(eq(k.userId, userId), ne(k.organisationId, move.to)))
    .returning({ id: k.id, name: k.name });
  await tx.delete(schema.embedTokens).where(and(eq(schema.embedTokens.userId, userId), ne(schema.embedTokens.organisationId, move.to)));
  // A webhook made before webhooks carried their organisation (null) was made in the organisation being left.
  const hooks = await tx
    .delete(w)
    .where(and(eq(w.userId, userId), sql`coalesce(${w.organisationId}, ${move.from}) <> ${move.to}`))
    .returning({ id: w.id, url: w.url });
  for (const key of keys) {
    await recordAudit(tx, { action: "api_key.deleted", ...audit, targetType: "api_key", targetId: key.id, details: { ...details, name: key.name } });
  }
  for (const hook of hooks) {
    await recordAudit(tx, { action: "webhook.deleted", ...audit, targetType: "webhook", targetId: hook.id, details: { ...details, url: hook.url } });
  }
  return { apiKeys: keys.length, webhooks: hooks.length };
}
