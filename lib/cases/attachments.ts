/**
 * Attaching a file to a case and removing one. The type is read from the bytes (attachment-types.ts); a file is at
 * most 10 MB and a case's attachments at most 100 MB together, counted under a lock on the case so two uploads at
 * once cannot both squeeze past the limit. Any member but an auditor attaches, to a closed case too (the letter that
 * declines a relationship comes after the decision). Removing needs a reason and is the uploader's, or of those who
 * run the team's cases; a closed case's files stay as they were when it was decided (409: reopen it first). Removal
 * drops the bytes; the name, size and SHA-256 stay, on the row and on the timeline. Both are written on the timeline
 * and in the audit log in the transaction that makes them.
 */
import { createHash } from "node:crypto";
import { and, eq, getTableColumns, isNull, type SQL, sql } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { type CaseActor, findCase, runsCases } from "./access.ts";
import { detectAttachmentType } from "./attachment-types.ts";
import { attachmentsOf, attachmentView } from "./attachment-views.ts";
import { ATTACHMENT_MAX_BYTES, CASE_ATTACHMENTS_MAX_BYTES, type CaseAttachmentView } from "./contract.ts";
import { recordCaseEvent } from "./record.ts";

const a = schema.caseAttachments;
export const ATTACHMENT_NOT_FOUND = "Attachment not found";
const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.floor((bytes / MB) * 10) / 10} MB`;
export const FILE_TOO_LARGE = `The file is larger than ${ATTACHMENT_MAX_BYTES / MB} MB, the most a case's attachment may be`;

export interface NewAttachment {
  /** The name as sent, folders dropped and checked by attachmentNameSchema. */
  fileName: string;
  declaredType: string | null;
  content: Uint8Array;
}

/**
 * The bytes sent as base64 text the database decodes: embedded PGlite turns a bytea parameter into hex char by char
 * and keeps the grown memory for good (as for a list's files, lib/sanctions/datasets/versions.ts).
 */
const bytesAsBase64 = (content: Uint8Array): SQL =>
  sql`decode(${Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString("base64")}, 'base64')`;

export async function addCaseAttachment(deps: { db: Db; clock?: Clock }, actor: CaseActor, caseId: string, file: NewAttachment): Promise<CaseAttachmentView> {
  const clock = deps.clock ?? systemClock;
  // Who and which case first: an auditor is 403 and another organisation's case 404 whatever they sent.
  await findCase(deps.db, actor, caseId, { change: true });
  if (file.content.byteLength > ATTACHMENT_MAX_BYTES) throw new AppError(413, FILE_TOO_LARGE);
  const type = detectAttachmentType(file.content);
  const sha256 = createHash("sha256").update(file.content).digest("hex");
  return deps.db.transaction(async (tx) => {
    const row = await findCase(tx, actor, caseId, { change: true });
    // Uploads to one case take turns from here: the second waits for the first to commit, then counts its file too.
    await tx.select({ id: schema.cases.id }).from(schema.cases).where(eq(schema.cases.id, row.id)).for("no key update");
    const held = await heldBytes(tx, row.id);
    if (held + file.content.byteLength > CASE_ATTACHMENTS_MAX_BYTES) {
      const left = Math.max(0, CASE_ATTACHMENTS_MAX_BYTES - held);
      throw new AppError(
        413,
        `A case's attachments may hold ${CASE_ATTACHMENTS_MAX_BYTES / MB} MB together: ${megabytes(left)} are left, and the file is ${megabytes(file.content.byteLength)}`,
      );
    }
    const now = clock.now();
    const [added] = await tx
      .insert(a)
      .values({
        caseId: row.id,
        organisationId: row.organisationId,
        fileName: file.fileName,
        declaredType: file.declaredType,
        detectedType: type,
        size: file.content.byteLength,
        sha256,
        content: bytesAsBase64(file.content),
        uploadedBy: actor.id,
        createdAt: now,
      })
      .returning({ id: a.id });
    const details = { attachmentId: added.id, fileName: file.fileName, type, size: file.content.byteLength, sha256 };
    await recordCaseEvent(tx, row, { kind: actor.kind, id: actor.id, ipAddress: actor.ipAddress }, "attachment_added", details, now);
    const [view] = await attachmentsOf(tx, row.id, eq(a.id, added.id));
    return view;
  });
}

export async function removeCaseAttachment(
  deps: { db: Db; clock?: Clock },
  actor: CaseActor,
  caseId: string,
  attachmentId: string,
  reason: string,
): Promise<{ id: string; removedAt: string }> {
  const clock = deps.clock ?? systemClock;
  return deps.db.transaction(async (tx) => {
    const row = await findCase(tx, actor, caseId, { change: true });
    const found = await findAttachment(tx, row.id, attachmentId);
    if (found.removedAt) throw new AppError(409, "The attachment is already removed");
    if (found.uploadedBy !== actor.id && !runsCases(actor)) {
      throw new AppError(403, "Only whoever attached the file, or those who run the team's cases, remove it");
    }
    if (row.status === "closed") throw new AppError(409, "A closed case's attachments stay as they were when it was decided: reopen it first");
    const now = clock.now();
    // Only a row not removed yet is removed: of two removals at once, the second finds none and is told.
    const [removed] = await tx
      .update(a)
      .set({ removedAt: now, removedBy: actor.id, removedReason: reason, content: null })
      .where(and(eq(a.id, found.id), isNull(a.removedAt)))
      .returning({ id: a.id });
    if (!removed) throw new AppError(409, "The attachment is already removed");
    const details = { attachmentId: found.id, fileName: found.fileName, type: found.detectedType, size: found.size, sha256: found.sha256, reason };
    await recordCaseEvent(tx, row, { kind: actor.kind, id: actor.id, ipAddress: actor.ipAddress }, "attachment_removed", details, now);
    return { id: found.id, removedAt: now.toISOString() };
  });
}

/** The attachment's bytes to serve; 410 once removed (it was there, and its checksum is on the timeline). */
export async function readCaseAttachment(db: DbOrTx, actor: CaseActor, caseId: string, attachmentId: string) {
  const row = await findCase(db, actor, caseId);
  const found = await findAttachment(db, row.id, attachmentId);
  if (found.removedAt) {
    throw new AppError(410, `The attachment was removed on ${found.removedAt.toISOString().slice(0, 10)}; its checksum stays on the case's timeline`);
  }
  const [{ content }] = await db.select({ content: a.content }).from(a).where(eq(a.id, found.id));
  return { view: attachmentView(found, null), content: new Uint8Array(content!) };
}

/** Everything of the attachment but its bytes; 404 for another case's or an unknown (or malformed) id. */
async function findAttachment(db: DbOrTx, caseId: string, attachmentId: string) {
  if (!isUuid(attachmentId)) throw new AppError(404, ATTACHMENT_NOT_FOUND);
  const { content: _bytes, ...columns } = getTableColumns(a);
  const [found] = await db
    .select(columns)
    .from(a)
    .where(and(eq(a.id, attachmentId), eq(a.caseId, caseId)));
  if (!found) throw new AppError(404, ATTACHMENT_NOT_FOUND);
  return found;
}

/** Bytes the case's attachments not removed hold. */
async function heldBytes(db: DbOrTx, caseId: string): Promise<number> {
  const [{ held }] = await db
    .select({ held: sql<number>`coalesce(sum(${a.size}), 0)::bigint` })
    .from(a)
    .where(and(eq(a.caseId, caseId), isNull(a.removedAt)));
  return Number(held);
}
