/**
 * The registration form in Chromium: every field is marked required (a "*" and aria-required) and the phone's rule
 * shows under its box before any error; registering signs the account in at once, unless email confirmation is on
 * (an app with SMTP), where the "check your mailbox" step stays and nobody is signed in.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { startApp, type TestApp } from "../helpers/app.ts";
import { mailingAppEnv, startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, waitForPath } from "./support/browser.ts";

let plain: TestApp;
let mailing: TestApp;
let smtp: TestSmtpServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [plain, mailing, browser] = await Promise.all([startApp(), startApp({ env: mailingAppEnv(smtp) }), launchBrowser()]);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await Promise.all([plain?.stop(), mailing?.stop()]);
  await smtp?.stop();
}, HOOK_TIMEOUT_MS);

const LABELS = ["Full name", "Email", "Phone number", "Company", "Position", "Password"];

async function fillForm(page: Page, email: string) {
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number").fill("+44 20 7946 0000");
  await page.getByLabel("Company").fill("Analytical Engines Ltd");
  await page.getByLabel("Position").fill("Compliance Lead");
  await page.getByLabel("Password").fill("Engine-2024!");
  await page.getByRole("button", { name: "Create account" }).click();
}

describe("registration", () => {
  test("every field is marked required, and the phone rule shows under its box before any error", async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto(`${plain.url}/register`);
      await expectVisible(page.getByText("Fields marked * are required."));
      for (const label of LABELS) {
        const box = page.getByLabel(label);
        expect(await box.getAttribute("aria-required")).toBe("true");
        expect(await box.evaluate((element) => (element as HTMLInputElement).required)).toBe(true);
        // The "*" sits in the label the user sees.
        const labelText = await page.locator(`label[for="${await box.getAttribute("id")}"]`).textContent();
        expect(labelText).toBe(`${label}*`);
      }
      // The rule is on screen, and read with the box, before anything was submitted.
      const phone = page.getByLabel("Phone number");
      const hint = page.getByText("At least 10 characters, with the country code, e.g. +44 20 7946 0000.");
      await expectVisible(hint);
      const describedBy = (await phone.getAttribute("aria-describedby")) ?? "";
      expect(describedBy.split(" ")).toContain((await hint.getAttribute("id")) ?? "none");
      expect(await page.getByText("Phone number must be at least 10 characters").count()).toBe(0);
      const hintBox = (await hint.boundingBox())!;
      const phoneBox = (await phone.boundingBox())!;
      expect(hintBox.y).toBeGreaterThanOrEqual(phoneBox.y + phoneBox.height - 1);

      // A short number: the error joins the hint, which stays.
      await page.getByLabel("Phone number").fill("12345");
      await page.getByRole("button", { name: "Create account" }).click();
      await expectVisible(page.getByText("Phone number must be at least 10 characters"));
      await expectVisible(hint);
    } finally {
      await context.close();
    }
  });

  test("without email confirmation, registering lands in the app signed in", async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto(`${plain.url}/register`);
      await fillForm(page, "ada@example.com");
      await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });
      await expectVisible(page.getByRole("heading", { name: "Due Diligence Search" }));
      await expectVisible(page.getByText("Welcome!", { exact: true }));
      expect(await page.getByTestId("sidebar-user-name").textContent()).toBe("Ada Lovelace");
      // The session survives a reload: it is the server's, not the page's.
      await page.reload();
      await expectVisible(page.getByTestId("sidebar-user-name"));
      expect(new URL(page.url()).pathname).toBe("/");
    } finally {
      await context.close();
    }
  });

  test("with email confirmation on, registering says to check the mailbox and signs nobody in", async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.goto(`${mailing.url}/register`);
      await fillForm(page, "grace@example.com");
      await waitForPath(page, "/login");
      await expectVisible(page.getByText("Check your mailbox"));
      await smtp.nextMailTo("grace@example.com");
      await page.goto(`${mailing.url}/`);
      await waitForPath(page, "/login");
      await expectVisible(page.getByRole("button", { name: "Sign in" }));
    } finally {
      await context.close();
    }
  });
});
