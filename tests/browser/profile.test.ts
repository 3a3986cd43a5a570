/** The /profile screen: validation messages of the profile form, saving it, and switching the interface language. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { createUser, startApp } from "../helpers/app.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, signIn } from "./support/browser.ts";

const user = { email: "grace@example.com", password: "Cobol-1959!", fullName: "Grace Hopper" };

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, user);
  ({ page } = await newPage(browser));
  await signIn(page, app.url, user.email, user.password);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, HOOK_TIMEOUT_MS);

describe("profile", () => {
  test("shows the credit balance and the profile information", async () => {
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await expectVisible(page.getByRole("heading", { name: "Profile", exact: true }));
    await expectVisible(page.getByText("Credit Balance"));
    await expectVisible(page.getByText("Usage rates"));
    await expectVisible(page.getByText("Account Status"));
    await expectVisible(page.getByTestId("profile-details").getByText(user.fullName));
  });

  test("the edit form shows every validation message", async () => {
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Full name").fill("G");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Phone number").fill("12345");
    await page.getByLabel("Company").fill("X");
    await page.getByLabel("Position").fill("Y");
    await page.getByRole("button", { name: "Save Changes" }).click();

    for (const message of [
      "Name must be at least 2 characters",
      "Invalid email address",
      "Phone number must be at least 10 characters",
      "Company name must be at least 2 characters",
      "Position must be at least 2 characters",
    ]) {
      await expectVisible(page.getByText(message, { exact: true }));
    }
  });

  test("a valid save returns to view mode with the new name", async () => {
    await page.getByLabel("Full name").fill("Grace B. Hopper");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Phone number").fill("+1 202 555 0100");
    await page.getByLabel("Company").fill("US Navy");
    await page.getByLabel("Position").fill("Rear Admiral");
    await page.getByRole("button", { name: "Save Changes" }).click();

    await expectVisible(page.getByText("Profile updated"));
    await expectVisible(page.getByTestId("profile-details").getByText("Grace B. Hopper"));
    await expectVisible(page.getByTestId("profile-details").getByText("Rear Admiral"));
    expect(await page.getByTestId("sidebar-user-name").textContent()).toBe("Grace B. Hopper");
  });

  test("the Security tab saves the session duration and reports a wrong current password", async () => {
    await page.getByRole("tab", { name: "Security" }).click();
    await page.getByLabel("Session duration").click();
    await page.getByRole("option", { name: "60 minutes" }).click();
    await expectVisible(page.getByText("Session settings updated"));
    expect(await page.getByLabel("Session duration").textContent()).toBe("60 minutes");

    await page.getByLabel("Current password").fill("wrong-password");
    await page.getByLabel("New password", { exact: true }).fill("Better-Pass1!");
    await page.getByLabel("Confirm new password").fill("Better-Pass2!");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expectVisible(page.getByText("Passwords don't match"));

    await page.getByLabel("Confirm new password").fill("Better-Pass1!");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expectVisible(page.getByText("Failed to change password"));
    await expectVisible(page.getByText("Current password is incorrect"));
  });

  test("choosing Deutsch as profile language switches the interface to German", async () => {
    await page.getByRole("tab", { name: "Languages" }).click();
    await page.getByLabel("Interface language").click();
    await page.getByRole("option", { name: "Deutsch" }).click();

    await expectVisible(page.getByText("Spracheinstellungen aktualisiert"));
    await expectVisible(page.getByRole("link", { name: "Neue Suche" }));
    await expectVisible(page.getByRole("tab", { name: "Sprachen" }));

    // The choice is stored: a reload comes back in German.
    await page.reload();
    await expectVisible(page.getByRole("link", { name: "Profil bearbeiten" }));
  });
});

describe("credit balance warnings", () => {
  for (const [credits, message] of [
    [5, "Low balance - consider buying more"],
    [0, "No credits remaining - buy credits to continue"],
  ] as const) {
    test(`a balance of ${credits} shows '${message}'`, async () => {
      const email = `balance-${credits}@example.com`;
      await createUser(app.db, { email, password: user.password, fullName: "Low Balance", credits });
      const other = await newPage(browser);
      try {
        await signIn(other.page, app.url, email, user.password);
        await other.page.goto(`${app.url}/profile`);
        await expectVisible(other.page.getByTestId("credit-balance").getByText(String(credits), { exact: true }));
        await expectVisible(other.page.getByRole("alert").filter({ hasText: message }));
      } finally {
        await other.context.close();
      }
    });
  }
});
