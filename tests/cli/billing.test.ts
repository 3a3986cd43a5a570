/** `duecheck billing` as a separate process on a server's database: the packages and the purchases (all, or one user's). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { schema } from "../../data/db.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
  const ann = await createUser(app.db, { email: "ann@example.com", password: "password-1" });
  const ben = await createUser(app.db, { email: "ben@example.com", password: "password-1" });
  await app.db.insert(schema.purchases).values([
    {
      userId: ann.id,
      credits: 500,
      amount: 10900,
      paymentIntentId: "pi_ann_1",
      status: "succeeded",
      receiptUrl: "https://pay.stripe.com/receipts/payment/ch_ann",
      createdAt: new Date("2026-03-01T10:00:00Z"),
    },
    {
      userId: ben.id,
      credits: 100,
      amount: 2900,
      paymentIntentId: "pi_ben_1",
      status: "partially_refunded",
      refundedCredits: 40,
      createdAt: new Date("2026-03-02T10:00:00Z"),
    },
  ]);
}, 60_000);
afterAll(() => app.stop());

const cli = (...args: string[]) => runCli(["billing", ...args], { ...app.env, STRIPE_SECRET_KEY: "" });

describe("duecheck billing", () => {
  test("packages: the default list with prices per credit, 500 popular and selected; JSON like the API", async () => {
    const table = await cli("packages");
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/500\s+109\.00 USD\s+0\.2180 USD\s+popular, selected by default/);
    expect(table.stdout).toMatch(/100000\s+9999\.00 USD\s+0\.1000 USD/);
    expect(table.stdout).toContain("Card payments are not configured on this installation");
    const { packages } = JSON.parse((await cli("packages", "--json")).stdout);
    expect(packages.map((p: { credits: number; amount: number }) => [p.credits, p.amount])).toEqual([
      [100, 2900],
      [500, 10900],
      [1000, 19900],
      [2500, 39900],
      [10000, 129900],
      [100000, 999900],
    ]);
    const french = await cli("packages", "--language", "fr");
    expect(french.stdout).toContain("Packs de crédits");
    expect(french.stdout).toContain("populaire, sélectionné par défaut");
  });

  test("purchases: everyone's newest first with the buyer, or one user's; German words; an unknown user exits 1", async () => {
    const all = await cli("purchases");
    expect(all.code).toBe(0);
    expect(all.stdout).toContain("Purchases (2)");
    expect(all.stdout.indexOf("ben@example.com")).toBeLessThan(all.stdout.indexOf("ann@example.com"));
    expect(all.stdout).toMatch(/ben@example.com\s+100\s+29\.00 USD\s+partially refunded\s+40/);
    const german = await cli("purchases", "--user", "ann@example.com", "--language", "de");
    expect(german.stdout).toContain("Käufe (1)");
    expect(german.stdout).toMatch(/500\s+109\.00 USD\s+bezahlt\s+0\s+https:\/\/pay.stripe.com\/receipts\/payment\/ch_ann/);
    expect(german.stdout).not.toContain("ben@example.com");
    const json = JSON.parse((await cli("purchases", "--user", "ben@example.com", "--json")).stdout);
    expect(json).toMatchObject({
      total: 1,
      nextCursor: null,
      items: [{ credits: 100, amount: 2900, status: "partially_refunded", refundedCredits: 40, userEmail: "ben@example.com" }],
    });
    const unknown = await cli("purchases", "--user", "nobody@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("nobody@example.com");
  });
});
