/**
 * Index snapshots in the database: the bytes of a built index (matcher/snapshot) for one set of current versions (its
 * fingerprint, load.ts) and one matcher version, in chunks of SNAPSHOT_CHUNK_BYTES, so that neither writing nor
 * reading holds one huge value. A snapshot is read only once completedAt is set, after its last chunk; its SHA-256
 * and size are checked before it is decoded. Of two processes writing one fingerprint's snapshot, the first to finish
 * keeps it and the other deletes its own.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { MATCHER_VERSION } from "../matcher/index.ts";

export const SNAPSHOT_CHUNK_BYTES = 4 * 2 ** 20;
/** An unfinished snapshot younger than this is being written by another process: it is left to finish. */
const WRITER_GRACE_MS = 10 * 60_000;
/** A snapshot of versions that are not current, and not superseded either, is kept this long (a disabled list's). */
const KEEP_UNUSED_MS = 24 * 60 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const s = schema.sanctionsIndexSnapshots;
const c = schema.sanctionsIndexSnapshotChunks;

export type StoredSnapshot = Pick<typeof s.$inferSelect, "id" | "fingerprint" | "matcherVersion" | "checksum" | "byteSize" | "chunkCount">;

/** Why a stored snapshot was not used: the one line the process logs before it rebuilds. */
export class UnusableSnapshotError extends Error {}

/** The finished snapshot of these versions for this matcher, or what there is instead. */
export async function findStoredSnapshot(
  db: DbOrTx,
  fingerprint: string,
): Promise<{ kind: "found"; snapshot: StoredSnapshot } | { kind: "other-matcher"; matcherVersion: string } | { kind: "none" }> {
  const rows = await db
    .select({ id: s.id, fingerprint: s.fingerprint, matcherVersion: s.matcherVersion, checksum: s.checksum, byteSize: s.byteSize, chunkCount: s.chunkCount })
    .from(s)
    .where(and(eq(s.fingerprint, fingerprint), isNotNull(s.completedAt)))
    .orderBy(asc(s.completedAt));
  const mine = rows.find((r) => r.matcherVersion === MATCHER_VERSION);
  if (mine) return { kind: "found", snapshot: mine };
  return rows.length > 0 ? { kind: "other-matcher", matcherVersion: rows[rows.length - 1].matcherVersion } : { kind: "none" };
}

/**
 * The snapshot's bytes in one buffer of their own, read chunk by chunk. A chunk missing or of another size, or bytes
 * whose SHA-256 is not the one recorded, throw UnusableSnapshotError.
 */
export async function readStoredSnapshot(db: DbOrTx, snapshot: StoredSnapshot): Promise<Uint8Array> {
  const out = new Uint8Array(snapshot.byteSize);
  const hash = createHash("sha256");
  let filled = 0;
  for (let seq = 0; seq < snapshot.chunkCount; seq++) {
    const [row] = await db
      .select({ content: c.content })
      .from(c)
      .where(and(eq(c.snapshotId, snapshot.id), eq(c.seq, seq)));
    if (!row) throw new UnusableSnapshotError(`chunk ${seq + 1} of ${snapshot.chunkCount} is missing`);
    const expected = Math.min(SNAPSHOT_CHUNK_BYTES, snapshot.byteSize - filled);
    if (row.content.byteLength !== expected) {
      throw new UnusableSnapshotError(`chunk ${seq + 1} of ${snapshot.chunkCount} has ${row.content.byteLength} bytes, not ${expected}`);
    }
    out.set(row.content, filled);
    hash.update(row.content);
    filled += row.content.byteLength;
  }
  if (filled !== snapshot.byteSize) throw new UnusableSnapshotError(`it holds ${filled} bytes, not ${snapshot.byteSize}`);
  if (hash.digest("hex") !== snapshot.checksum) throw new UnusableSnapshotError("its checksum does not match its bytes");
  return out;
}

/** Whether a finished snapshot of these versions exists for this matcher, or another process is writing one. */
export async function snapshotWanted(db: DbOrTx, fingerprint: string): Promise<boolean> {
  const rows = await db
    .select({ completedAt: s.completedAt, createdAt: s.createdAt })
    .from(s)
    .where(and(eq(s.fingerprint, fingerprint), eq(s.matcherVersion, MATCHER_VERSION)));
  const now = Date.now();
  return !rows.some((r) => r.completedAt !== null || now - r.createdAt.getTime() < WRITER_GRACE_MS);
}

const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Stores these bytes as the snapshot of `fingerprint`, chunk by chunk (each a statement of its own, so a process on
 * the embedded database keeps answering in between), then marks it finished unless another process finished one
 * first: "lost" then, and its chunks are deleted. `abandoned` is asked between chunks: a process stopping gives up.
 */
