import { useFormatters } from "@duecheck/react/views/format";
import { useFormatBytes } from "@duecheck/react/views/sanctions/format";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@duecheck/ui/dialog";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Spinner } from "@duecheck/ui/spinner";
import { AlertTriangleIcon, DownloadIcon, PaperclipIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { canDecide } from "../../../lib/auth/roles.ts";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { ATTACHMENT_MAX_BYTES, type CaseView, removeAttachmentSchema } from "../../../lib/cases/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { serverErrorText } from "../lib/api";
import { TextArea } from "../review/text-area";
import { attachmentHref, useRemoveAttachment, useUploadAttachment } from "./case-attachment-queries";

/** A file of the case as the section lists it: one kept, or one removed (its name, size and checksum kept). */
interface ListedFile {
  id: string;
  fileName: string;
  size: number;
  sha256: string;
  uploader: string | null;
  uploaderId: string | null;
  createdAt: string | null;
  removed: { at: string; by: string | null; reason: string } | null;
}

/** What the timeline keeps of a file attached or removed (lib/cases/attachments.ts writes it). */
const fileEventSchema = z.object({
  attachmentId: z.string(),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string(),
  reason: z.string().optional(),
});

/** The files kept (the case's attachments) and, from the timeline, those removed: removal keeps the checksum on record. */
function listedFiles(item: CaseView): ListedFile[] {
  const kept: ListedFile[] = item.attachments.map((a) => ({ ...a, removed: null }));
  const added = new Map(item.timeline.filter((e) => e.kind === "attachment_added").map((e) => [String(e.details.attachmentId), e]));
  const removed: ListedFile[] = item.timeline.flatMap((e) => {
    if (e.kind !== "attachment_removed") return [];
    const parsed = fileEventSchema.safeParse(e.details);
    if (!parsed.success) return [];
    const d = parsed.data;
    const upload = added.get(d.attachmentId);
    return [
      {
        id: d.attachmentId,
        fileName: d.fileName,
        size: d.size,
        sha256: d.sha256,
        uploader: upload?.actor ?? null,
        uploaderId: upload?.actorId ?? null,
        createdAt: upload?.at ?? null,
        removed: { at: e.at, by: e.actor, reason: d.reason ?? "" },
      },
    ];
  });
  return [...kept, ...removed];
}

/** Removes a colleague's file: those who run the team's cases (lib/cases/access.ts's rule; the server decides). */
const runsCases = (user: PublicUser) =>
  user.role === "admin" || user.role === "reviewer" || (!!user.organisation && user.organisation.role !== "analyst" && user.organisation.role !== "auditor");

/**
 * The case's files: each with its name, size, SHA-256 (shortened, the whole value a click or Enter away), who attached
 * it and when; a download; and, for the uploader and those who run the team's cases while the case is not closed, a
 * removal with a reason. Removed files stay listed as removed, with their checksum. Members but auditors attach files.
 */
export function CaseAttachments({ item }: { item: CaseView }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<ListedFile | null>(null);
  const files = listedFiles(item);
  const writes = !!user && canDecide(user);
  const mayRemove = (file: ListedFile) => writes && item.status !== "closed" && (file.uploaderId === user?.id || (!!user && runsCases(user)));
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>
          <h2 id="case-attachments-title">{t("cases.attachments.title")}</h2>
        </CardTitle>
        {writes && (
          <Button variant="outline" size="sm" onClick={() => setUploading(true)} data-testid="case-attach-open">
            <PaperclipIcon aria-hidden />
            {t("cases.attachments.upload")}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <section aria-labelledby="case-attachments-title" data-testid="case-attachments">
          {files.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("cases.attachments.none")}</p>
          ) : (
            <ul className="grid gap-2">
              {files.map((file) => (
                <AttachmentRow key={file.id} caseId={item.id} file={file} onRemove={mayRemove(file) ? () => setRemoving(file) : undefined} />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
      <UploadDialog caseId={item.id} open={uploading} onOpenChange={setUploading} />
      <RemoveDialog caseId={item.id} file={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function AttachmentRow({ caseId, file, onRemove }: { caseId: string; file: ListedFile; onRemove?: () => void }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const formatBytes = useFormatBytes();
  const someone = t("reviews.someone");
  return (
    <li
      className="grid min-w-0 gap-1.5 rounded-md border p-3 text-sm"
      data-testid="case-attachment"
      data-attachment-id={file.id}
      data-removed={file.removed ? "true" : "false"}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <span
          className={file.removed ? "font-medium break-all text-muted-foreground line-through" : "font-medium break-all"}
          data-testid="case-attachment-name"
        >
          {file.fileName}
        </span>
        {file.removed && (
          <Badge variant="outline" data-testid="case-attachment-removed">
            {t("cases.attachments.removedBadge")}
          </Badge>
        )}
      </div>
      <p className="text-xs text-muted-foreground" data-testid="case-attachment-meta">
        {file.createdAt
          ? t("cases.attachments.meta", { size: formatBytes(file.size), name: file.uploader ?? someone, date: dateTime(file.createdAt) })
          : formatBytes(file.size)}
      </p>
      {file.removed && (
        <p className="text-xs break-words text-muted-foreground" data-testid="case-attachment-removal">
          {t("cases.attachments.removedMeta", { name: file.removed.by ?? someone, date: dateTime(file.removed.at), reason: file.removed.reason })}
        </p>
      )}
      <details className="min-w-0 text-xs" data-testid="case-attachment-sha256">
        <summary className="w-fit cursor-pointer rounded-sm font-mono focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          {t("cases.attachments.checksumShort", { short: file.sha256.slice(0, 12) })}
        </summary>
        <p className="mt-1 min-w-0">
          <span className="sr-only">{t("cases.attachments.checksumLabel", { name: file.fileName })}: </span>
          <code className="block font-mono break-all select-all" data-testid="case-attachment-sha256-full">
            {file.sha256}
          </code>
        </p>
      </details>
      {!file.removed && (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={attachmentHref(caseId, file.id)} download aria-label={t("cases.attachments.downloadLabel", { name: file.fileName })}>
              <DownloadIcon aria-hidden />
              {t("cases.attachments.download")}
            </a>
          </Button>
          {onRemove && (
            <Button variant="outline" size="sm" onClick={onRemove} aria-label={t("cases.attachments.removeLabel", { name: file.fileName })}>
              <Trash2Icon aria-hidden />
              {t("cases.attachments.remove")}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** The server's refusal, in its words, where the action was taken. */
function Refused({ title, error, testId }: { title: string; error: unknown; testId: string }) {
  const { t } = useTranslation();
  const text = serverErrorText(error);
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
      data-testid={testId}
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium">{title}</p>
        {text && <p className="[overflow-wrap:anywhere]">{t(text)}</p>}
      </div>
    </div>
  );
}

/** Choose a file and send it; a refusal (too large, not an allowed type) is shown here, and the dialog stays open. */
function UploadDialog({ caseId, open, onOpenChange }: { caseId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const upload = useUploadAttachment(caseId, () => {
    setFile(null);
    onOpenChange(false);
  });

  function change(next: boolean) {
    if (upload.isPending) return;
    setFile(null);
    setMissing(false);
    upload.reset();
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setMissing(true);
    upload.mutate(file);
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="sm:max-w-lg" data-testid="case-attach-dialog">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t("cases.attachments.uploadTitle")}</DialogTitle>
            <DialogDescription id={hintId}>{t("cases.attachments.uploadDescription", { size: formatBytes(ATTACHMENT_MAX_BYTES) })}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{t("cases.attachments.file")}</Label>
            <Input
              id={inputId}
              type="file"
              disabled={upload.isPending}
              aria-describedby={hintId}
              aria-invalid={missing || undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setMissing(false);
                upload.reset();
              }}
            />
            {missing && (
              <p role="alert" className="text-sm text-destructive">
                {t("cases.attachments.chooseFile")}
              </p>
            )}
          </div>
          {upload.isError && <Refused title={t("cases.attachments.uploadFailed")} error={upload.error} testId="case-attach-error" />}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => change(false)}>
              {t("cases.attachments.cancel")}
            </Button>
            <Button type="submit" disabled={upload.isPending}>
              {upload.isPending ? <Spinner /> : <UploadIcon aria-hidden />}
              {t("cases.attachments.uploadConfirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The schema's refusal of a reason, as the review forms word it in the interface language. */
function reasonRefusal(message: string): string {
  if (message.includes("control characters")) return "reviews.form.invalidCharacters";
  if (message.includes("must be at most")) return "reviews.form.tooLong";
  return "reviews.form.required";
}

/** Say why the file goes: the bytes are deleted, the name, size and checksum stay on the timeline. */
function RemoveDialog({ caseId, file, onClose }: { caseId: string; file: ListedFile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const remove = useRemoveAttachment(caseId, () => {
    setReason("");
    onClose();
  });

  function change(open: boolean) {
    if (remove.isPending || open) return;
    setReason("");
    setInvalid(null);
    remove.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    // The server's own schema: a reason that trims to nothing is refused here as there.
    const parsed = removeAttachmentSchema.safeParse({ reason });
    if (!parsed.success) return setInvalid(reasonRefusal(parsed.error.issues[0].message));
    remove.mutate({ attachmentId: file.id, reason: parsed.data.reason });
  }

  return (
    <Dialog open={file !== null} onOpenChange={change}>
      <DialogContent className="sm:max-w-lg" data-testid="case-remove-attachment-dialog">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle className="break-all">{t("cases.attachments.removeTitle", { name: file?.fileName ?? "" })}</DialogTitle>
            <DialogDescription>{t("cases.attachments.removeDescription")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={reasonId}>{t("cases.attachments.reason")}</Label>
            <TextArea
              id={reasonId}
              value={reason}
              maxLength={4000}
              aria-invalid={invalid ? true : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setInvalid(null);
              }}
            />
            {invalid && (
              <p role="alert" className="text-sm text-destructive">
                {t(invalid)}
              </p>
            )}
          </div>
          {remove.isError && <Refused title={t("cases.attachments.removeFailed")} error={remove.error} testId="case-remove-attachment-error" />}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={remove.isPending} onClick={() => change(false)}>
              {t("cases.attachments.cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending && <Spinner />}
              {t("cases.attachments.removeConfirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
