/**
 * A case's files and report in the browser, against the real server, pipeline and database (a small OFAC list with
 * Dmitri Orlov listed): a screening with his hit opens a case; on the case page the analyst attaches files (an
 * executable and a file over 10 MB are refused in the dialog, in the server's words), reads each file's size and
 * SHA-256, removes one with a reason (it stays listed as removed, with its checksum), closes the case, and downloads its
 * report as a PDF and as an Excel workbook, which hold the file's checksum and the outcome. The section works at 375 px.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { createUser as createMember } from "../../lib/auth/users.ts";
import { sanctionsService } from "../../server/sanctions/service.ts";
import { HttpClient } from "../../support/http-client.ts";
import { ELF, PDF, TXT } from "../fixtures/attachments.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import { expectDialogOpen, expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, plainText, signedInPage, signIn } from "./support/browser.ts";

const TEST_TIMEOUT_MS = 120_000;
const OWNER = { email: "owner@example.com", password: "Owner-password-1", fullName: "Olga Owner" };
const ANALYST = { email: "analyst@example.com", password: "Analyst-password-1", fullName: "Ana Lyst" };
const PDFTOTEXT = Bun.which("pdftotext");
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let app: TestApp;
let stopApp: () => Promise<void>;
let browser: Browser;
let analystApi: HttpClient;
let page: Page;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000" }));
  browser = await launchBrowser();
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  expect((await importReviewList(app.db)).status).toBe("success");
  await sanctionsService(app.server.database).index.refresh();
  const organisationId = (await createUser(app.db, { ...OWNER, credits: 1000 })).organisationId;
  await createMember(
    app.db,
    {
      email: ANALYST.email,
      password: ANALYST.password,
      fullName: ANALYST.fullName,
      phoneNumber: "0123456789",
      company: "Acme Compliance",
      position: "analyst",
    },
    { membership: { organisationId, role: "analyst" } },
  );
  analystApi = new HttpClient(app.url);
  await analystApi.signIn(ANALYST.email, ANALYST.password);
  ({ page } = await signedInPage(browser, app.url, ANALYST.email, ANALYST.password));
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await stopApp?.();
}, HOOK_TIMEOUT_MS);

const textOf = async (locator: ReturnType<Page["locator"]>) => plainText(await locator.textContent());
const fileRow = (name: string) =>
  page.getByTestId("case-attachment").filter({ has: page.getByTestId("case-attachment-name").getByText(name, { exact: true }) });

/** Opens the upload dialog, chooses the file and sends it. */
async function attach(name: string, content: Uint8Array, mimeType = "application/octet-stream") {
  await page.getByRole("button", { name: "Attach a file" }).click();
  const dialog = page.getByTestId("case-attach-dialog");
  await expectDialogOpen(dialog);
  await dialog.getByLabel("File").setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
  await dialog.getByRole("button", { name: "Attach", exact: true }).click();
  return dialog;
}

async function downloaded(linkName: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: linkName }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: new Uint8Array(readFileSync(path!)) };
}

