/**
 * One credit pool per organisation, over real HTTP: the members of one organisation see and spend one balance, a
 * purchase or an admin's credits by or for one member fill it for all, every ledger entry names the member whose
 * action it was, and members spending at once can neither overdraw the pool nor be charged twice.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createUser as createAccount } from "../../lib/auth/users.ts";
import { changeCredits, InsufficientCreditsError } from "../../lib/credits/ledger.ts";
import { addOperatorCredits } from "../../lib/credits/operator-credit.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { auditEntries } from "../helpers/audit.ts";
import { apiBalance, balanceOf, setCredits } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import { type StripeStandIn, signStripePayload, startStripeServer } from "../helpers/stripe-server.ts";

const PASSWORD = "member-password-1";
const WEBHOOK_SECRET = "whsec_organisation_credits";
let app: TestApp;
let stopApp: () => Promise<void>;
let standIn: StripeStandIn;
let restoreEnv = () => {};
let admin: HttpClient;

interface Member {
  id: string;
  email: string;
  organisationId: string;
  http: HttpClient;
}

async function signIn(email: string) {
  const http = new HttpClient(app.url);
  await http.signIn(email, PASSWORD);
  return http;
}

/** An owner (with the welcome credits, as every new account) and an analyst who joined as an invitation leaves them. */
async function organisation(tag: string): Promise<{ owner: Member; analyst: Member }> {
  const owner = await createUser(app.db, { email: `owner.${tag}@example.com`, password: PASSWORD, fullName: `Owner ${tag}` });
  const analyst = await createAccount(
    app.db,
    { email: `analyst.${tag}@example.com`, password: PASSWORD, fullName: `Analyst ${tag}` },
    { membership: { organisationId: owner.organisationId, role: "analyst" }, withholdWelcomeCredits: true },
  );
  return {
    owner: { id: owner.id, email: owner.email, organisationId: owner.organisationId, http: await signIn(owner.email) },
    analyst: { id: analyst.id, email: analyst.email, organisationId: analyst.organisationId, http: await signIn(analyst.email) },
  };
}

const ledgerOf = (organisationId: string) =>
  app.db.select().from(schema.creditTransactions).where(eq(schema.creditTransactions.organisationId, organisationId));
const search = (member: Member, term: string) => member.http.post("/api/searches", { searchTerm: term, entityType: "person" });

