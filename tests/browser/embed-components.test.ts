/**
 * The embeddable components in Chromium, on another origin. The example host application
 * (examples/host-react, a Vite React app with its own backend handing out embed tokens) mounts @duecheck/react; a plain
 * HTML page (examples/host-html) loads /embed.js and its <duecheck-screening>. Search, progress, result and export;
 * an expired token; another user's search (404); no CSS bleeding either way.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import own from "@duecheck/react/i18n/en.json";
import type { Browser, Locator, Page } from "playwright-core";
import { startHostServer } from "../../examples/host-react/server.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { manualClock } from "../../lib/clock.ts";
import { addEmbedOrigin } from "../../lib/embed/origins.ts";
import { createEmbedToken } from "../../lib/embed/tokens.ts";
import { de, en, fr } from "../../web/src/i18n/words.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { balanceOf } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { type NewsServer, startGdeltServer } from "../helpers/news-servers.ts";
import { importSdnFixture } from "../helpers/sdn-fixture.ts";
import { expectHidden, expectVisible, HOOK_TIMEOUT_MS, launchBrowser, newPage, setLanguages, signIn } from "./support/browser.ts";

const EXAMPLE_DIST = process.env.DUECHECK_EXAMPLE_DIST;
/** Long enough to see the progress view, well under the news timeout. */
const GDELT_DELAY_MS = 1500;
const FLOW_TIMEOUT_MS = 60_000;
const RESULT_TIMEOUT_MS = 30_000;
const OWNER_EMAIL = "portal.owner@example.com";
const PASSWORD = "Embedding-2024!";

let app: TestApp;
let browser: Browser;
let gdelt: NewsServer;
let host: ReturnType<typeof startHostServer>;
let restoreEnv: () => void = () => {};
let owner: { id: string };
let stranger: { id: string };
let strangerKey: { id: string; key: string };
let ownerKey: { id: string; key: string };

beforeAll(async () => {
  if (!EXAMPLE_DIST) throw new Error("DUECHECK_EXAMPLE_DIST is not set: run the browser tests with npm test (scripts/test.ts builds the example app)");
  gdelt = startGdeltServer(async () => {
    await Bun.sleep(GDELT_DELAY_MS);
    return Response.json({});
  });
  restoreEnv = setEnv({ ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "gdelt", DUECHECK_GDELT_URL: gdelt.url, DUECHECK_NEWS_TIMEOUT_MS: "5000" });
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await importSdnFixture(app);
  owner = await createUser(app.db, { email: OWNER_EMAIL, password: PASSWORD, credits: 100 });
  stranger = await createUser(app.db, { email: "someone.else@example.com", password: "Embedding-2024!", credits: 100 });
  ownerKey = await createApiKey(app.db, owner.id, "Portal backend", { scopes: ["screen", "read", "monitor"] });
  strangerKey = await createApiKey(app.db, stranger.id, "Other backend", { scopes: ["screen", "read", "monitor"] });
  host = startHostServer({ distDir: EXAMPLE_DIST, duecheckUrl: app.url, apiKey: ownerKey.key });
  expect(host.url.origin).not.toBe(new URL(app.url).origin);
  await addEmbedOrigin(app.db, owner.id, host.url.origin, { kind: "cli" });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  host?.stop(true);
  await browser?.close();
  await app?.stop();
  await gdelt?.stop();
  restoreEnv();
}, HOOK_TIMEOUT_MS);

/** A page whose script errors are printed (a component that does not render says why in the test's output). */
async function hostPage() {
  const opened = await newPage(browser);
  opened.page.on("pageerror", (error) => console.error(`[host page] ${error.message}`));
  opened.page.on("console", (message) => message.type() === "error" && console.error(`[host page console] ${message.text()}`));
  return opened;
}

/** "{{name}}" filled in. */
const tr = (text: string, name: string) => text.replace("{{name}}", name);

const credits = (id: string) => balanceOf(app.db, id);

/** Fills the form (inside the component's shadow root: Playwright's locators pierce it) and starts the search. */
async function runSearch(page: Page, words: Record<string, string>, term: string) {
  await page.getByLabel(words["search.termLabel"]).fill(term);
  await page.getByRole("button", { name: words["search.run"] }).click();
}

/**
 * Records every transition that starts inside the components' shadow roots, from the page's first frame: a property
 * inherited from the host page for even one frame shows as a transition from the host's value to the component's.
 */
