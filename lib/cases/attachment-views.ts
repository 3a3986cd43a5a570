/** A case's attachments as the API lists them: never their bytes, which only the download reads. */
import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { personName } from "../auth/person-name.ts";
import { ATTACHMENT_MEDIA, type AttachmentType, type CaseAttachmentView } from "./contract.ts";

const a = schema.caseAttachments;

type AttachmentRow = Omit<typeof a.$inferSelect, "content">;

export function attachmentView(row: AttachmentRow, uploader: string | null): CaseAttachmentView {
  const type = row.detectedType as AttachmentType;
  return {
    id: row.id,
    fileName: row.fileName,
    type,
    mediaType: ATTACHMENT_MEDIA[type].mediaType,
    size: row.size,
    sha256: row.sha256,
    uploader,
    uploaderId: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The case's attachments not removed, oldest first; `where` narrows them (one just added). */
export async function attachmentsOf(db: DbOrTx, caseId: string, where?: SQL): Promise<CaseAttachmentView[]> {
  const rows = await db
    .select({
      id: a.id,
      caseId: a.caseId,
      organisationId: a.organisationId,
      fileName: a.fileName,
      declaredType: a.declaredType,
      detectedType: a.detectedType,
      size: a.size,
      sha256: a.sha256,
      uploadedBy: a.uploadedBy,
      createdAt: a.createdAt,
      removedAt: a.removedAt,
      removedBy: a.removedBy,
      removedReason: a.removedReason,
      uploader: personName(a.uploadedBy),
    })
    .from(a)
    .where(and(eq(a.caseId, caseId), isNull(a.removedAt), where))
    .orderBy(asc(a.createdAt), asc(a.id));
  return rows.map(({ uploader, ...row }) => attachmentView(row, uploader));
}

/**
 * The name a download is saved under: the name as attached, ending with the extension of the type its bytes are, so
 * the file opens as what it is (a PNG attached as scan.pdf is saved as scan.pdf.png).
 */
export function downloadName(fileName: string, type: AttachmentType): string {
  const extension = ATTACHMENT_MEDIA[type].extension;
  const own = fileName.toLowerCase().split(".").at(-1);
  const fits = fileName.includes(".") && (own === extension || (type === "jpeg" && own === "jpeg"));
  return fits ? fileName : `${fileName}.${extension}`;
}

/**
 * Content-Disposition for a download: `filename` holds an ASCII stand-in (quotes, backslashes and anything outside
 * printable ASCII replaced) for old clients, `filename*` the exact name percent-encoded as UTF-8 (RFC 6266, 5987).
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