describe("a case's attachments and report", () => {
  test(
    "from a screening to closing: files attached, refused and removed on the case page, the report downloaded",
    async () => {
      const created = await analystApi.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person" });
      expect(created.status).toBe(201);
      const search = (await analystApi.get(`/api/searches/${created.json.id}?wait=30`)).json;
      expect(search.status).toBe("completed");
      const caseId: string = search.caseId;
      expect(caseId).toEqual(expect.any(String));

      await page.goto(`${app.url}/cases/${caseId}`);
      await expectVisible(page.getByTestId("case-page"));
      await expectVisible(page.getByRole("heading", { name: "Attachments", level: 2 }));
      expect(await textOf(page.getByTestId("case-attachments"))).toBe("No files attached yet.");

      // An executable called invoice.pdf: the server's 415 is shown in the dialog, which stays open; nothing is listed.
      let dialog = await attach("invoice.pdf", ELF, "application/pdf");
      await expectVisible(dialog.getByTestId("case-attach-error"));
      expect(await textOf(dialog.getByTestId("case-attach-error"))).toContain("executables, scripts and archives are never attached to a case");
      // Over 10 MB: the server's 413, in the dialog too.
      await dialog.getByLabel("File").setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
      await dialog.getByRole("button", { name: "Attach", exact: true }).click();
      await page.waitForFunction(() => /larger than 10 MB/.test(document.querySelector('[data-testid="case-attach-error"]')?.textContent ?? ""));
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expectHidden(dialog);
      expect(await page.getByTestId("case-attachment").count()).toBe(0);

      // A PDF and a text file are attached: listed with their size, who attached them, and their SHA-256.
      dialog = await attach("passport copy.pdf", PDF, "application/pdf");
      await expectHidden(dialog);
      await expectVisible(fileRow("passport copy.pdf"));
      dialog = await attach("wrong customer.txt", TXT, "text/plain");
      await expectHidden(dialog);
      const pdfRow = fileRow("passport copy.pdf");
      expect(await textOf(pdfRow.getByTestId("case-attachment-meta"))).toMatch(new RegExp(`^${PDF.byteLength} Bytes · attached by Ana Lyst, `));
      const checksum = pdfRow.getByTestId("case-attachment-sha256");
      expect(await textOf(checksum.locator("summary"))).toBe(`SHA-256 ${sha(PDF).slice(0, 12)}…`);
      // The whole value is a key press away.
      await checksum.locator("summary").focus();
      await page.keyboard.press("Enter");
      await expectVisible(pdfRow.getByTestId("case-attachment-sha256-full"));
      expect(await textOf(pdfRow.getByTestId("case-attachment-sha256-full"))).toBe(sha(PDF));
      // The download is the file's own bytes.
      const [file] = await Promise.all([page.waitForEvent("download"), pdfRow.getByRole("link", { name: "Download passport copy.pdf" }).click()]);
      expect(new Uint8Array(readFileSync((await file.path())!))).toEqual(PDF);

      // The wrong customer's file is removed with a reason: listed as removed, its checksum kept, no download.
      await fileRow("wrong customer.txt").getByRole("button", { name: "Remove wrong customer.txt" }).click();
      const remove = page.getByTestId("case-remove-attachment-dialog");
      await expectDialogOpen(remove);
      await remove.getByRole("button", { name: "Remove the file" }).click();
      await expectVisible(remove.getByText("This field is required"));
      await remove.getByLabel("Reason").fill("Belongs to another customer");
      await remove.getByRole("button", { name: "Remove the file" }).click();
      await expectHidden(remove);
      const removed = fileRow("wrong customer.txt");
      await expectVisible(removed.getByTestId("case-attachment-removed"));
      expect(await textOf(removed.getByTestId("case-attachment-removal"))).toMatch(/^Removed by Ana Lyst, .+: Belongs to another customer$/);
      expect(await textOf(removed.getByTestId("case-attachment-sha256").locator("summary"))).toBe(`SHA-256 ${sha(TXT).slice(0, 12)}…`);
      expect(await removed.getByRole("link").count()).toBe(0);
      // A reload keeps it all: the address names the case.
      await page.reload();
      await expectVisible(fileRow("passport copy.pdf"));
      expect(await fileRow("wrong customer.txt").getAttribute("data-removed")).toBe("true");

      // Every hit decided (the review screen's part, tested with the cases), then the case closed here.
      for (const hit of search.results.sanctionsList.flatMap((row: any) => row.hits)) {
        const decided = await analystApi.post(`/api/searches/${search.id}/decisions`, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" });
        expect(decided.status).toBe(201);
      }
      await page.reload();
      await page.getByRole("button", { name: "Close case" }).click();
      const close = page.getByTestId("case-close-dialog");
      await expectDialogOpen(close);
      await close.getByRole("radio", { name: "False positive" }).click();
      await close.getByRole("button", { name: "Close case" }).click();
      await expectHidden(close);
      await page.waitForFunction(() => document.querySelector('[data-testid="case-fact-status"]')?.textContent === "Closed");
      // A closed case keeps the files it was decided with: no removal offered.
      expect(
        await fileRow("passport copy.pdf")
          .getByRole("button", { name: /^Remove / })
          .count(),
      ).toBe(0);

      // The report, as a PDF: the case, its outcome, the search verified again, the files with their checksums.
      const pdf = await downloaded("Download report (PDF)");
      expect(pdf.name).toMatch(/^duecheck-case-dmitri-orlov-\d{4}-\d{2}-\d{2}\.pdf$/);
      expect(PDFTOTEXT).toBeTruthy();
      const path = join(tmpdir(), `duecheck-case-report-${Date.now()}.pdf`);
      await Bun.write(path, pdf.bytes);
      const text = Bun.spawnSync([PDFTOTEXT!, "-raw", path, "-"]).stdout.toString().replace(/\s+/g, " ");
      rmSync(path, { force: true });
      for (const words of ["Case report", "Outcome False positive", "passport copy.pdf (PDF)", "Belongs to another customer", "Identical"]) {
        expect(text).toContain(words);
      }
      expect(text.replace(/ /g, "")).toContain(sha(PDF));
      expect(text.replace(/ /g, "")).toContain(sha(TXT));

      // And as a workbook.
      const xlsx = await downloaded("Download report (Excel)");
      expect(xlsx.name).toMatch(/\.xlsx$/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      const files: unknown[][] = [];
      wb.getWorksheet("Attachments")!.eachRow((row) => files.push((row.values as unknown[]).slice(1)));
      expect(files.slice(1).map((r) => [r[0], r[3]])).toEqual([
        ["passport copy.pdf", sha(PDF)],
        ["wrong customer.txt", sha(TXT)],
      ]);

      // At 375 px the section and the report's links fit: nothing runs off the side.
      const narrow = await newPage(browser, { viewport: { width: 375, height: 800 } });
      try {
        await signIn(narrow.page, app.url, ANALYST.email, ANALYST.password);
        await narrow.page.goto(`${app.url}/cases/${caseId}`);
        await expectVisible(narrow.page.getByTestId("case-attachments"));
        await narrow.page.getByTestId("case-attachments").scrollIntoViewIfNeeded();
        await expectVisible(narrow.page.getByRole("link", { name: "Download report (PDF)" }));
        expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      } finally {
        await narrow.context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
