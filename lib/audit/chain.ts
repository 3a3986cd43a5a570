/**
 * The audit log's hash chain. Each entry is linked in the database, by a BEFORE INSERT trigger (migration
 * audit_hash_chain), not here: every process that writes an entry (the server, the CLI, psql) then forms one chain,
 * and the trigger's transaction-scoped advisory lock orders writers the same way whoever they are. The entry carries
 * its place in the chain (chainSeq), the entry before it (prevId) and the SHA-256 of the previous hash followed by the
 * entry's canonical JSON (the SQL function audit_log_entry_hash, which this check calls too, so the two never differ).
 *
 * The check walks the chain in its own order a page at a time and reports the first break:
 * - an entry whose stored hash is not the hash of its content and of the stored hash before it was altered;
 * - an entry that does not follow the one before it (its place or its link skips) comes after a removed entry.
 * Removing the newest entries leaves no gap; the head hash printed with each check lets an operator notice that.
 *
 * The organisation an entry is filed under (organisation_id, added after the chain) is not hashed: it says who may
 * read the entry, not what happened, and is derived from what is hashed (the target and the actor) when the entry is
 * written. Hashing it would have meant a second hash version to keep every earlier entry verifying.
 */
import { asc, gt, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";

export type ChainCheck =
  | { intact: true; entries: number; headId: number | null; headHash: string | null }
  /** altered: `id`'s content or hash changed. removed: entries are missing before `id` (`removedId` the one it links to). */
  | { intact: false; entries: number; problem: "altered" | "removed"; id: number; removedId: number | null };

const PAGE = 5000;
const a = schema.auditLog;
const ORDER = sql`order by ${a.chainSeq}`;

/** Walks the whole chain, PAGE entries per query, holding one page at a time. */
export async function verifyAuditChain(db: Db, options: { pageSize?: number } = {}): Promise<ChainCheck> {
  const pageSize = options.pageSize ?? PAGE;
  let last = null as { id: number; seq: number; hash: string | null } | null;
  let entries = 0;
  for (;;) {
    const carry: string | null = last?.hash ?? null;
    const after: number = last?.seq ?? 0;
    const rows: { id: number; seq: number | null; prevId: number | null; hash: string | null; expected: string }[] = await db
      .select({
        id: a.id,
        seq: a.chainSeq,
        prevId: a.prevId,
        hash: a.hash,
        // The hash recomputed from the content and the stored hash before it (the previous page's last for the first).
        expected: sql<string>`audit_log_entry_hash(
          case when row_number() over (${ORDER}) = 1 then ${carry}::text else lag(${a.hash}) over (${ORDER}) end,
          ${a.at}, ${a.actorUserId}, ${a.actorKind}, ${a.action}, ${a.targetType}, ${a.targetId}, ${a.ipAddress}, ${a.details})`,
      })
      .from(a)
      .where(gt(a.chainSeq, after))
      .orderBy(asc(a.chainSeq))
      .limit(pageSize);
    for (const row of rows) {
      const expectedSeq = (last?.seq ?? 0) + 1;
      if (row.seq !== expectedSeq || row.prevId !== (last?.id ?? null)) {
        return { intact: false, entries, problem: "removed", id: row.id, removedId: row.prevId };
      }
      if (row.hash !== row.expected) return { intact: false, entries, problem: "altered", id: row.id, removedId: null };
      last = { id: row.id, seq: row.seq!, hash: row.hash };
      entries++;
    }
    if (rows.length < pageSize) break;
  }
  // An entry written with the trigger disabled has no place in the chain: it is an alteration too.
  const [stray] = await db.select({ id: a.id }).from(a).where(sql`${a.chainSeq} is null`).orderBy(asc(a.id)).limit(1);
  if (stray) return { intact: false, entries, problem: "altered", id: stray.id, removedId: null };
  return { intact: true, entries, headId: last?.id ?? null, headHash: last?.hash ?? null };
}
