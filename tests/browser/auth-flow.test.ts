/**
 * Registration, sign-in, two-factor setup and sign-in with a second factor, driven through the built web app
 * in headless Chromium. The steps share one account and run in order.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { startApp } from "../helpers/app.ts";
import { totpCode } from "../helpers/totp.ts";
import { expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, submitCredentials, waitForPath } from "./support/browser.ts";
import { totpCodeForStep, wrongTotpCode } from "./support/totp.ts";

const account = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  phoneNumber: "+44 20 7946 0000",
  company: "Analytical Engines Ltd",
  position: "Compliance Lead",
  password: "Engine-2024!",
};

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let page: Page;
let secret = "";

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ({ page } = await newPage(browser));
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, HOOK_TIMEOUT_MS);

async function logout() {
  await page.getByRole("button", { name: "Logout" }).click();
  await waitForPath(page, "/login");
  await expectVisible(page.getByRole("button", { name: "Sign in" }));
}

describe("sign-up and sign-in", () => {
  test("registering signs in at once (no email confirmation) with 'Welcome!'; logging out returns to /login", async () => {
    await page.goto(`${app.url}/register`);
    await expectVisible(page.getByText("Create an account"));
    await page.getByLabel("Full name").fill(account.fullName);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Phone number").fill(account.phoneNumber);
    await page.getByLabel("Company").fill(account.company);
    await page.getByLabel("Position").fill(account.position);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Create account" }).click();

    await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });
    await expectVisible(page.getByText("Welcome!", { exact: true }));
    expect(await page.getByTestId("sidebar-user-name").textContent()).toBe(account.fullName);
    await logout();
  });

  test("a wrong password shows the server error", async () => {
    await submitCredentials(page, app.url, account.email, "not-the-password");
    await expectVisible(page.getByRole("alert").filter({ hasText: "Invalid email or password" }));
    await expectVisible(page.getByText("Login failed"));
  });

  test("signing in again lands on / with 'Welcome back!' and the user's name in the sidebar", async () => {
    await submitCredentials(page, app.url, account.email, account.password);
    await waitForPath(page, "/");
    await expectVisible(page.getByRole("heading", { name: "Due Diligence Search" }));
    // Registration was the first sign-in: this one is "back".
    await expectVisible(page.getByText("Welcome back!"));
    expect(await page.getByTestId("sidebar-user-name").textContent()).toBe(account.fullName);
    await expectVisible(page.getByTestId("sidebar-user").getByText(account.email));
    await expectVisible(page.getByText("Manual: 10 / Auto: 1 credit"));
  });
});

describe("two-factor authentication", () => {
  test("setting up 2FA with a generated code turns the status to Enabled", async () => {
    await page.getByRole("link", { name: "Enable 2FA" }).click();
    await waitForPath(page, "/settings/2fa");
    await expectVisible(page.getByTestId("two-factor-status").filter({ hasText: "Disabled" }));

    await page.getByRole("button", { name: "Enable 2FA" }).click();
    const dialog = page.getByRole("dialog");
    await expectVisible(dialog.getByRole("img", { name: "QR code for setting up two-factor authentication" }));
    expect(await dialog.getByRole("button", { name: "Verify" }).isDisabled()).toBe(true);
    secret = ((await dialog.getByTestId("two-factor-secret").textContent()) ?? "").trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    // Six digits submit the code without pressing Verify; the recovery codes follow, shown once.
    await dialog.getByLabel("Verification code").fill(totpCode(secret));
    const codes = page.getByTestId("recovery-codes-dialog");
    await expectVisible(codes.getByText("Your recovery codes"));
    await codes.getByRole("button", { name: "I have saved them" }).click();
    await expectHidden(dialog);
    await expectVisible(page.getByTestId("two-factor-status").filter({ hasText: "Enabled" }));
    await expectVisible(page.getByRole("link", { name: "Manage 2FA" }));
  });

  test("logging out returns to /login", async () => {
    await logout();
    await page.goto(`${app.url}/profile`);
    await waitForPath(page, "/login");
  });

  test("signing in asks for the code; a wrong code is refused and the right one signs in", async () => {
    await submitCredentials(page, app.url, account.email, account.password);
    await expectVisible(page.getByLabel("Authentication code"));
    await expectVisible(page.getByText("Two-factor authentication required"));

    await page.getByLabel("Authentication code").fill(wrongTotpCode(secret));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expectVisible(page.getByRole("alert").filter({ hasText: "Invalid verification code" }));

    // "Back to login" returns to the credentials step and clears the code.
    await page.getByRole("button", { name: "Back to login" }).click();
    await expectVisible(page.getByRole("button", { name: "Sign in" }));
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectVisible(page.getByLabel("Authentication code"));
    expect(await page.getByLabel("Authentication code").inputValue()).toBe("");

    await page.getByLabel("Authentication code").fill(totpCodeForStep(secret, 1));
    await page.getByRole("checkbox", { name: "Remember this browser for 30 days" }).click();
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await waitForPath(page, "/");
    await expectVisible(page.getByText("Welcome back!"));
  });

  test("a remembered browser skips the code step; a fresh browser context still gets it", async () => {
    await logout();
    await submitCredentials(page, app.url, account.email, account.password);
    await waitForPath(page, "/");
    await expectVisible(page.getByTestId("sidebar-user-name"));

    const fresh = await newPage(browser);
    try {
      await submitCredentials(fresh.page, app.url, account.email, account.password);
      await expectVisible(fresh.page.getByLabel("Authentication code"));
      expect(new URL(fresh.page.url()).pathname).toBe("/login");
    } finally {
      await fresh.context.close();
    }
  });

  test("disabling 2FA needs the password and a 6-digit code", async () => {
    await page.getByRole("link", { name: "Manage 2FA" }).click();
    await waitForPath(page, "/settings/2fa");
    await page.getByRole("button", { name: "Disable 2FA" }).click();
    await expectVisible(page.getByText("Please enter your password and a 6-digit verification code"));

    await page.getByLabel("Password").fill(account.password);
    await page.getByLabel("Verification code").fill(wrongTotpCode(secret));
    await page.getByRole("button", { name: "Disable 2FA" }).click();
    await expectVisible(page.getByText("Failed to disable 2FA"));
    await expectVisible(page.getByTestId("two-factor-status").filter({ hasText: "Enabled" }));
  });
});