beforeAll(async () => {
  standIn = startStripeServer();
  restoreEnv = setEnv({
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_organisation",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
  });
  ({ app, stop: stopApp } = await startScreeningApp({}, { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" }));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
});
afterAll(async () => {
  await stopApp?.();
  standIn?.stop();
  restoreEnv();
});

describe("one credit pool per organisation", () => {
  test("both members see the organisation's balance; an admin's credits for one member land in the pool of both", async () => {
    const { owner, analyst } = await organisation("admin-credit");
    // The owner's welcome credits are the organisation's; the invited analyst brought none.
    expect([await apiBalance(owner.http), await apiBalance(analyst.http)]).toEqual([25, 25]);

    const added = await admin.post(`/api/admin/users/${analyst.id}/credits`, { amount: 100, description: "Pilot" });
    expect(added.status).toBe(200);
    expect(added.json.balance).toBe(125);
    expect([await apiBalance(owner.http), await apiBalance(analyst.http)]).toEqual([125, 125]);
    expect((await owner.http.get("/api/auth/me")).json.credits).toBe(125);
    expect((await analyst.http.get("/api/auth/me")).json.credits).toBe(125);

    // The admin's list shows each member with the organisation's balance.
    const listed = (await admin.get(`/api/admin/users?q=admin-credit`)).json.items as { email: string; credits: number }[];
    expect(listed.map((u) => [u.email, u.credits]).sort()).toEqual([
      [analyst.email, 125],
      [owner.email, 125],
    ]);
    // The entry names the member it was granted to and the organisation; the audit's before and after are the pool's.
    const [entry] = (await ledgerOf(owner.organisationId)).filter((r) => r.type === "admin_credit");
    expect(entry).toMatchObject({ userId: analyst.id, organisationId: owner.organisationId, amount: 100, balance: 125 });
    const audits = (await auditEntries(app.db, "admin.credits_added")).filter((a) => a.targetId === analyst.id);
    expect(audits.map((a) => a.details)).toEqual([{ amount: 100, description: "Pilot", before: { credits: 25 }, after: { credits: 125 } }]);

    // The CLI's `credits add` does the same.
    const cli = await addOperatorCredits(app.db, { kind: "cli" }, owner.id, { amount: 5 });
    expect(cli.balance).toBe(130);
    expect(await apiBalance(analyst.http)).toBe(130);
  });

  test("one member buys, the other spends; the history shows every member's entries, each naming who", async () => {
    const { owner, analyst } = await organisation("buy-spend");
    const { json: created } = await owner.http.post("/api/credits/create-payment-intent", { credits: 100 });
    const payload = standIn.event("payment_intent.succeeded", standIn.succeed(created.paymentIntentId));
    const webhook = await new HttpClient(app.url).request("POST", "/api/billing/webhook", payload, {
      "content-type": "application/json",
      "stripe-signature": signStripePayload(payload, WEBHOOK_SECRET),
    });
    expect(webhook.status).toBe(200);
    expect(await apiBalance(analyst.http)).toBe(125);
    // The purchase is the organisation's: both members list it, with the buyer.
    for (const member of [owner, analyst]) {
      const purchases = (await member.http.get("/api/billing/purchases")).json.items;
      expect(purchases.map((p: { credits: number; userEmail: string }) => [p.credits, p.userEmail])).toEqual([[100, owner.email]]);
    }

    expect((await search(analyst, "Jane Example")).status).toBe(201);
    expect([await apiBalance(owner.http), await apiBalance(analyst.http)]).toEqual([115, 115]);

    const history = (await owner.http.get("/api/credits/transactions")).json.items as {
      type: string;
      amount: number;
      balance: number;
      member: { id: string; email: string };
    }[];
    expect(history.map((t) => [t.type, t.amount, t.balance, t.member.email])).toEqual([
      ["manual_search", -10, 115, analyst.email],
      ["credit_purchase", 100, 125, owner.email],
      ["credit_bonus", 25, 25, owner.email],
    ]);
    expect((await analyst.http.get("/api/credits/balance")).json.transactions.map((t: { member: { id: string } }) => t.member.id)).toEqual([
      analyst.id,
      owner.id,
      owner.id,
    ]);
    const [charge] = (await ledgerOf(owner.organisationId)).filter((r) => r.type === "manual_search");
    expect(charge).toMatchObject({ userId: analyst.id, organisationId: owner.organisationId });
  });

  test("another organisation's pool and ledger are its own", async () => {
    const mine = await organisation("sealed-a");
    const theirs = await organisation("sealed-b");
    await admin.post(`/api/admin/users/${mine.owner.id}/credits`, { amount: 50 });
    expect((await search(mine.analyst, "Jane Example")).status).toBe(201);
    expect(await apiBalance(mine.owner.http)).toBe(65);
    expect(await apiBalance(theirs.analyst.http)).toBe(25);
    const theirHistory = (await theirs.owner.http.get("/api/credits/transactions")).json.items as { member: { email: string } }[];
    expect(theirHistory.map((t) => t.member.email)).toEqual([theirs.owner.email]);
  });

  test("two members searching at once: 5 of 10 searches fit a pool of 50, charged once each, never below zero", async () => {
    const { owner, analyst } = await organisation("race");
    await setCredits(app.db, owner.id, 50);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => search(i % 2 ? analyst : owner, `Race Person ${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 402, 402, 402, 402, 402]);
    expect(await balanceOf(app.db, analyst.id)).toBe(0);
    const charges = (await ledgerOf(owner.organisationId)).filter((r) => r.type === "manual_search");
    expect(charges).toHaveLength(5);
    // One charge per accepted search, and the balances after them are 40, 30, 20, 10, 0: no update was lost.
    const accepted = answers.filter((a) => a.status === 201).map((a) => a.json.id);
    expect(charges.map((c) => c.searchId).sort()).toEqual([...accepted].sort());
    expect(charges.map((c) => c.balance).sort((a, b) => b - a)).toEqual([40, 30, 20, 10, 0]);
  });

  test("the ledger alone: 40 concurrent debits by two members at a pool of 100 take exactly 10, each row naming its member", async () => {
    const { owner, analyst } = await organisation("ledger-race");
    await setCredits(app.db, owner.id, 100);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => changeCredits(app.db, { userId: i % 2 ? analyst.id : owner.id, type: "manual_search", amount: -10 })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(10);
    expect(outcomes.every((o) => o.status === "fulfilled" || o.reason instanceof InsufficientCreditsError)).toBe(true);
    expect(await balanceOf(app.db, owner.id)).toBe(0);
    const rows = (await ledgerOf(owner.organisationId)).filter((r) => r.type === "manual_search");
    expect(rows.map((r) => r.balance).sort((a, b) => b - a)).toEqual([90, 80, 70, 60, 50, 40, 30, 20, 10, 0]);
    const spenders = outcomes.flatMap((o, i) => (o.status === "fulfilled" ? [i % 2 ? analyst.id : owner.id] : []));
    expect(rows.map((r) => r.userId).sort()).toEqual(spenders.sort());
  });
});

describe("a member's monthly spending cap", () => {
  test("owners and admins set it; a search past it is 402 naming the cap and charges nothing; lifting it lets the member spend", async () => {
    const { owner, analyst } = await organisation("cap");
    await setCredits(app.db, owner.id, 200);
    // Only owners and admins set it; the analyst is refused, and a bad value changes nothing.
    expect((await analyst.http.put(`/api/organisation/members/${analyst.id}/cap`, { monthlyCreditCap: 1000 })).status).toBe(403);
    expect((await owner.http.put(`/api/organisation/members/${analyst.id}/cap`, { monthlyCreditCap: -5 })).status).toBe(400);
    expect((await owner.http.put(`/api/organisation/members/${analyst.id}/cap`, { monthlyCreditCap: 2.5 })).status).toBe(400);
    const set = await owner.http.put(`/api/organisation/members/${analyst.id}/cap`, { monthlyCreditCap: 25 });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ id: analyst.id, monthlyCreditCap: 25, spentThisMonth: 0 });
    expect(await auditEntries(app.db, "organisation.member_cap_changed")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorUserId: owner.id, targetId: analyst.id, details: expect.objectContaining({ after: { monthlyCreditCap: 25 } }) }),
      ]),
    );

    // A search costs 10: two fit under 25, the third would make 30.
    expect((await search(analyst, "Cap Person One")).status).toBe(201);
    expect((await search(analyst, "Cap Person Two")).status).toBe(201);
    const refused = await search(analyst, "Cap Person Three");
    expect(refused.status).toBe(402);
    expect(refused.json.error).toBe("Monthly spending cap reached: your cap is 25 credits a month, 20 are spent this month and this needs 10");
    expect(await balanceOf(app.db, owner.id)).toBe(180);
    // The cap is the member's: the owner still spends from the same pool.
    expect((await search(owner, "Cap Person Four")).status).toBe(201);
    const members = (await owner.http.get("/api/organisation/members")).json.items;
    expect(members.find((m: any) => m.id === analyst.id)).toMatchObject({ monthlyCreditCap: 25, spentThisMonth: 20 });
    expect(members.find((m: any) => m.id === owner.id)).toMatchObject({ monthlyCreditCap: null, spentThisMonth: 10 });

    expect((await owner.http.put(`/api/organisation/members/${analyst.id}/cap`, { monthlyCreditCap: null })).json.monthlyCreditCap).toBeNull();
    expect((await search(analyst, "Cap Person Three")).status).toBe(201);
    expect(await balanceOf(app.db, owner.id)).toBe(160);
  });

  test("another organisation's member is 404; searches at once by a capped member never pass the cap", async () => {
    const { owner, analyst } = await organisation("cap-race");
    const other = await organisation("cap-other");
    expect((await other.owner.http.put(`/api/organisation/members/${analyst.id}/cap`, { monthlyCreditCap: 0 })).status).toBe(404);
    await setCredits(app.db, owner.id, 500);
    await owner.http.put(`/api/organisation/members/${analyst.id}/cap`, { monthlyCreditCap: 30 });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => search(analyst, `Capped Race ${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 402, 402, 402, 402, 402]);
    const charges = (await ledgerOf(owner.organisationId)).filter((r) => r.type === "manual_search" && r.userId === analyst.id);
    expect(charges).toHaveLength(3);
    expect(await balanceOf(app.db, owner.id)).toBe(470);
  });
});
