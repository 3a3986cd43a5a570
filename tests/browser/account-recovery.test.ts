/**
 * Getting back in, in headless Chromium: "Forgot password?" against a real SMTP server on 127.0.0.1, and 2FA recovery
 * codes (shown once at enrolment, accepted at the code prompt once each); an admin creating an invited user.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { ownPublicUrlEnv } from "../helpers/own-address.ts";
import { linkIn, startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server.ts";
import { totpCode } from "../helpers/totp.ts";
import {
  expectDialogOpen,
  expectHidden,
  expectVisible,
  HOOK_TIMEOUT_MS,
  launchBrowser,
  newPage,
  signIn,
  submitCredentials,
  waitForPath,
} from "./support/browser.ts";

let app: TestApp;
let smtp: TestSmtpServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [app, browser] = await Promise.all([
    startApp({ env: { ...ownPublicUrlEnv(), DUECHECK_SMTP_URL: smtp.smtpUrl, DUECHECK_MAIL_FROM: "no-reply@duecheck.test" } }),
    launchBrowser(),
  ]);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.stop();
}, HOOK_TIMEOUT_MS);

/** Each test signs in several times (password hashing) on a machine shared with other test runs. */
const FLOW_TEST_MS = 180_000;

async function logout(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await waitForPath(page, "/login");
}

describe("password reset by email", () => {
  test(
    "Forgot password? mails a link; the link sets a new password once",
    async () => {
      await createUser(app.db, { email: "grace@example.com", password: "Old-password-1" });
      const { page } = await newPage(browser);
      await page.goto(`${app.url}/login`);
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await waitForPath(page, "/forgot-password");
      await page.getByLabel("Email").fill("grace@example.com");
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expectVisible(page.getByTestId("forgot-sent"));

      const link = linkIn(await smtp.nextMailTo("grace@example.com"));
      expect(link).toStartWith(`${app.url}/reset-password?token=`);
      await page.goto(link);
      await expectVisible(page.getByText("Set a new password"));
      await page.getByLabel("New password").fill("New-password-2");
      await page.getByLabel("Confirm password").fill("New-password-2");
      await page.getByRole("button", { name: "Set password" }).click();
      await expectVisible(page.getByTestId("reset-done"));

      await signIn(page, app.url, "grace@example.com", "New-password-2");
      await logout(page);

      // The same link a second time is refused.
      await page.goto(link);
      await page.getByLabel("New password").fill("Third-password-3");
      await page.getByLabel("Confirm password").fill("Third-password-3");
      await page.getByRole("button", { name: "Set password" }).click();
      await expectVisible(page.getByTestId("reset-failed").filter({ hasText: "This link is invalid, has expired or was already used" }));
      await page.context().close();
    },
    FLOW_TEST_MS,
  );
});

describe("recovery codes", () => {
  test(
    "enrolling shows ten codes once; a code signs in at the prompt, and the same code fails the second time",
    async () => {
      await createUser(app.db, { email: "hedy@example.com", password: "Hedy-password-1", fullName: "Hedy Lamarr" });
      const { page } = await newPage(browser);
      await signIn(page, app.url, "hedy@example.com", "Hedy-password-1");
      await page.goto(`${app.url}/settings/2fa`);
      await page.getByRole("button", { name: "Enable 2FA" }).click();
      const setup = page.getByRole("dialog");
      await expectDialogOpen(setup);
      const secret = ((await setup.getByTestId("two-factor-secret").textContent()) ?? "").trim();
      await setup.getByLabel("Verification code").fill(totpCode(secret));

      const codesDialog = page.getByTestId("recovery-codes-dialog");
      await expectDialogOpen(codesDialog);
      const codes = (await codesDialog.getByTestId("recovery-code").allTextContents()).map((c) => c.trim());
      expect(codes).toHaveLength(10);
      await codesDialog.getByRole("button", { name: "I have saved them" }).click();
      await expectHidden(codesDialog);
      await logout(page);

      const signInWithRecoveryCode = async (code: string) => {
        await submitCredentials(page, app.url, "hedy@example.com", "Hedy-password-1");
        await page.getByRole("button", { name: "Use a recovery code instead" }).click();
        await page.getByLabel("Recovery code").fill(code);
        await page.getByRole("button", { name: "Verify and sign in" }).click();
      };
      await signInWithRecoveryCode(codes[0]);
      await waitForPath(page, "/");
      await expectVisible(page.getByRole("heading", { name: "Due Diligence Search" }));
      await logout(page);

      await signInWithRecoveryCode(codes[0]);
      await expectVisible(page.getByRole("alert").filter({ hasText: "Invalid verification code" }));
      expect(new URL(page.url()).pathname).toBe("/login");
      await page.context().close();
    },
    FLOW_TEST_MS,
  );
});

describe("users in the admin", () => {
  test(
    "an admin invites a user (mailed with SMTP) and sees the 2FA column",
    async () => {
      const { page } = await newPage(browser);
      await signIn(page, app.url, "admin@test.local", "Admin-password-1");
      await page.goto(`${app.url}/admin/users`);
      await expectVisible(page.getByRole("columnheader", { name: "2FA" }));
      await page.getByRole("button", { name: "Create user" }).click();
      const dialog = page.getByTestId("create-user-dialog");
      await expectDialogOpen(dialog);
      await dialog.getByLabel("Email").fill("invitee@example.com");
      await dialog.getByLabel("Full name").fill("Ian Invitee");
      await dialog.getByRole("button", { name: "Create" }).click();
      await expectHidden(dialog);
      await expectVisible(page.locator('[data-testid="admin-user-row"][data-email="invitee@example.com"]'));
      const mail = await smtp.nextMailTo("invitee@example.com");
      expect(linkIn(mail)).toStartWith(`${app.url}/reset-password?token=`);
      await page.context().close();
    },
    FLOW_TEST_MS,
  );
});