export async function writeStoredSnapshot(
  db: DbOrTx,
  fingerprint: string,
  bytes: Uint8Array,
  entityCount: number,
  abandoned: () => boolean = () => false,
): Promise<"written" | "lost" | "abandoned"> {
  const chunkCount = Math.ceil(bytes.byteLength / SNAPSHOT_CHUNK_BYTES);
  const [row] = await db
    .insert(s)
    .values({
      fingerprint,
      matcherVersion: MATCHER_VERSION,
      checksum: createHash("sha256").update(bytes).digest("hex"),
      byteSize: bytes.byteLength,
      chunkCount,
      entityCount,
    })
    .returning({ id: s.id });
  try {
    for (let seq = 0; seq < chunkCount; seq++) {
      if (abandoned()) {
        await deleteSnapshot(db, row.id);
        return "abandoned";
      }
      const start = seq * SNAPSHOT_CHUNK_BYTES;
      // A Buffer over the same memory: the PostgreSQL driver sends it as binary without a copy of its own.
      const content = Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(SNAPSHOT_CHUNK_BYTES, bytes.byteLength - start));
      await db.insert(c).values({ snapshotId: row.id, seq, content });
      await yieldToOthers();
    }
    const won = await db.transaction(async (tx) => {
      // Two writers finishing at once take turns here: the second sees the first's and gives way.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`duecheck.index-snapshot:${fingerprint}`}))`);
      const [finished] = await tx
        .select({ id: s.id })
        .from(s)
        .where(and(eq(s.fingerprint, fingerprint), eq(s.matcherVersion, MATCHER_VERSION), isNotNull(s.completedAt)))
        .limit(1);
      if (finished) return false;
      await tx.update(s).set({ completedAt: new Date() }).where(eq(s.id, row.id));
      return true;
    });
    if (!won) await deleteSnapshot(db, row.id);
    return won ? "written" : "lost";
  } catch (error) {
    await deleteSnapshot(db, row.id).catch(() => {});
    throw error;
  }
}

/** Deletes one snapshot and its chunks (a broken one, before it is written again). */
export async function deleteSnapshot(db: DbOrTx, id: string): Promise<void> {
  await db.delete(s).where(eq(s.id, id));
}

/**
 * Deletes the snapshots no process will read: those of a version set that is no longer current (one of its versions
 * is gone or was replaced by a newer current one, or none of them is about to become current), unfinished ones whose writer has had WRITER_GRACE_MS, and any
 * other than the current one's after KEEP_UNUSED_MS. A snapshot prepared for a version not yet current (an import
 * builds the index before its switch) is kept: that version is newer than its dataset's current one. Answers how many.
 */
export async function deleteStaleSnapshots(db: DbOrTx, currentFingerprint: string): Promise<number> {
  const rows = await db
    .select({ id: s.id, fingerprint: s.fingerprint, completedAt: s.completedAt, createdAt: s.createdAt, matcherVersion: s.matcherVersion })
    .from(s);
  if (rows.length === 0) return 0;
  const v = schema.sanctionsDatasetVersions;
  // Only ids that can be a version's are looked up (a uuid column refuses anything else): any other is no version.
  const ids = [...new Set(rows.flatMap((r) => r.fingerprint.split(",")))].filter((id) => UUID.test(id));
  const found =
    ids.length === 0
      ? []
      : await db.select({ id: v.id, datasetId: v.datasetId, isCurrent: v.isCurrent, createdAt: v.createdAt }).from(v).where(inArray(v.id, ids));
  const versions = new Map(found.map((x) => [x.id, x]));
  const currentSince = new Map(
    (await db.select({ datasetId: v.datasetId, createdAt: v.createdAt }).from(v).where(eq(v.isCurrent, true))).map((x) => [x.datasetId, x.createdAt.getTime()]),
  );
  /** Gone, or older than its dataset's current version: that set of versions will not be current again. */
  const superseded = (id: string) => {
    const version = versions.get(id);
    if (!version) return true;
    if (version.isCurrent) return false;
    const since = currentSince.get(version.datasetId);
    return since !== undefined && since >= version.createdAt.getTime();
  };
  /** Not current yet, and newer than its dataset's current version: a switch being prepared. */
  const upcoming = (id: string) => {
    const version = versions.get(id);
    return !!version && !version.isCurrent && !superseded(id);
  };
  const now = Date.now();
  const stale = rows.filter((r) => {
    const age = now - r.createdAt.getTime();
    if (r.completedAt === null) return age > WRITER_GRACE_MS;
    if (r.fingerprint === currentFingerprint) return r.matcherVersion !== MATCHER_VERSION && age > KEEP_UNUSED_MS;
    const ids = r.fingerprint.split(",").filter(Boolean);
    return age > KEEP_UNUSED_MS || ids.some(superseded) || !ids.some(upcoming);
  });
  if (stale.length > 0) {
    await db.delete(s).where(
      inArray(
        s.id,
        stale.map((r) => r.id),
      ),
    );
  }
  return stale.length;
}
