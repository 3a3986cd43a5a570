/**
 * Cases over HTTP: the list and its views, a case with its searches, notes and timeline, assignment, status, notes,
 * escalation, attachments (uploaded as multipart, downloaded as the exact bytes), the organisation's case settings and
 * a member's availability. lib/cases decides who may do what and
 * answers 400, 403, 404 or 409; another organisation's case is 404, as an unknown id.
 */
import { type Context, Hono } from "hono";
import { findCase } from "../../lib/cases/access.ts";
import { assignCase } from "../../lib/cases/assign.ts";
import { caseAssignees } from "../../lib/cases/assignees.ts";
import { attachmentDisposition, downloadName } from "../../lib/cases/attachment-views.ts";
import { addCaseAttachment, FILE_TOO_LARGE, readCaseAttachment, removeCaseAttachment } from "../../lib/cases/attachments.ts";
import {
  ATTACHMENT_MAX_BYTES,
  addCaseSearchSchema,
  assignCaseSchema,
  attachmentNameSchema,
  availabilitySchema,
  CASE_ATTACHMENT_FIELD,
  caseListFilterSchema,
  caseNoteSchema,
  caseSettingsSchema,
  caseStatusSchema,
  caseTagsSchema,
  escalateCaseSchema,
  openCaseSchema,
  removeAttachmentSchema,
} from "../../lib/cases/contract.ts";
import { listCases } from "../../lib/cases/list.ts";
import { addCaseSearch, openCase } from "../../lib/cases/manual.ts";
import { addCaseNote, escalateCase } from "../../lib/cases/notes.ts";
import { changeCaseSettings, readAvailability, readCaseSettings, setAvailability } from "../../lib/cases/settings.ts";
import { changeCaseStatus } from "../../lib/cases/status.ts";
import { caseSummary } from "../../lib/cases/summary.ts";
import { setCaseTags } from "../../lib/cases/tags.ts";
import { caseView } from "../../lib/cases/views.ts";
import { AppError } from "../../lib/errors.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { reviewActor } from "../review/routes.ts";
import { jsonBody, parseWith, queryOf } from "../validate.ts";
import { caseReportRoutes } from "./report-routes.ts";

const deps = (c: Context<AppEnv>) => ({ db: c.get("ctx").database.db });
const listQuerySchema = pageQuerySchema.extend(caseListFilterSchema.shape);

const SEND_FILE = `Send the file as multipart/form-data in a field named ${CASE_ATTACHMENT_FIELD}`;
/** Room for the multipart framing (boundaries, part headers) around a file of the largest size. */
const FORM_FRAMING_BYTES = 64 * 1024;

/**
 * The one file of the form, its name without folders. A body declaring more than a file may be is 413 before it is
 * read; one sent without its length is measured once read.
 */
async function uploadedFile(c: Context<AppEnv>) {
  if (Number(c.req.header("content-length") ?? 0) > ATTACHMENT_MAX_BYTES + FORM_FRAMING_BYTES) throw new AppError(413, FILE_TOO_LARGE);
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new AppError(400, SEND_FILE);
  }
  const file = form[CASE_ATTACHMENT_FIELD];
  if (!(file instanceof File)) throw new AppError(400, SEND_FILE);
  if (file.size > ATTACHMENT_MAX_BYTES) throw new AppError(413, FILE_TOO_LARGE);
  const fileName = parseWith(attachmentNameSchema, (file.name ?? "").split(/[/\\]/).at(-1) ?? "") || "attachment";
  // The declared type is kept for the record only: printable ASCII, as a media type is, or nothing.
  const declaredType = /^[\x20-\x7e]{1,255}$/.test(file.type) ? file.type : null;
  return { fileName, declaredType, content: new Uint8Array(await file.arrayBuffer()) };
}

