/**
 * Every user's monitored entities for those who read the admin views (admins, auditors), each with its owner.
 * Read-only: pausing, removing and acknowledging stay the owner's (another user's entity is 404 there).
 */
import { eq, inArray } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { ENTITY_NOT_FOUND, entityView, listEntitiesIn, type MonitoredListRequest } from "./entities.ts";
import type { AdminMonitoredEntityView, AdminMonitoredList } from "./schemas.ts";

/** Who reads one entity: recorded, as opening another user's search is. */
export interface EntityReader {
  userId?: string | null;
  ipAddress?: string | null;
}

async function ownerEmails(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(inArray(schema.users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** A page of everyone's entities (or one owner's), newest first, filtered as the owner's list is, with the tab counts. */
export async function listAllMonitoredEntities(db: Db, request: MonitoredListRequest & { userId?: string }): Promise<AdminMonitoredList> {
  const page = await listEntitiesIn(db, { userId: request.userId, textMatchesOwner: true }, request);
  const emails = await ownerEmails(
    db,
    page.items.map((item) => item.userId),
  );
  return { ...page, items: page.items.map(({ view, userId }) => ({ ...view, userId, userEmail: emails.get(userId) ?? "" })) };
}

/** Any user's entity with its checks and owner; unknown or malformed: 404. Audited (monitoring.viewed_by_admin). */
export async function viewMonitoredEntityAsAdmin(db: Db, reader: EntityReader, id: string): Promise<AdminMonitoredEntityView> {
  if (!isUuid(id)) throw new AppError(404, ENTITY_NOT_FOUND);
  const [row] = await db.select().from(schema.monitoredEntities).where(eq(schema.monitoredEntities.id, id));
  if (!row) throw new AppError(404, ENTITY_NOT_FOUND);
  const view = await entityView(db, row);
  const emails = await ownerEmails(db, [row.userId]);
  await recordAudit(db, {
    action: "monitoring.viewed_by_admin",
    actorKind: "admin",
    actorUserId: reader.userId ?? null,
    ipAddress: reader.ipAddress ?? null,
    targetType: "monitored_entity",
    targetId: row.id,
    details: { ownerId: row.userId, searchTerm: row.searchTerm },
  });
  return { ...view, userId: row.userId, userEmail: emails.get(row.userId) ?? "" };
}
