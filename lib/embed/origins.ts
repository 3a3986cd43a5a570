/** The browser origins an account allows to call the public API with its embed tokens (CORS), at most 20. */
import { and, asc, count, eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type ActorKind, recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { type EmbedOriginView, MAX_EMBED_ORIGINS, normaliseOrigin } from "./schemas.ts";

/** Who changes the list: the signed-in user (web) or the command line acting for them. */
export interface OriginActor {
  kind: Extract<ActorKind, "user" | "cli">;
  ipAddress?: string | null;
}

export async function listEmbedOrigins(db: DbOrTx, userId: string): Promise<EmbedOriginView[]> {
  const rows = await db
    .select()
    .from(schema.embedOrigins)
    .where(eq(schema.embedOrigins.userId, userId))
    .orderBy(asc(schema.embedOrigins.createdAt), asc(schema.embedOrigins.origin));
  return rows.map((r) => ({ origin: r.origin, createdAt: r.createdAt.toISOString() }));
}

/** Adds a normalised origin (see embedOriginSchema); 409 when it is listed already or the list is full. */
export async function addEmbedOrigin(db: DbOrTx, userId: string, origin: string, actor: OriginActor): Promise<EmbedOriginView> {
  return db.transaction(async (tx) => {
    // One user's additions are serialised on their user row, so two at once cannot pass the limit together.
    await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, userId)).for("update");
    const [{ n }] = await tx.select({ n: count() }).from(schema.embedOrigins).where(eq(schema.embedOrigins.userId, userId));
    const [existing] = await tx
      .select()
      .from(schema.embedOrigins)
      .where(and(eq(schema.embedOrigins.userId, userId), eq(schema.embedOrigins.origin, origin)));
    if (existing) throw new AppError(409, "This origin is already allowed");
    if (n >= MAX_EMBED_ORIGINS) throw new AppError(409, `You can allow at most ${MAX_EMBED_ORIGINS} origins. Remove one you no longer use.`);
    const [row] = await tx.insert(schema.embedOrigins).values({ userId, origin }).returning();
    await recordAudit(tx, {
      action: "embed_origin.added",
      actorKind: actor.kind,
      actorUserId: userId,
      targetType: "embed_origin",
      targetId: origin,
      ipAddress: actor.ipAddress,
    });
    return { origin: row.origin, createdAt: row.createdAt.toISOString() };
  });
}

/** Removes one of the user's origins; an origin they do not list reads as not found. */
export async function removeEmbedOrigin(db: DbOrTx, userId: string, origin: string, actor: OriginActor) {
  const deleted = await db
    .delete(schema.embedOrigins)
    .where(and(eq(schema.embedOrigins.userId, userId), eq(schema.embedOrigins.origin, origin)))
    .returning({ origin: schema.embedOrigins.origin });
  if (deleted.length === 0) throw new AppError(404, "Origin not found");
  await recordAudit(db, {
    action: "embed_origin.removed",
    actorKind: actor.kind,
    actorUserId: userId,
    targetType: "embed_origin",
    targetId: origin,
    ipAddress: actor.ipAddress,
  });
}

/**
 * Whether an Origin header's value is allowed by `userId`, or by any account when userId is null (the test a preflight
 * can make: it carries no token). Browsers send the origin serialised as it is stored (lower case, no default port);
 * any other spelling, or a header that is not a valid origin, is never allowed.
 */
export async function isOriginAllowed(db: DbOrTx, originHeader: string, userId: string | null): Promise<boolean> {
  const normalised = normaliseOrigin(originHeader);
  if ("problem" in normalised || normalised.origin !== originHeader) return false;
  const where = userId
    ? and(eq(schema.embedOrigins.origin, normalised.origin), eq(schema.embedOrigins.userId, userId))
    : eq(schema.embedOrigins.origin, normalised.origin);
  const [row] = await db.select({ origin: schema.embedOrigins.origin }).from(schema.embedOrigins).where(where).limit(1);
  return !!row;
}