/** Under /api/cases. */
export const caseRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .route("/", caseReportRoutes)

  /** ?status=&assignee=me|unassigned|USER_ID&overdue=true&escalated=true&priority=&source=&tag=a,b&olderThan=DAYS&limit=&cursor= */
  .get("/", queryOf(listQuerySchema), async (c) => c.json(await listCases(deps(c).db, reviewActor(c), c.req.valid("query"))))

  /** { title, subject: { name, entityType, birthDate?, nationality?, identifiers? } }: 201 with the case; 409 with the subject's case. */
  .post("/", jsonBody(openCaseSchema), async (c) => c.json(await openCase(deps(c), reviewActor(c), c.req.valid("json")), 201))

  /** The reader's open and overdue cases and the team's, counted: the home screen's and the dashboard's figures. */
  .get("/summary", async (c) => c.json(await caseSummary(deps(c).db, reviewActor(c))))

  .get("/settings", async (c) => c.json(await readCaseSettings(deps(c).db, currentUser(c).organisationId)))
  .put("/settings", jsonBody(caseSettingsSchema), async (c) => c.json(await changeCaseSettings(deps(c).db, reviewActor(c), c.req.valid("json"))))

  .get("/availability", async (c) => c.json(await readAvailability(deps(c).db, reviewActor(c))))
  .put("/availability", jsonBody(availabilitySchema), async (c) => {
    const { unavailable } = c.req.valid("json");
    return c.json(await setAvailability(deps(c).db, reviewActor(c), unavailable));
  })

  .get("/:id", async (c) => {
    const row = await findCase(deps(c).db, reviewActor(c), c.req.param("id"));
    return c.json(await caseView(deps(c).db, row.id));
  })

  /** Who the case can be given to, from its own organisation: { items } with each one's open cases. */
  .get("/:id/assignees", async (c) => c.json({ items: await caseAssignees(deps(c).db, reviewActor(c), c.req.param("id")) }))

  /** { searchId }: the organisation's search put into the case; 409 with the case it is already in. */
  .post("/:id/searches", jsonBody(addCaseSearchSchema), async (c) =>
    c.json(await addCaseSearch(deps(c), reviewActor(c), c.req.param("id"), c.req.valid("json").searchId)),
  )

  /** { tags, version? }: the case's tags from now on, trimmed, lower case, each once. */
  .put("/:id/tags", jsonBody(caseTagsSchema), async (c) => c.json(await setCaseTags(deps(c), reviewActor(c), c.req.param("id"), c.req.valid("json"))))

  .put("/:id/assignee", jsonBody(assignCaseSchema), async (c) => c.json(await assignCase(deps(c), reviewActor(c), c.req.param("id"), c.req.valid("json"))))

  .post("/:id/status", jsonBody(caseStatusSchema), async (c) => c.json(await changeCaseStatus(deps(c), reviewActor(c), c.req.param("id"), c.req.valid("json"))))

  .post("/:id/notes", jsonBody(caseNoteSchema), async (c) => {
    const { text } = c.req.valid("json");
    return c.json(await addCaseNote(deps(c), reviewActor(c), c.req.param("id"), text), 201);
  })

  .post("/:id/escalate", jsonBody(escalateCaseSchema), async (c) => {
    const { reason } = c.req.valid("json");
    return c.json(await escalateCase(deps(c), reviewActor(c), c.req.param("id"), reason));
  })

  /** multipart/form-data with the file in `file`: 201 with the attachment (id, name, type, size, sha256, uploader). */
  .post("/:id/attachments", async (c) => {
    // Who and which case before the body is read: an auditor is 403 and another organisation's case 404, whatever was sent.
    const row = await findCase(deps(c).db, reviewActor(c), c.req.param("id"), { change: true });
    return c.json(await addCaseAttachment(deps(c), reviewActor(c), row.id, await uploadedFile(c)), 201);
  })

  /** The exact bytes, as the type they are, always as a download (never shown inline by the browser). */
  .get("/:id/attachments/:attachmentId", async (c) => {
    const { view, content } = await readCaseAttachment(deps(c).db, reviewActor(c), c.req.param("id"), c.req.param("attachmentId"));
    return c.body(content as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": view.mediaType,
      "Content-Length": String(content.byteLength),
      "Content-Disposition": attachmentDisposition(downloadName(view.fileName, view.type)),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox",
      "Cache-Control": "private, no-store",
    });
  })

  /** { reason }: the bytes are no longer served (410); name, size and SHA-256 stay on the timeline. */
  .delete("/:id/attachments/:attachmentId", jsonBody(removeAttachmentSchema), async (c) => {
    const { reason } = c.req.valid("json");
    return c.json(await removeCaseAttachment(deps(c), reviewActor(c), c.req.param("id"), c.req.param("attachmentId"), reason));
  });
