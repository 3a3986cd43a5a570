/** A user's webhooks: create (the secret answered once), list (secret masked), change, delete, deliveries. */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { assertOutgoingUrlAllowed } from "../outgoing/policy.ts";
import { afterCursor, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import type { WebhookEvent } from "./event-names.ts";
import type { CreatedWebhook, CreateWebhookRequest, DeliveryStatus, DeliveryView, UpdateWebhookRequest, WebhookView } from "./schemas.ts";
import { sealWebhookSecret, webhookSecretTail } from "./secret-seal.ts";
import { generateWebhookSecret } from "./signature.ts";

export const MAX_WEBHOOKS_PER_USER = 10;

type WebhookRow = typeof schema.webhooks.$inferSelect;
type DeliveryRow = typeof schema.webhookDeliveries.$inferSelect;

const maskSecret = (secret: string | null) => (secret ? `whsec_…${webhookSecretTail(secret)}` : "");

function webhookView(row: WebhookRow, last: { status: string; createdAt: Date } | null): WebhookView {
  return {
    id: row.id,
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
      .values({ userId, url: request.url, events: request.events, description: request.description || null, secret: sealWebhookSecret(instanceKey, secret) })
      .returning();
    await recordAudit(tx, { action: "webhook.created", actorKind: "user", actorUserId: userId, targetType: "webhook", targetId: row.id });
    return { ...webhookView(row, null), secret };
  });
}

export async function listWebhooks(db: DbOrTx, userId: string): Promise<WebhookView[]> {
  // Drizzle leaves columns unqualified inside sql``, so the correlated subqueries are written out.
  const newest = (column: string) =>
    sql.raw(`(select d.${column} from webhook_deliveries d where d.webhook_id = webhooks.id order by d.created_at desc, d.id desc limit 1)`);
  const rows = await db
    .select({
      webhook: schema.webhooks,
      lastStatus: sql<string | null>`${newest("status")}`,
      lastAt: sql<string | null>`${newest("created_at")}`,
    })
    .from(schema.webhooks)
    .where(eq(schema.webhooks.userId, userId))
    .orderBy(desc(schema.webhooks.createdAt), desc(schema.webhooks.id));
  return rows.map((r) => webhookView(r.webhook, r.lastStatus && r.lastAt ? { status: r.lastStatus, createdAt: new Date(r.lastAt) } : null));
}

/** The user's webhook; another user's, an unknown or a malformed id are 404. */
export async function findOwnWebhook(db: DbOrTx, userId: string, webhookId: string): Promise<WebhookRow> {
  if (!isUuid(webhookId)) throw new AppError(404, "Webhook not found");
  const [row] = await db
    .select()
    .from(schema.webhooks)
    .where(and(eq(schema.webhooks.id, webhookId), eq(schema.webhooks.userId, userId)));
  if (!row) throw new AppError(404, "Webhook not found");
  return row;
}

export async function updateWebhook(db: DbOrTx, userId: string, webhookId: string, request: UpdateWebhookRequest): Promise<WebhookView> {
  await findOwnWebhook(db, userId, webhookId);
  const set: Partial<WebhookRow> = {};
  if (request.enabled !== undefined) set.enabled = request.enabled;
  if (request.events !== undefined) set.events = request.events;
  if (request.description !== undefined) set.description = request.description || null;
  await db.update(schema.webhooks).set(set).where(eq(schema.webhooks.id, webhookId));
  const updated = (await listWebhooks(db, userId)).find((w) => w.id === webhookId);
  if (!updated) throw new AppError(404, "Webhook not found");
  return updated;
}

/** Deletes the webhook and its deliveries (a delivery still pending is not sent). */
export async function deleteWebhook(db: DbOrTx, userId: string, webhookId: string): Promise<void> {
  await findOwnWebhook(db, userId, webhookId);
  await db.delete(schema.webhooks).where(eq(schema.webhooks.id, webhookId));
  await recordAudit(db, { action: "webhook.deleted", actorKind: "user", actorUserId: userId, targetType: "webhook", targetId: webhookId });
}

/** The webhook's deliveries, newest first, a page at a time. */
export async function listDeliveries(db: DbOrTx, userId: string, webhookId: string, request: PageRequest): Promise<Page<DeliveryView>> {
  await findOwnWebhook(db, userId, webhookId);
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
