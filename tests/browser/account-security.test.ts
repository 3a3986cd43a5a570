/**
 * A change of email address on /profile, on an instance without mail (the change applies on saving, once the current
 * password is given), at 375 px; and the Security tab of /admin/settings saving the longest a session lasts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { findUserById } from "../../lib/auth/users.ts";
import { getSystemSettings } from "../../lib/settings/system-settings.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, signIn } from "./support/browser.ts";

const USER = { email: "ada@example.com", password: "Engine-1843!", fullName: "Ada Lovelace" };
const NEW_EMAIL = "ada.king@example.com";
const ADMIN = { email: "admin@test.local", password: "Admin-password-1" };
const PHONE = { width: 375, height: 740 };

let app: TestApp;
let browser: Browser;
let userId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  ({ id: userId } = await createUser(app.db, USER));
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, HOOK_TIMEOUT_MS);

describe("changing the email address", () => {
  test("the current password is asked once the address differs; a wrong one is refused, the right one saves it", async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    try {
      await signIn(page, app.url, USER.email, USER.password);
      await page.goto(`${app.url}/profile`);
      await page.getByRole("button", { name: "Edit Profile" }).click();
      const password = page.getByLabel("Current password");
      await expectVisible(page.getByLabel("Full name"));
      expect(await password.count()).toBe(0);

      await page.getByLabel("Email").fill(NEW_EMAIL);
      await expectVisible(password);
      expect([await password.getAttribute("type"), await password.getAttribute("autocomplete")]).toEqual(["password", "current-password"]);
      // Without mail no link is sent, and an account without 2FA is asked no code.
      await expectVisible(page.getByText("Your email address changes as soon as you save."));
      expect(await page.getByLabel("Verification code").count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

      await page.getByRole("button", { name: "Save Changes" }).click();
      await expectVisible(page.getByText("Enter your current password to change your email address"));

      await password.fill("Wrong-password-1");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expectVisible(page.getByText("Current password is incorrect"));
      expect((await findUserById(app.db, userId))?.email).toBe(USER.email);

      await password.fill(USER.password);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expectVisible(page.getByText("Profile updated"));
      await expectVisible(page.getByTestId("profile-details").getByText(NEW_EMAIL));
      expect((await findUserById(app.db, userId))?.email).toBe(NEW_EMAIL);
    } finally {
      await context.close();
    }
  });
});

describe("/admin/settings, Security", () => {
  test("the longest session is saved and survives a reload; the sign-in limits and the registrations per hour are shown", async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, app.url, ADMIN.email, ADMIN.password);
      await page.goto(`${app.url}/admin/settings`);
      await page.getByRole("tab", { name: "Registration" }).click();
      expect(await page.getByLabel("Registrations per address per hour").inputValue()).toBe("5");

      await page.getByRole("tab", { name: "Security" }).click();
      expect(await page.getByRole("group", { name: "Sign-in limits" }).getByRole("spinbutton").count()).toBe(4);
      const days = page.getByRole("group", { name: "Sessions" }).getByLabel("Longest session (days)");
      expect(await days.inputValue()).toBe("30");
      await days.fill("7");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expectVisible(page.getByText("Settings Updated"));
      expect((await getSystemSettings(app.db)).sessionMaxDays).toBe(7);

      await page.reload();
      await page.getByRole("tab", { name: "Security" }).click();
      expect(await page.getByLabel("Longest session (days)").inputValue()).toBe("7");
    } finally {
      await context.close();
    }
  });
});
