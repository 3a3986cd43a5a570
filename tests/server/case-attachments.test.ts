import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { DOCX, ELF, EML, JPEG, PDF, PE, PNG, RANDOM_ZIP, SCRIPT, TXT, XLSX } from "../fixtures/attachments.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { downloadAttachment, uploadAttachment } from "../helpers/case-attachments.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { memberOf } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

/**
 * Case attachments over real HTTP: upload (201 with the id, name, type, size, SHA-256, uploader), download of the exact
 * bytes, types told from the bytes (a PNG called .pdf is a PNG; an executable or script refused with 415 whatever its
 * name), the 10 MB and 100 MB limits (413), the auditor (403), another organisation (404), and removal with a reason,
 * on the timeline with its checksum and in the audit log, after which the bytes are gone (410).
 */
const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
const MB = 1024 * 1024;
let app: TestApp;
let stopApp: () => Promise<void>;
let owner: HttpClient;
let analyst: { id: string; http: HttpClient };
let reviewer: { id: string; http: HttpClient };
let auditor: { id: string; http: HttpClient };
let outsider: HttpClient;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
  const organisationId = (await owner.get("/api/auth/me")).json.organisation.id;
  analyst = await memberOf(app, organisationId, "analyst", "analyst@example.com");
  reviewer = await memberOf(app, organisationId, "reviewer", "reviewer@example.com");
  auditor = await memberOf(app, organisationId, "auditor", "auditor@example.com");
  outsider = await signedIn(app, { email: "outsider@example.com", password: "outsider-password-1", fullName: "Out Sider", credits: 1000 });
}, 180_000);
afterAll(() => stopApp());

/** A case of its own for each test: Dmitri Orlov born in another year each time is another subject. */
let births = 0;
async function newCase(http: HttpClient = analyst.http): Promise<string> {
  births += 1;
  const created = await http.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person", details: { birthDate: `${1930 + births}-01-01` } });
  expect(created.status).toBe(201);
  const res = await http.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.json.caseId).toEqual(expect.any(String));
  return res.json.caseId;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const auditOf = async (caseId: string) => ((await owner.get("/api/organisation/audit?limit=100")).json.items as any[]).filter((e) => e.targetId === caseId);

