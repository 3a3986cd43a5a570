/**
 * Input hygiene where a person sees it: text pasted into the profile form with a control character or beyond a
 * field's maximum is refused with the field named, in the interface language, and nothing is saved; a tab pasted
 * into a one-line field is saved as a space.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { schema } from "../../data/db.ts";
import { createUser, startApp } from "../helpers/app.ts";
import { expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, submitCredentials, waitForPath } from "./support/browser.ts";

const english = { email: "ada@example.com", password: "Analytical-1843!", fullName: "Ada Lovelace" };
const german = { email: "emmy@example.com", password: "Invariant-1918!", fullName: "Emmy Noether" };

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await createUser(app.db, english);
  const emmy = await createUser(app.db, german);
  await app.db.update(schema.users).set({ profileLanguage: "de" }).where(eq(schema.users.id, emmy.id));
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, HOOK_TIMEOUT_MS);

const storedUser = async (email: string) => (await app.db.select().from(schema.users).where(eq(schema.users.email, email)))[0];

async function openProfileForm(user: typeof english, editLabel: string): Promise<Page> {
  const { page } = await newPage(browser);
  // The login page speaks English until the user is known; the German user's screens are German afterwards.
  await submitCredentials(page, app.url, user.email, user.password);
  await waitForPath(page, "/");
  await page.goto(`${app.url}/profile`);
  await page.getByRole("button", { name: editLabel }).click();
  return page;
}

describe("bad text in a form", () => {
  test("English: an over-long name and a pasted control character are refused naming the field; a tab becomes a space", async () => {
    const page = await openProfileForm(english, "Edit Profile");
    await page.getByLabel("Full name").fill("A".repeat(201));
    await page.getByLabel("Company").fill("Analytical\u0007Engines");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectVisible(page.getByText("Full name must be at most 200 characters", { exact: true }));
    await expectVisible(page.getByText("Company must not contain control characters or unpaired surrogates", { exact: true }));
    expect((await storedUser(english.email)).fullName).toBe("Ada Lovelace");

    await page.getByLabel("Full name").fill("Ada\tKing");
    await page.getByLabel("Company").fill("Analytical Engines");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectVisible(page.getByText("Profile updated"));
    await expectVisible(page.getByTestId("profile-details").getByText("Ada King", { exact: true }));
    expect((await storedUser(english.email)).fullName).toBe("Ada King");
    await page.close();
  });

  test("German: the same refusals in German, nothing saved", async () => {
    const page = await openProfileForm(german, "Profil bearbeiten");
    await page.getByLabel("Vollständiger Name").fill("E".repeat(201));
    await page.getByLabel("Unternehmen").fill("Universität\u001bErlangen");
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await expectVisible(page.getByText("Vollständiger Name: höchstens 200 Zeichen", { exact: true }));
    await expectVisible(page.getByText("Unternehmen: Steuerzeichen und ungepaarte Surrogate sind nicht erlaubt", { exact: true }));
    const stored = await storedUser(german.email);
    expect([stored.fullName, stored.company]).toEqual(["Emmy Noether", "Acme Compliance"]);
    await page.close();
  });
});
