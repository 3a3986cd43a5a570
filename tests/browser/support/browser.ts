import { expect } from "bun:test";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { noteStart } from "../../helpers/starts.ts";
import { type Dictionary, tr } from "./translate.ts";

/** Headless Chromium as installed by the system package (apt-get install chromium). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  noteStart("browser");
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };

/** A fresh browser context (own cookies and storage) with a desktop viewport and the English interface. */
export async function newPage(browser: Browser, options: { viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, locale: "en-US" });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}

/** Waits until the locator is visible; fails the test with Playwright's message otherwise. */
export async function expectVisible(locator: Locator, timeout = 10_000) {
  await locator.first().waitFor({ state: "visible", timeout });
}

export async function expectHidden(locator: Locator, timeout = 10_000) {
  await locator.first().waitFor({ state: "hidden", timeout });
}

/**
 * Waits until a dialog is open as the user sees it: visible, and its opening animations (its own and its overlay's)
 * ended. A click or a key press sent while a dialog is still animating in is not what a person does.
 */
export async function expectDialogOpen(dialog: Locator, timeout = 10_000) {
  await expectVisible(dialog, timeout);
  await dialog.first().evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Picks an entry of a long list (a select of 250 countries) as a person at the keyboard does: focus, Enter to open,
 * type the name (the list's typeahead moves to it), Enter. A mouse click far down such a list may land while the list
 * is still scrolling the entry into view, and then picks nothing. Waits until the select shows the pick.
 */
export async function pickFromLongList(page: Page, trigger: Locator, name: string) {
  await trigger.focus();
  await page.keyboard.press("Enter");
  const listbox = page.getByRole("listbox");
  await expectVisible(listbox);
  await page.keyboard.type(name);
  await expectVisible(page.getByRole("option", { name, exact: true }).and(page.locator("[data-highlighted]")));
  await page.keyboard.press("Enter");
  await expectHidden(listbox);
  await expectVisible(trigger.getByText(name, { exact: true }));
}

/** The path part of the page URL, for asserting where the user landed. */
export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

/** Fills the credentials step of /login and submits it. */
export async function submitCredentials(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Signs in without a second factor and waits for the search screen. Signing in checks an argon2id hash, which takes
 * seconds on a machine running the suite's three passes: the landing gets 30 s.
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await submitCredentials(page, baseUrl, email, password);
  await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });
  await expectVisible(page.getByRole("heading", { name: "Due Diligence Search" }));
}

/** Sets the signed-in person's interface and report languages through the API, from inside the page (its session cookie). */
export async function setLanguages(page: Page, profileLanguage: string, reportLanguage = profileLanguage) {
  const status = await page.evaluate(
    async (body) => {
      const res = await fetch("/api/auth/update-languages", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { profileLanguage, reportLanguage },
  );
  expect(status).toBe(200);
}

export async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

/** Starting the app (fresh database) and Chromium takes longer than bun's 5 s default for hooks. */
export const HOOK_TIMEOUT_MS = 60_000;

/**
 * A new page signed in as this person; given another language and its words, the interface is switched to it (the
 * search screen's title in that language is awaited).
 */
export async function signedInPage(browser: Browser, baseUrl: string, email: string, password: string, language?: { code: string; words: Dictionary }) {
  const { context, page } = await newPage(browser);
  await signIn(page, baseUrl, email, password);
  if (language && language.code !== "en") {
    await setLanguages(page, language.code);
    await page.reload();
    await expectVisible(page.getByRole("heading", { name: tr(language.words, "search.title") }));
  }
  return { context, page };
}

/** Text with every kind of space as one plain space (French and Spanish numbers use no-break spaces). */
export const plainText = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

/**
 * Whether the element is wholly on screen: inside the viewport and not clipped by any scrolling or hidden-overflow
 * ancestor (a table's frame that scrolls sideways hides what lies past its edge), and not covered at its centre.
 */
export async function fullyVisible(locator: Locator) {
  await locator.first().waitFor({ state: "visible" });
  return locator.first().evaluate((element) => {
    // Scrolls the page only up or down to it: scrolling it into view would also scroll a clipping frame sideways.
    window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight / 3);
    const box = element.getBoundingClientRect();
    const inside = (outer: { left: number; right: number; top: number; bottom: number }) =>
      box.left >= outer.left - 0.5 && box.right <= outer.right + 0.5 && box.top >= outer.top - 0.5 && box.bottom <= outer.bottom + 0.5;
    if (box.width === 0 || !inside({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight })) return false;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if ((style.overflowX !== "visible" || style.overflowY !== "visible") && !inside(parent.getBoundingClientRect())) return false;
    }
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && (hit === element || element.contains(hit));
  });
}