describe("upload and download", () => {
  test("a PDF: 201 with its record, the exact bytes back, listed on the case, on the timeline and in the audit log", async () => {
    const caseId = await newCase();
    const res = await uploadAttachment(analyst.http, caseId, PDF, "Registry extract.pdf", "application/pdf");
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      fileName: "Registry extract.pdf",
      type: "pdf",
      mediaType: "application/pdf",
      size: PDF.length,
      sha256: sha256(PDF),
      uploader: "analyst",
      uploaderId: analyst.id,
      createdAt: expect.any(String),
    });

    const download = await downloadAttachment(reviewer.http, caseId, res.json.id);
    expect(download.status).toBe(200);
    expect(download.bytes).toEqual(PDF);
    expect(sha256(download.bytes)).toBe(res.json.sha256);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="Registry extract.pdf"; filename*=UTF-8''Registry%20extract.pdf`);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");

    const kase = (await analyst.http.get(`/api/cases/${caseId}`)).json;
    expect(kase.attachments).toEqual([res.json]);
    expect(kase.timeline.at(-1)).toMatchObject({
      kind: "attachment_added",
      actorId: analyst.id,
      details: { attachmentId: res.json.id, fileName: "Registry extract.pdf", type: "pdf", size: PDF.length, sha256: sha256(PDF) },
    });
    expect((await auditOf(caseId)).map((e) => e.action)).toContain("case.attachment_added");
  });

  test("every allowed type is stored as what its bytes are; a PNG called .pdf is a PNG and downloads as one", async () => {
    const caseId = await newCase();
    const files: [Uint8Array, string, string, string][] = [
      [PNG, "scan.pdf", "png", "image/png"],
      [JPEG, "photo.jpg", "jpeg", "image/jpeg"],
      [TXT, "call notes.txt", "txt", "text/plain; charset=utf-8"],
      [EML, "mail.eml", "eml", "message/rfc822"],
      [DOCX, "letter.docx", "docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      [XLSX, "accounts.xlsx", "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ];
    for (const [bytes, name, type, mediaType] of files) {
      const res = await uploadAttachment(analyst.http, caseId, bytes, name, "application/pdf");
      expect([name, res.status, res.json.type]).toEqual([name, 201, type]);
      const download = await downloadAttachment(analyst.http, caseId, res.json.id);
      expect([...download.bytes]).toEqual([...bytes]);
      expect(download.headers.get("content-type")).toBe(mediaType);
    }
    const png = (await analyst.http.get(`/api/cases/${caseId}`)).json.attachments[0];
    expect(png).toMatchObject({ fileName: "scan.pdf", type: "png" });
    const [row] = await app.db.select().from(schema.caseAttachments).where(eq(schema.caseAttachments.id, png.id));
    expect(row).toMatchObject({ declaredType: "application/pdf", detectedType: "png" });
    expect((await downloadAttachment(analyst.http, caseId, png.id)).headers.get("content-disposition")).toContain(`filename="scan.pdf.png"`);
  });

  test("a name keeps no folders; a name in any script is encoded; a name with a control character is 400", async () => {
    const caseId = await newCase();
    const foldered = await uploadAttachment(analyst.http, caseId, TXT, "C:\\Users\\ana\\Desktop\\notes.txt");
    expect(foldered.json.fileName).toBe("notes.txt");
    const unicode = await uploadAttachment(analyst.http, caseId, PDF, "Relevé Орлов.pdf");
    expect(unicode.json.fileName).toBe("Relevé Орлов.pdf");
    const header = (await downloadAttachment(analyst.http, caseId, unicode.json.id)).headers.get("content-disposition");
    expect(header).toBe(`attachment; filename="Relev_ _____.pdf"; filename*=UTF-8''Relev%C3%A9%20%D0%9E%D1%80%D0%BB%D0%BE%D0%B2.pdf`);
    const control = await uploadAttachment(analyst.http, caseId, TXT, "notes\u001b[2J.txt");
    expect(control.status).toBe(400);
    expect(control.json.error).toContain("must not contain control characters");
  });

  test("no file in the field `file`, or no multipart at all: 400", async () => {
    const caseId = await newCase();
    const form = new FormData();
    form.append("document", new File([PDF], "x.pdf"));
    const cookie = [...analyst.http.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const wrongField = await fetch(`${app.url}/api/cases/${caseId}/attachments`, { method: "POST", body: form, headers: { cookie } });
    expect(wrongField.status).toBe(400);
    expect((await wrongField.json()).error).toBe("Send the file as multipart/form-data in a field named file");
    expect((await analyst.http.post(`/api/cases/${caseId}/attachments`, { file: "x" })).status).toBe(400);
    expect((await analyst.http.get(`/api/cases/${caseId}`)).json.attachments).toEqual([]);
  });
});

describe("refused", () => {
  test("executables, scripts and other archives are 415 whatever they are called, and nothing is stored", async () => {
    const caseId = await newCase();
    const before = (await analyst.http.get(`/api/cases/${caseId}`)).json;
    for (const [bytes, name] of [
      [ELF, "report.pdf"],
      [PE, "invoice.pdf"],
      [SCRIPT, "statement.pdf"],
      [RANDOM_ZIP, "letter.docx"],
      [new Uint8Array([0, 1, 2, 3, 0xff]), "data.txt"],
    ] as [Uint8Array, string][]) {
      const res = await uploadAttachment(analyst.http, caseId, bytes, name, "application/pdf");
      expect([name, res.status]).toEqual([name, 415]);
    }
    const binary = await uploadAttachment(analyst.http, caseId, new Uint8Array([0, 1, 2, 3, 0xff]), "data.bin");
    expect(binary.json.error).toContain("PDF, PNG, JPEG, TXT, EML, DOCX, XLSX");
    const after = (await analyst.http.get(`/api/cases/${caseId}`)).json;
    expect(after.attachments).toEqual([]);
    expect(after.timeline).toEqual(before.timeline);
  });

  test("a file over 10 MB is 413; a case holding nearly 100 MB takes only what is left (413 naming it)", async () => {
    const caseId = await newCase();
    const tooLarge = new Uint8Array(10 * MB + 1);
    tooLarge.set(PDF);
    const res = await uploadAttachment(analyst.http, caseId, tooLarge, "large.pdf");
    expect(res.status).toBe(413);
    expect(res.json.error).toContain("larger than 10 MB");

    // 95 MB already held (its size recorded; the bytes do not matter to the count).
    const [kase] = await app.db.select().from(schema.cases).where(eq(schema.cases.id, caseId));
    await app.db.insert(schema.caseAttachments).values({
      caseId,
      organisationId: kase.organisationId,
      fileName: "archive.pdf",
      detectedType: "pdf",
      size: 95 * MB,
      sha256: sha256(PDF),
      content: PDF,
    });
    const six = new Uint8Array(6 * MB);
    six.set(PDF);
    const over = await uploadAttachment(analyst.http, caseId, six, "six.pdf");
    expect(over.status).toBe(413);
    expect(over.json.error).toBe("A case's attachments may hold 100 MB together: 5 MB are left, and the file is 6 MB");
    const four = await uploadAttachment(analyst.http, caseId, six.subarray(0, 4 * MB), "four.pdf");
    expect(four.status).toBe(201);
  });

  test("two uploads at once to a case with room for one: one is 201, the other 413", async () => {
    const caseId = await newCase();
    const [kase] = await app.db.select().from(schema.cases).where(eq(schema.cases.id, caseId));
    await app.db.insert(schema.caseAttachments).values({
      caseId,
      organisationId: kase.organisationId,
      fileName: "archive.pdf",
      detectedType: "pdf",
      size: 90 * MB,
      sha256: sha256(PDF),
      content: PDF,
    });
    const six = new Uint8Array(6 * MB);
    six.set(PDF);
    const answers = await Promise.all([uploadAttachment(analyst.http, caseId, six, "a.pdf"), uploadAttachment(reviewer.http, caseId, six, "b.pdf")]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 413]);
    expect((await analyst.http.get(`/api/cases/${caseId}`)).json.attachments).toHaveLength(2);
  });

  test("the auditor: 403 to attach or remove, and reads what is attached", async () => {
    const caseId = await newCase();
    const added = await uploadAttachment(analyst.http, caseId, PDF, "id.pdf");
    expect((await uploadAttachment(auditor.http, caseId, PDF, "audit.pdf")).status).toBe(403);
    expect((await auditor.http.request("DELETE", `/api/cases/${caseId}/attachments/${added.json.id}`, { reason: "An auditor's" })).status).toBe(403);
    expect((await downloadAttachment(auditor.http, caseId, added.json.id)).bytes).toEqual(PDF);
    expect((await auditor.http.get(`/api/cases/${caseId}`)).json.attachments.map((x: any) => x.id)).toEqual([added.json.id]);
  });

  test("another organisation's case or attachment is 404, as an unknown id", async () => {
    const caseId = await newCase();
    const added = await uploadAttachment(analyst.http, caseId, PDF, "id.pdf");
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const id of [caseId, unknown]) {
      const upload = await uploadAttachment(outsider, id, PDF, "mine.pdf");
      expect(upload.status).toBe(404);
      expect(upload.json.error).toBe("Case not found");
      expect((await downloadAttachment(outsider, id, added.json.id)).status).toBe(404);
      expect((await outsider.request("DELETE", `/api/cases/${id}/attachments/${added.json.id}`, { reason: "Not mine" })).json.error).toBe("Case not found");
    }
    // An unknown attachment, or one of another case, under a case the caller reads.
    const other = await newCase();
    for (const id of [unknown, "not-an-id", added.json.id]) {
      const res = await downloadAttachment(analyst.http, other, id);
      expect(res.status).toBe(404);
    }
    expect((await analyst.http.get(`/api/cases/${caseId}`)).json.attachments).toHaveLength(1);
  });
});

describe("removal", () => {
  test("needs a reason; keeps the checksum on the timeline; the bytes are gone (410); once only", async () => {
    const caseId = await newCase();
    const added = (await uploadAttachment(reviewer.http, caseId, PNG, "wrong customer.png")).json;
    const path = `/api/cases/${caseId}/attachments/${added.id}`;
    expect((await analyst.http.request("DELETE", path, {})).status).toBe(400);
    // An analyst removes their own files, not a colleague's.
    const colleague = await analyst.http.request("DELETE", path, { reason: "Not mine to remove" });
    expect(colleague.status).toBe(403);
    const removed = await owner.request("DELETE", path, { reason: "The passport of another customer" });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ id: added.id, removedAt: expect.any(String) });

    const gone = await downloadAttachment(analyst.http, caseId, added.id);
    expect(gone.status).toBe(410);
    const kase = (await analyst.http.get(`/api/cases/${caseId}`)).json;
    expect(kase.attachments).toEqual([]);
    expect(kase.timeline.at(-1)).toMatchObject({
      kind: "attachment_removed",
      details: { attachmentId: added.id, fileName: "wrong customer.png", sha256: sha256(PNG), size: PNG.length, reason: "The passport of another customer" },
    });
    const [row] = await app.db.select().from(schema.caseAttachments).where(eq(schema.caseAttachments.id, added.id));
    expect(row).toMatchObject({ content: null, sha256: sha256(PNG), removedReason: "The passport of another customer" });
    expect((await auditOf(caseId)).map((e) => e.action)).toEqual(expect.arrayContaining(["case.attachment_added", "case.attachment_removed"]));
    expect((await owner.request("DELETE", path, { reason: "Again" })).status).toBe(409);
  });

  test("a closed case takes new files, but keeps those it was decided with (409)", async () => {
    const caseId = await newCase();
    const kept = (await uploadAttachment(analyst.http, caseId, PDF, "evidence.pdf")).json;
    const kase = (await analyst.http.get(`/api/cases/${caseId}`)).json;
    for (const s of kase.searches) {
      const search = (await analyst.http.get(`/api/searches/${s.id}`)).json;
      for (const hit of search.results.sanctionsList.flatMap((row: any) => row.hits)) {
        await analyst.http.post(`/api/searches/${s.id}/decisions`, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" });
      }
    }
    expect((await analyst.http.post(`/api/cases/${caseId}/status`, { status: "closed", outcome: "relationship_declined" })).status).toBe(200);
    const letter = await uploadAttachment(analyst.http, caseId, DOCX, "decline letter.docx");
    expect(letter.status).toBe(201);
    const refused = await owner.request("DELETE", `/api/cases/${caseId}/attachments/${kept.id}`, { reason: "Tidying up" });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toContain("reopen it first");
    expect((await analyst.http.get(`/api/cases/${caseId}`)).json.attachments.map((x: any) => x.fileName)).toEqual(["evidence.pdf", "decline letter.docx"]);
  });
});
