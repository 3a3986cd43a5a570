import { errorOf } from "@duecheck/react/api/errors";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { CASE_ATTACHMENT_FIELD } from "../../../lib/cases/contract.ts";
import { answer, api } from "../lib/api";
import { CASES_QUERY_KEY } from "./case-queries";

/** hc puts a path parameter into the address as it is given: encoded here, so an odd id stays one segment. */
const segment = encodeURIComponent;

/** What POST /api/cases/{id}/attachments answers, typed by the route itself: a multipart upload cannot go through `api`. */
type Attached = InferResponseType<(typeof api.cases)[":id"]["attachments"]["$post"]>;

/** Where an attachment's bytes are served (always as a download). */
export const attachmentHref = (caseId: string, attachmentId: string) => `/api/cases/${segment(caseId)}/attachments/${segment(attachmentId)}`;

/** Where the case's report is served, in the format and the labels' language. */
export const caseReportHref = (caseId: string, format: "pdf" | "xlsx", language: string) =>
  `/api/cases/${segment(caseId)}/report.${format}${["en", "de", "es", "fr"].includes(language) ? `?language=${language}` : ""}`;

/**
 * POST /api/cases/{id}/attachments as multipart/form-data, the file in the field `file`. A refusal (413 too large,
 * 415 not an allowed type, 403, 404) throws with the server's text, for the dialog to show.
 */
async function sendAttachment(caseId: string, file: File): Promise<Attached> {
  const form = new FormData();
  form.append(CASE_ATTACHMENT_FIELD, file, file.name);
  const res = await fetch(`/api/cases/${segment(caseId)}/attachments`, {
    method: "POST",
    body: form,
    credentials: "include",
    headers: { Accept: "application/json" },
  });
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as Attached;
}

export function useUploadAttachment(caseId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => sendAttachment(caseId, file),
    onSuccess: () => {
      onDone?.();
      void queryClient.invalidateQueries({ queryKey: CASES_QUERY_KEY });
    },
  });
}

/** DELETE /api/cases/{id}/attachments/{attachmentId} with the reason: the bytes go, the checksum stays on the timeline. */
export function useRemoveAttachment(caseId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attachmentId, reason }: { attachmentId: string; reason: string }) =>
      answer(api.cases[":id"].attachments[":attachmentId"].$delete({ param: { id: segment(caseId), attachmentId: segment(attachmentId) }, json: { reason } })),
    onSuccess: () => {
      onDone?.();
      void queryClient.invalidateQueries({ queryKey: CASES_QUERY_KEY });
    },
  });
}
