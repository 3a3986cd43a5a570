/**
 * `duecheck review list | show | decide | approve | reject | notes | clearances` as separate processes on the
 * database of a running server: the server screened the searches, the CLI decides their hits as the user it is
 * given, and the server's workers deliver the review.decided webhook events the CLI queued.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { verifySignature } from "../../lib/webhooks/signature.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
const ANALYST = ["--user", "analyst@example.com"];
const REVIEWER = ["--user", "reviewer@example.com"];
const ORLOV = "ORLOV, Dmitri Pavlovich";

let app: TestApp;
let stopApp: () => Promise<void>;
let receiver: WebhookReceiver;
let hookSecret: string;
let analyst: HttpClient;
const searches: any[] = [];

const orlovHitId = (search: any): string => search.results.sanctionsList.flatMap((row: any) => row.hits).find((h: any) => h.name === ORLOV).hitId;
const decisionsOf = (searchId: string) => app.db.select().from(schema.hitDecisions).where(eq(schema.hitDecisions.searchId, searchId));

beforeAll(async () => {
  const news = {
    "Dmitri Orlov": [
      {
        title: "Dmitri Orlov charged with fraud and money laundering",
        url: "https://news.example/orlov-charged",
        seendate: "20260301T100000Z",
        domain: "news.example",
        language: "English",
        sourcecountry: "United Kingdom",
      },
    ],
  };
  ({ app, stop: stopApp } = await startScreeningApp(news, ENV));
  receiver = startWebhookReceiver();
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  await createUser(app.db, { email: "analyst@example.com", password: "analyst-password", fullName: "Ana Lyst", credits: 100 });
  await createUser(app.db, { email: "colleague@example.com", password: "colleague-password", fullName: "Col League" });
  await createUser(app.db, { email: "reviewer@example.com", password: "reviewer-password", fullName: "Rita Viewer", role: "reviewer" });
  analyst = new HttpClient(app.url);
  await analyst.signIn("analyst@example.com", "analyst-password");
  const hook = await analyst.post("/api/webhooks", { url: receiver.url, events: ["review.decided"] });
  expect(hook.status).toBe(201);
  hookSecret = hook.json.secret;
  for (let i = 0; i < 2; i++) {
    const created = await analyst.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person" });
    const read = await analyst.get(`/api/searches/${created.json.id}?wait=30`);
    expect(read.json.review.status).toBe("needs_review");
    searches.push(read.json);
  }
}, 120_000);
afterAll(async () => {
  receiver.stop();
  await stopApp();
});

describe("duecheck review", () => {
  test("list and show: the queue of the user, bad filters refused, and the hits with their ids", async () => {
    const [first, second] = searches;
    const list = await runCli(["review", "list", "--json", ...ANALYST], app.env);
    expect(list.stderr).toBe("");
    const page = JSON.parse(list.stdout);
    expect(page.total).toBe(2);
    expect(page.items.map((i: any) => [i.searchId, i.status, i.owner.email])).toEqual([
      [second.id, "needs_review", "analyst@example.com"],
      [first.id, "needs_review", "analyst@example.com"],
    ]);

    const bad = await runCli(["review", "list", "--status", "done", ...ANALYST], app.env);
    expect([bad.code, bad.stderr]).toEqual([1, "duecheck: --status must be one of open, needs_review, escalated, awaiting_approval, got 'done'\n"]);

    const show = await runCli(["review", "show", first.id, ...ANALYST], app.env);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`Dmitri Orlov (Person): needs review, ${first.review.openHits} open hits`);
    expect(show.stdout).toMatch(new RegExp(`${orlovHitId(first)}\\s+sanctions\\s+${ORLOV}\\s+-`));
    expect(show.stdout).toContain("Dmitri Orlov charged with fraud and money laundering");
  });

  test("decide: bad input changes nothing; a decision is recorded as the user, audited as the CLI, and its webhook delivered", async () => {
    const [first] = searches;
    const hitId = orlovHitId(first);
    const bad = await runCli(["review", "decide", first.id, hitId, "--as", "maybe", "--reason", "common_name", ...ANALYST], app.env);
    expect([bad.code, bad.stderr]).toEqual([1, "duecheck: --as must be true_match or false_positive, got 'maybe'\n"]);
    expect(await decisionsOf(first.id)).toEqual([]);

    const decided = await runCli(["review", "decide", first.id, hitId, "--as", "false_positive", "--reason", "common_name", "--remember", ...ANALYST], app.env);
    expect(decided.stderr).toBe("");
    expect(decided.code).toBe(0);
    const [row] = await decisionsOf(first.id);
    expect(row).toMatchObject({ hitId, decision: "false_positive", reason: "common_name", remember: true, state: "decided" });
    const openHits = first.review.openHits - 1;
    expect(decided.stdout).toBe(
      [
        `Decided: ${ORLOV} is a false positive (common name)`,
        `Review status: needs review, ${openHits} open ${openHits === 1 ? "hit" : "hits"}`,
        `Decision ID: ${row.id}`,
        "Remembered: later screenings of this subject show this listing as cleared until it changes.",
        "",
      ].join("\n"),
    );
    const [audit] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "review.decided"), eq(schema.auditLog.targetId, first.id)));
    expect(audit).toMatchObject({ actorKind: "cli" });

    const [delivery] = await receiver.waitFor(1);
    expect(delivery.headers["duecheck-event"]).toBe("review.decided");
    expect(verifySignature(hookSecret, delivery.body, delivery.headers["duecheck-signature"])).toBe(true);
    expect(JSON.parse(delivery.body).data).toMatchObject({
      searchId: first.id,
      decision: { id: row.id, hitId, decision: "false_positive", decidedBy: "Ana Lyst" },
      review: { status: "needs_review", openHits },
    });

    const again = await runCli(["review", "decide", first.id, hitId, "--as", "true_match", "--reason", "confirmed_identity", ...ANALYST], app.env);
    expect([again.code, again.stderr]).toEqual([1, "duecheck: This hit was already decided: pass replaces with its decision id to change it\n"]);
    const foreign = await runCli(
      ["review", "decide", first.id, hitId, "--as", "true_match", "--reason", "confirmed_identity", "--user", "colleague@example.com"],
      app.env,
    );
    expect([foreign.code, foreign.stderr]).toEqual([1, "duecheck: Search not found\n"]);
    expect(await decisionsOf(first.id)).toHaveLength(1);
  });

  test("notes: one appended with its author, then listed", async () => {
    const [first] = searches;
    const added = await runCli(["review", "notes", first.id, "--add", "Called the client: born 1985", ...ANALYST], app.env);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^Note added to Dmitri Orlov\n {2}\d{4}-\d{2}-\d{2} \d{2}:\d{2} {2}Ana Lyst \(note\): Called the client: born 1985\n$/);
    const listed = JSON.parse((await runCli(["review", "notes", first.id, "--json", ...ANALYST], app.env)).stdout);
    expect(listed.map((n: any) => [n.kind, n.text, n.author])).toEqual([["note", "Called the client: born 1985", "Ana Lyst"]]);
  });

  test("clearances: the remembered false positive is listed, and revoking it needs a reason", async () => {
    const list = await runCli(["review", "clearances", ...ANALYST], app.env);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain("Remembered clearances: 1");
    expect(list.stdout).toMatch(new RegExp(`Dmitri Orlov \\(Person\\)\\s+${ORLOV}\\s+sanctions\\s+common name\\s+Ana Lyst`));
    const [clearance] = await app.db.select().from(schema.rememberedClearances);

    const noReason = await runCli(["review", "clearances", "--revoke", clearance.id, ...ANALYST], app.env);
    expect([noReason.code, noReason.stderr]).toEqual([1, "duecheck: --revoke needs --reason: say why the clearance no longer holds\n"]);
    const revoked = await runCli(["review", "clearances", "--revoke", clearance.id, "--reason", "The client was born in 1961", ...ANALYST], app.env);
    expect(revoked.stdout.trim()).toBe(`Revoked: ${ORLOV} is flagged again in later screenings of Dmitri Orlov`);
    const [after] = await app.db.select().from(schema.rememberedClearances);
    expect(after).toMatchObject({ revokeReason: "The client was born in 1961" });
    expect(after.revokedAt).not.toBeNull();
  });

  test("four eyes: a proposal waits in the queue; its author cannot approve it; a reviewer rejects it (in German)", async () => {
    const [, second] = searches;
    await updateSystemSettings(app.db, { fourEyesReview: true });
    try {
      const proposed = await runCli(
        ["review", "decide", second.id, orlovHitId(second), "--as", "true_match", "--reason", "confirmed_identity", "--json", ...ANALYST],
        app.env,
      );
      const proposal = JSON.parse(proposed.stdout);
      expect(proposal).toMatchObject({ searchId: second.id, state: "proposed", decision: "true_match", decidedBy: "Ana Lyst" });

      const queue = await runCli(["review", "list", "--status", "awaiting_approval", "--language", "de", ...REVIEWER], app.env);
      expect(queue.stdout).toContain("Prüfliste: 1 Eintrag");
      expect(queue.stdout).toMatch(
        new RegExp(`Dmitri Orlov\\s+Person\\s+\\S+\\s+Suche\\s+Prüfung offen\\s+\\d+\\s+1\\s+analyst@example.com\\s+-\\s+${second.id}`),
      );

      const own = await runCli(["review", "approve", proposal.id, ...ANALYST], app.env);
      expect([own.code, own.stderr]).toEqual([1, "duecheck: Approving or rejecting a decision needs the reviewer or administrator role\n"]);

      const rejected = await runCli(["review", "reject", proposal.id, "--comment", "The birth date differs", "--language", "de", ...REVIEWER], app.env);
      expect(rejected.code).toBe(0);
      expect(rejected.stdout).toContain(`Abgelehnt: ${ORLOV} gilt nicht als echter Treffer; der Treffer ist wieder offen`);
      expect(rejected.stdout).toContain("Prüfstatus: Prüfung offen");
      const [row] = await decisionsOf(second.id);
      expect(row).toMatchObject({ state: "rejected", reviewComment: "The birth date differs" });
    } finally {
      await updateSystemSettings(app.db, { fourEyesReview: false });
    }
  });
});
