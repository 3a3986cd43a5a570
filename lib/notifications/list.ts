/**
 * A member's notifications, newest first, paged like every list that grows (lib/paging.ts), with the count of those
 * not read; and marking them read. Only the member's own, and only those of the organisation they are in now: a
 * member who moved on no longer reads their old team's case titles. Another member's notification, an unknown id and
 * a malformed one are all 404, and a call naming one of them marks nothing.
 */
import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, schema } from "../../data/db.ts";
import type { CasePriority, CaseStatus } from "../cases/contract.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { afterCursor, cursorKey, newestFirst, type PageRequest, toPage } from "../paging.ts";
import type { MarkReadInput, MarkReadView, NotificationKind, NotificationPage, NotificationView } from "./contract.ts";

export const NOTIFICATION_NOT_FOUND = "Notification not found";

/** Whose notifications: the signed-in member, in the organisation they belong to now. */
export interface NotificationReader {
  id: string;
  organisationId: string;
}

const n = schema.notifications;
const k = schema.cases;
const actor = alias(schema.users, "notification_actor");

const own = (reader: NotificationReader): SQL => and(eq(n.userId, reader.id), eq(n.organisationId, reader.organisationId)) as SQL;

async function unreadCount(db: Db, reader: NotificationReader): Promise<number> {
  return db.$count(n, and(own(reader), isNull(n.readAt)));
}

export async function listNotifications(
  db: Db,
  reader: NotificationReader,
  request: PageRequest & { unread?: boolean },
  clock: Clock = systemClock,
): Promise<NotificationPage> {
  const now = clock.now();
  const where = and(own(reader), request.unread ? isNull(n.readAt) : undefined);
  const [rows, total, unread] = await Promise.all([
    db
      .select({
        id: n.id,
        kind: n.kind,
        caseId: n.caseId,
        caseTitle: k.title,
        priority: k.priority,
        status: k.status,
        dueAt: k.dueAt,
        actorId: actor.id,
        actorName: actor.fullName,
        day: n.day,
        createdAt: n.createdAt,
        readAt: n.readAt,
        cursorKey: cursorKey(n),
      })
      .from(n)
      .innerJoin(k, eq(k.id, n.caseId))
      .leftJoin(actor, eq(actor.id, n.actorUserId))
      .where(and(where, afterCursor(n, request.cursor)))
      .orderBy(...newestFirst(n))
      .limit(request.limit + 1),
    db.$count(n, where),
    unreadCount(db, reader),
  ]);
  const page = toPage(
    rows,
    request.limit,
    total,
    (row): NotificationView => ({
      id: row.id,
      kind: row.kind as NotificationKind,
      caseId: row.caseId,
      caseTitle: row.caseTitle,
      priority: row.priority as CasePriority,
      status: row.status as CaseStatus,
      dueAt: row.dueAt.toISOString(),
      overdue: row.status !== "closed" && row.dueAt.getTime() < now.getTime(),
      actor: row.actorId ? { id: row.actorId, name: row.actorName ?? "" } : null,
      day: row.day,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    }),
  );
  return { ...page, unread };
}

/** Marks the listed notifications (all of them, or every one of the reader's) read; those read before stay as they were. */
export async function markNotificationsRead(db: Db, reader: NotificationReader, input: MarkReadInput, clock: Clock = systemClock): Promise<MarkReadView> {
  const now = clock.now();
  if ("all" in input) {
    const marked = await db
      .update(n)
      .set({ readAt: now })
      .where(and(own(reader), isNull(n.readAt)))
      .returning({ id: n.id });
    return { marked: marked.length, unread: await unreadCount(db, reader) };
  }
  const ids = [...new Set(input.ids)];
  if (!ids.every(isUuid)) throw new AppError(404, NOTIFICATION_NOT_FOUND);
  const marked = await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: n.id })
      .from(n)
      .where(and(own(reader), inArray(n.id, ids)))
      .for("update");
    if (found.length !== ids.length) throw new AppError(404, NOTIFICATION_NOT_FOUND);
    return tx
      .update(n)
      .set({ readAt: now })
      .where(and(inArray(n.id, ids), isNull(n.readAt)))
      .returning({ id: n.id });
  });
  return { marked: marked.length, unread: await unreadCount(db, reader) };
}

/** The reader's notifications not read yet (the bell's figure). */
export const unreadNotifications = (db: Db, reader: NotificationReader) => unreadCount(db, reader);