function recordShadowTransitions(page: Page) {
  return page.addInitScript(() => {
    const started: string[] = [];
    (window as unknown as { transitionsStarted: string[] }).transitionsStarted = started;
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const shadow = attach.call(this, init);
      shadow.addEventListener("transitionrun", (event) => started.push((event as TransitionEvent).propertyName), true);
      return shadow;
    };
  });
}

const shadowTransitions = (page: Page) => page.evaluate(() => (window as unknown as { transitionsStarted: string[] }).transitionsStarted);

/** The styles a host could disturb, of one element. */
function computedStyles(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const names = [
      "color",
      "background-color",
      "font-family",
      "font-size",
      "font-weight",
      "line-height",
      "letter-spacing",
      "text-transform",
      "margin-top",
      "padding-top",
      "padding-left",
      "border-top-width",
      "border-top-style",
      "box-sizing",
      "height",
    ];
    return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
  });
}

describe("@duecheck/react in the example host app (another origin)", () => {
  test(
    "search, progress, result (charged to the token's owner), a PDF export; the host's own styles are unchanged",
    async () => {
      const { context, page } = await hostPage();
      await recordShadowTransitions(page);
      try {
        const before = await credits(owner.id);
        await page.goto(host.url.href);
        await expectVisible(page.getByRole("button", { name: en["search.run"] }));
        // The components were styled as their own from their first frame: nothing of the host's reached them.
        expect(await shadowTransitions(page)).toEqual([]);
        await runSearch(page, en, "Rustam Karimov");
        await expectVisible(page.getByTestId("searching-view").getByText(en["search.conducting"]));
        const results = page.getByTestId("search-results");
        await expectVisible(results, RESULT_TIMEOUT_MS);
        expect(await results.getByTestId("result-term").textContent()).toBe("Rustam Karimov");
        // The SDN listing matched: counted, and the hit explained.
        expect(await results.getByTestId("counter-sanctions").textContent()).toContain("1");
        await expectVisible(page.getByTestId("host-completed").getByText("Completed: Rustam Karimov"));
        expect(await credits(owner.id)).toBe(before - 10);

        const [download] = await Promise.all([page.waitForEvent("download"), results.getByRole("button", { name: en["search.exportPdf"] }).click()]);
        expect(download.suggestedFilename()).toMatch(/^duecheck-rustam-karimov-\d{4}-\d{2}-\d{2}\.pdf$/);
        expect(
          readFileSync((await download.path())!)
            .subarray(0, 5)
            .toString(),
        ).toBe("%PDF-");

        // The host page's own look, as its stylesheet says, with the components on the page; and no style of theirs in it.
        expect(await computedStyles(page.locator("h1.host-title"))).toMatchObject({
          color: "rgb(255, 220, 120)",
          "font-size": "28px",
          "letter-spacing": "2px",
          "font-family": 'Georgia, "Times New Roman", serif',
        });
        expect(await computedStyles(page.locator("button.host-button"))).toMatchObject({
          "background-color": "rgb(200, 30, 30)",
          "font-size": "18px",
          "padding-left": "18px",
          "border-top-width": "3px",
        });
        expect(await computedStyles(page.locator("body"))).toMatchObject({
          "background-color": "rgb(250, 247, 240)",
          "font-family": 'Georgia, "Times New Roman", serif',
        });
        expect(await page.evaluate(() => document.querySelectorAll("style").length + document.adoptedStyleSheets.length)).toBe(0);
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  test(
    "an expired token: the search is refused in the reader's words and charges nothing",
    async () => {
      const expired = await createEmbedToken(
        app.db,
        { userId: owner.id, apiKeyId: ownerKey.id, ttlSeconds: 60 },
        manualClock(new Date(Date.now() - 10 * 60_000)),
      );
      const { context, page } = await hostPage();
      try {
        const before = await credits(owner.id);
        await page.goto(`${host.url.href}?token=${expired.token}`);
        await runSearch(page, en, "Too Late Person");
        await expectVisible(page.getByRole("alert").getByText(own["dc.tokenExpired"]));
        await expectVisible(page.getByTestId("host-errors").getByText("The embed token has expired", { exact: false }));
        expect(await credits(owner.id)).toBe(before);
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  test(
    "another user's search is not found (404), and says so",
    async () => {
      const res = await fetch(`${app.url}/api/v1/search?wait=0`, {
        method: "POST",
        headers: { Authorization: `Bearer ${strangerKey.key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ searchTerm: "Private Subject" }),
      });
      const theirs = await res.json();
      const { context, page } = await hostPage();
      try {
        await page.goto(`${host.url.href}?searchId=${theirs.id}`);
        await expectVisible(page.getByRole("alert").getByText(own["dc.notFound"]));
        await expectVisible(page.getByTestId("host-errors").getByText("Search not found"));
        expect(await page.getByTestId("search-results").count()).toBe(0);
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});

test(
  "the package in French (its words load as a chunk), the host's own words replace the components' where it says so, and the keyboard reaches it without it taking the page's focus",
  async () => {
    const { context, page } = await hostPage();
    try {
      await page.goto(`${host.url.href}?language=fr`);
      await expectVisible(page.getByRole("button", { name: fr["search.run"] }));
      await expectVisible(page.getByText(fr["search.termLabel"], { exact: true }));
      await page.goto(`${host.url.href}?language=fr&words=own`);
      await expectVisible(page.getByRole("button", { name: "Vérifier ce client" }));
      await page.goto(`${host.url.href}?words=own`);
      await expectVisible(page.getByRole("button", { name: "Screen this customer" }));
      await expectVisible(page.getByText(en["search.termLabel"], { exact: true }));
      // The component does not take the host page's focus; the keyboard reaches it from the host's button onwards.
      const deepFocus = () =>
        page.evaluate(() => {
          let element = document.activeElement;
          while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
          return element ? `${element.tagName.toLowerCase()}${element.getAttribute("type") ? `[${element.getAttribute("type")}]` : ""}` : null;
        });
      expect(await deepFocus()).toBe("body");
      await page.locator("button.host-button").focus();
      await page.keyboard.press("Tab");
      expect(await deepFocus()).toBe("input");
      await page.keyboard.type("Keyboard Person");
      await page.keyboard.press("Enter");
      await expectVisible(page.getByTestId("search-results").getByTestId("result-term").getByText("Keyboard Person"), RESULT_TIMEOUT_MS);
    } finally {
      await context.close();
    }
  },
  FLOW_TIMEOUT_MS,
);

test(
  "the list search, a batch upload and monitoring, each over the token, charged to its owner",
  async () => {
    const { context, page } = await hostPage();
    try {
      const before = await credits(owner.id);
      await page.goto(`${host.url.href}?all=1`);
      // The list search: free, each result explained.
      await page.getByLabel(en["sanctions.searchLabel"]).fill("Rustam Karimov");
      await page.getByRole("button", { name: en["sanctions.searchButton"] }).click();
      const lookup = page.getByTestId("sanctions-results");
      await expectVisible(lookup.getByText("KARIMOV, Rustam Alievich"));

      // A batch: every row charged and queued together, then its progress.
      await page
        .getByLabel(en["batch.fileLabel"])
        .setInputFiles({ name: "rows.csv", mimeType: "text/csv", buffer: Buffer.from("Name,Type\nFirst Embedded,person\nSecond Embedded Ltd,company\n") });
      await page.getByRole("button", { name: own["dc.batchUpload"] }).click();
      await expectVisible(page.getByText("2 rows queued, 20 credits charged."));
      await expectVisible(page.getByTestId("duecheck-batch-progress").getByText("Second Embedded Ltd"));
      expect(await credits(owner.id)).toBe(before - 20);

      // Monitoring: add, pause, remove.
      await page.getByLabel(en["monitoring.nameLabel"]).fill("Watched Embedded Person");
      await page.getByRole("button", { name: en["monitoring.add"], exact: true }).click();
      const row = page.getByTestId("duecheck-monitored").locator("li").filter({ hasText: "Watched Embedded Person" });
      await expectVisible(row);
      await row.getByRole("button", { name: tr(en["monitoring.pauseLabel"], "Watched Embedded Person") }).click();
      await expectVisible(row.getByText(en["monitoring.status.paused"], { exact: true }));
      await row.getByRole("button", { name: tr(en["monitoring.removeLabel"], "Watched Embedded Person") }).click();
      await expectHidden(row);
    } finally {
      await context.close();
    }
  },
  FLOW_TIMEOUT_MS,
);

test(
  "the Embedding tab gives copy-paste examples for React and the script tag with this server's address, in French",
  async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, app.url, OWNER_EMAIL, PASSWORD);
      await setLanguages(page, "fr");
      await page.goto(`${app.url}/api-access`);
      await page.getByRole("tab", { name: fr["apiAccess.tabEmbed"] }).click();
      await expectVisible(page.getByText(fr["embed.examplesTitle"], { exact: true }));
      await expectVisible(page.getByText(fr["embed.scriptTitle"], { exact: true }));
      const react = await page.getByTestId("embed-react-example").textContent();
      expect(react).toContain(`<DuecheckProvider baseUrl="${app.url}" token={token}`);
      const script = await page.getByTestId("embed-script-example").textContent();
      expect(script).toContain(`<script src="${app.url}/embed.js"></script>`);
      expect(script).toContain(`base-url="${app.url}"`);
    } finally {
      await context.close();
    }
  },
  FLOW_TIMEOUT_MS,
);

describe("<duecheck-screening> from /embed.js in a plain HTML page", () => {
  test(
    "in German: search, progress, result and an Excel export; the page's own style unchanged",
    async () => {
      const { context, page } = await hostPage();
      try {
        await page.goto(`${host.url.origin}/plain?language=de`);
        await expectVisible(page.getByRole("button", { name: de["search.run"] }));
        await runSearch(page, de, "Emeka Okonkwo");
        await expectVisible(page.getByTestId("searching-view").getByText(de["search.conducting"]));
        const results = page.getByTestId("search-results");
        await expectVisible(results, RESULT_TIMEOUT_MS);
        expect(await results.getByTestId("result-term").textContent()).toBe("Emeka Okonkwo");
        await page.waitForFunction(() => document.body.dataset.completed === "Emeka Okonkwo");
        const [download] = await Promise.all([page.waitForEvent("download"), results.getByRole("button", { name: de["search.exportExcel"] }).click()]);
        expect(download.suggestedFilename()).toMatch(/^duecheck-emeka-okonkwo-\d{4}-\d{2}-\d{2}\.xlsx$/);
        expect(
          readFileSync((await download.path())!)
            .subarray(0, 2)
            .toString(),
        ).toBe("PK");
        expect(await computedStyles(page.locator("p.host-note"))).toMatchObject({
          color: "rgb(0, 100, 0)",
          "font-size": "20px",
          "font-family": "Georgia, serif",
        });
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  test(
    "a host with aggressive global CSS changes nothing inside: the same computed styles as on a plain page",
    async () => {
      const { context, page } = await hostPage();
      await recordShadowTransitions(page);
      try {
        const sample = async (url: string) => {
          await page.goto(url);
          const button = page.getByRole("button", { name: en["search.run"] });
          await expectVisible(button);
          // Nothing the user did yet: no property of any element inside may have changed since it was first styled.
          expect(await shadowTransitions(page)).toEqual([]);
          await page.getByLabel(en["search.termLabel"]).fill("Styled Person");
          return {
            button: await computedStyles(button),
            input: await computedStyles(page.getByLabel(en["search.termLabel"])),
            label: await computedStyles(page.getByText(en["search.termLabel"], { exact: true })),
            legend: await computedStyles(page.getByText(en["search.entityType"], { exact: true })),
          };
        };
        const calm = await sample(`${host.url.origin}/plain`);
        const aggressive = await sample(`${host.url.origin}/plain?aggressive=1`);
        // The aggressive rules are really there: the page's own paragraph took them. (Only the width the page leaves the
        // element may differ: its slot has the aggressive margins, so width is not compared.)
        expect((await computedStyles(page.locator("p.host-note"))).color).toBe("rgb(255, 0, 255)");
        expect(aggressive).toEqual(calm);
        expect(calm.button["font-size"]).toBe("14px");
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  test(
    "the dark theme comes from the theme attribute, and the host can set the colours with --dc-* variables",
    async () => {
      const { context, page } = await hostPage();
      try {
        await page.goto(`${host.url.origin}/plain?theme=dark`);
        const button = page.getByRole("button", { name: en["search.run"] });
        await expectVisible(button);
        const dark = await computedStyles(page.getByLabel(en["search.termLabel"]));
        await page.goto(`${host.url.origin}/plain`);
        await expectVisible(button);
        const light = await computedStyles(page.getByLabel(en["search.termLabel"]));
        expect(dark.color).not.toBe(light.color);
        await page.addStyleTag({ content: "duecheck-screening { --dc-primary: rgb(0, 128, 0); }" });
        await page.mouse.move(0, 0);
        // The button's colour changes with a transition: read it once that has run.
        await button.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
        expect((await computedStyles(button))["background-color"]).toBe("rgb(0, 128, 0)");
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
