import { asc, eq } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";

const a = schema.auditLog;

/** The audit log's entries of one action, oldest first, as their writer gave them (without id, time and chain links). */
export function auditEntries(db: Db, action: string) {
  return db
    .select({
      action: a.action,
      actorKind: a.actorKind,
      actorUserId: a.actorUserId,
      ipAddress: a.ipAddress,
      targetType: a.targetType,
      targetId: a.targetId,
      details: a.details,
    })
    .from(a)
    .where(eq(a.action, action))
    .orderBy(asc(a.id));
}

/** The id of the account with this email. */
export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  return row.id;
}
