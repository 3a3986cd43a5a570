/**
 * A member's webhooks: create (the secret answered once), list (secret masked), change, delete, deliveries. A webhook
 * receives its maker's events; the organisation's owners and admins also list, change and delete every member's
 * webhook of the organisation (lib/auth/team-records.ts). Any other webhook is 404.
 */
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type AuditActor, actorFields, recordAudit } from "../audit/record.ts";
import { organisationOf } from "../auth/organisation-of.ts";
import { personName } from "../auth/person-name.ts";
import { managedRecordsOf, requireChangeOf } from "../auth/team-records.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { assertOutgoingUrlAllowed } from "../outgoing/policy.ts";
import { afterCursor, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import type { TeamMember } from "../screening/visibility.ts";
import type { WebhookEvent } from "./event-names.ts";
import type { CreatedWebhook, CreateWebhookRequest, DeliveryStatus, DeliveryView, UpdateWebhookRequest, WebhookView } from "./schemas.ts";
import { sealWebhookSecret, webhookSecretTail } from "./secret-seal.ts";
import { generateWebhookSecret } from "./signature.ts";

export const MAX_WEBHOOKS_PER_USER = 10;

type WebhookRow = typeof schema.webhooks.$inferSelect;
type DeliveryRow = typeof schema.webhookDeliveries.$inferSelect;

const maskSecret = (secret: string | null) => (secret ? `whsec_…${webhookSecretTail(secret)}` : "");

export const CHANGE_WEBHOOK_MESSAGE = "Only the member who made this webhook, or the organisation's owners and admins, change it";

const w = schema.webhooks;
/**
 * The organisation a webhook belongs to; one made before webhooks were given theirs (null, with a maker) counts as its
 * maker's, so the team's owners find it. The instance's own (no maker) belongs to no organisation.
 */
const webhookOrganisation: SQL<string | null> =
  sql`coalesce(${w.organisationId}, (select ${schema.users.organisationId} from ${schema.users} where ${schema.users.id} = ${w.userId}))`;
const webhookColumns = { userId: w.userId, organisationId: webhookOrganisation };

function webhookView(row: WebhookRow, last: { status: string; createdAt: Date } | null, makerName: string | null): WebhookView {
  return {
    id: row.id,
    createdBy: row.userId ? { id: row.userId, name: makerName } : null,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    description: row.description,
    secret: maskSecret(row.secret),
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last ? { status: last.status as DeliveryStatus, createdAt: last.createdAt.toISOString() } : null,
  };
}

export function deliveryView(row: Omit<DeliveryRow, "payload" | "webhookId">): DeliveryView {
  return {
    id: row.id,
    event: row.event,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Creates a webhook; its URL must pass the outgoing-request guard now, and its secret is stored sealed with instanceKey. */
export async function createWebhook(db: DbOrTx, userId: string, request: CreateWebhookRequest, instanceKey: Uint8Array): Promise<CreatedWebhook> {
  await assertOutgoingUrlAllowed(db, request.url);
  return db.transaction(async (tx) => {
    // The user's row is locked so two simultaneous creations cannot both pass the limit.
    await tx.execute(sql`select id from ${schema.users} where id = ${userId} for update`);
    const [{ n }] = await tx.select({ n: count() }).from(schema.webhooks).where(eq(schema.webhooks.userId, userId));
    if (n >= MAX_WEBHOOKS_PER_USER) {
      throw new AppError(409, `You can have at most ${MAX_WEBHOOKS_PER_USER} webhooks. Delete one you no longer use.`);
    }
    const secret = generateWebhookSecret();
    const [row] = await tx
      .insert(schema.webhooks)
      .values({
        userId,
        organisationId: organisationOf(userId),
        url: request.url,
        events: request.events,
        description: request.description || null,
        secret: sealWebhookSecret(instanceKey, secret),
      })
      .returning();
    await recordAudit(tx, { action: "webhook.created", actorKind: "user", actorUserId: userId, targetType: "webhook", targetId: row.id });
    const [maker] = await tx
      .select({ name: personName(w.userId) })
      .from(w)
      .where(eq(w.id, row.id));
    return { ...webhookView(row, null, maker?.name ?? null), secret };
  });
}

/** The webhooks the member lists (their own; for the organisation's owners and admins every member's), newest first. */
export async function listWebhooks(db: DbOrTx, member: TeamMember, only?: string): Promise<WebhookView[]> {
  // Drizzle leaves columns unqualified inside sql``, so the correlated subqueries are written out.
  const newest = (column: string) =>
    sql.raw(`(select d.${column} from webhook_deliveries d where d.webhook_id = webhooks.id order by d.created_at desc, d.id desc limit 1)`);
  const rows = await db
    .select({
      webhook: w,
      makerName: personName(w.userId),
      lastStatus: sql<string | null>`${newest("status")}`,
      lastAt: sql<string | null>`${newest("created_at")}`,
    })
    .from(w)
    .where(and(managedRecordsOf(webhookColumns, member), only ? eq(w.id, only) : undefined))
    .orderBy(desc(w.createdAt), desc(w.id));
  return rows.map((r) => webhookView(r.webhook, r.lastStatus && r.lastAt ? { status: r.lastStatus, createdAt: new Date(r.lastAt) } : null, r.makerName));
}

/** A webhook the member lists; any other, an unknown or a malformed id are 404. */
export async function findTeamWebhook(db: DbOrTx, member: TeamMember, webhookId: string): Promise<WebhookRow> {
  if (!isUuid(webhookId)) throw new AppError(404, "Webhook not found");
  const [row] = await db
    .select({ webhook: w })
    .from(w)
    .where(and(eq(w.id, webhookId), managedRecordsOf(webhookColumns, member)));
  if (!row) throw new AppError(404, "Webhook not found");
  return row.webhook;
}

/** A webhook the member may change: 404 as findTeamWebhook, 403 for an auditor. */
async function changeableWebhook(db: DbOrTx, member: TeamMember, webhookId: string): Promise<WebhookRow> {
  const row = await findTeamWebhook(db, member, webhookId);
  requireChangeOf(member, { userId: row.userId, organisationId: row.organisationId ?? member.organisationId }, CHANGE_WEBHOOK_MESSAGE);
  return row;
}

/** Who changes a webhook as the audit log names them. */
const auditOf = (member: TeamMember, row: WebhookRow, actor: AuditActor) => ({
  ...actorFields({ ...actor, userId: member.id }),
  targetType: "webhook",
  targetId: row.id,
  details: row.userId === member.id ? undefined : { ownerId: row.userId, url: row.url },
});

export async function updateWebhook(
  db: DbOrTx,
  member: TeamMember,
  webhookId: string,
  request: UpdateWebhookRequest,
  actor: AuditActor = { kind: "user" },
): Promise<WebhookView> {
  const row = await changeableWebhook(db, member, webhookId);
  const set: Partial<WebhookRow> = {};
  if (request.enabled !== undefined) set.enabled = request.enabled;
  if (request.events !== undefined) set.events = request.events;
  if (request.description !== undefined) set.description = request.description || null;
  await db.update(w).set(set).where(eq(w.id, webhookId));
  // A colleague's webhook is changed by the team's owners and admins: written down, as deleting it is.
  if (row.userId !== member.id) await recordAudit(db, { action: "webhook.updated", ...auditOf(member, row, actor) });
  const [updated] = await listWebhooks(db, member, webhookId);
  if (!updated) throw new AppError(404, "Webhook not found");
  return updated;
}

/** Deletes the webhook and its deliveries (a delivery still pending is not sent). */
export async function deleteWebhook(db: DbOrTx, member: TeamMember, webhookId: string, actor: AuditActor = { kind: "user" }): Promise<void> {
  const row = await changeableWebhook(db, member, webhookId);
  await db.delete(w).where(eq(w.id, webhookId));
  await recordAudit(db, { action: "webhook.deleted", ...auditOf(member, row, actor) });
}

/** The deliveries of a webhook the member lists, newest first, a page at a time. */
export async function listDeliveries(db: DbOrTx, member: TeamMember, webhookId: string, request: PageRequest): Promise<Page<DeliveryView>> {
  await findTeamWebhook(db, member, webhookId);
  const d = schema.webhookDeliveries;
  const keyset = { createdAt: d.createdAt, id: d.id };
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: d.id,
        event: d.event,
        status: d.status,
        attempts: d.attempts,
        lastStatusCode: d.lastStatusCode,
        lastError: d.lastError,
        lastAttemptAt: d.lastAttemptAt,
        deliveredAt: d.deliveredAt,
        createdAt: d.createdAt,
        cursorKey: cursorKey(keyset),
      })
      .from(d)
      .where(and(eq(d.webhookId, webhookId), afterCursor(keyset, request.cursor)))
      .orderBy(...newestFirst(keyset))
      .limit(request.limit + 1),
    db.select({ total: count() }).from(d).where(eq(d.webhookId, webhookId)),
  ]);
  return toPage(rows, request.limit, total, deliveryView);
}
