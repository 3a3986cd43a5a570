import { constants, gunzipSync } from "node:zlib";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import { PUBLISHED_DATE_HEAD_BYTES, publishedDateOf } from "../parsers/published-date.ts";

/** Compressed bytes read from a chunked file's first chunk for its head. */
const CHUNK_HEAD_BYTES = 16_384;

/** The first PUBLISHED_DATE_HEAD_BYTES of the file a gzip stream's first bytes hold. */
const inflatedHead = (gzipped: Uint8Array | string) =>
  gunzipSync(typeof gzipped === "string" ? Buffer.from(gzipped.replace(/^\\x/, ""), "hex") : gzipped, { finishFlush: constants.Z_SYNC_FLUSH }).subarray(
    0,
    PUBLISHED_DATE_HEAD_BYTES,
  );

/** The formats whose files carry the publisher's date (../parsers/published-date.ts); the others are not read. */
const DATED_FORMATS = new Set(["un_xml", "eu_xml", "uk_fcdo_csv"]);

/**
 * The publisher's date of each version, read from the head of its kept files when shown: it is not stored (the
 * versions table has no column for it, and the files are kept with the version), so a version whose format carries
 * no date, or whose files do not, has none. Only the first few kilobytes of each file leave the database.
 */
export async function publishedDates(db: DbOrTx, versions: { id: string; format: string }[]): Promise<Map<string, string>> {
  const dated = versions.filter((v) => DATED_FORMATS.has(v.format));
  const answer = new Map<string, string>();
  if (dated.length === 0) return answer;
  const f = schema.sanctionsVersionFiles;
  const rows = await db
    .select({
      versionId: f.versionId,
      name: f.fileName,
      head: sql<Uint8Array | string | null>`substring(${f.content} from 1 for ${sql.raw(String(PUBLISHED_DATE_HEAD_BYTES))})`,
    })
    .from(f)
    .where(
      inArray(
        f.versionId,
        dated.map((v) => v.id),
      ),
    );
  // A file kept in chunks (versions.ts) has its head at the start of the first chunk, a gzip stream of its own: its
  // first bytes are inflated as far as they go (text shrinks about 5×, so they hold far more than the head).
  const c = schema.sanctionsVersionFileChunks;
  const chunked = await db
    .select({
      versionId: f.versionId,
      name: f.fileName,
      first: sql<Uint8Array>`substring(${c.content} from 1 for ${sql.raw(String(CHUNK_HEAD_BYTES))})`,
    })
    .from(f)
    .innerJoin(c, and(eq(c.fileId, f.id), eq(c.seq, 0)))
    .where(
      and(
        isNull(f.content),
        inArray(
          f.versionId,
          dated.map((v) => v.id),
        ),
      ),
    );
  const decoder = new TextDecoder();
  const text = (head: Uint8Array | string | null) => (head === null ? "" : typeof head === "string" ? head : decoder.decode(head));
  for (const version of dated) {
    const heads = [
      ...rows.filter((r) => r.versionId === version.id && r.head !== null).map((r) => ({ name: r.name, head: text(r.head) })),
      ...chunked.filter((r) => r.versionId === version.id).map((r) => ({ name: r.name, head: text(inflatedHead(r.first)) })),
    ];
    const date = publishedDateOf(version.format, heads);
    if (date) answer.set(version.id, date);
  }
  return answer;
}
