import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sum } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { changeCredits, InsufficientCreditsError } from "../../lib/credits/ledger.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { balanceOf, setCredits } from "../helpers/credits.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.stop());

const transactionsOf = (userId: string) => app.db.select().from(schema.creditTransactions).where(eq(schema.creditTransactions.userId, userId));

describe("credit ledger", () => {
  test("50 concurrent debits of 10 at a balance of 100: exactly 10 succeed, balance 0, 10 rows", async () => {
    const user = await createUser(app.db, { email: "race@example.com", password: "password1", credits: 100 });
    const before = (await transactionsOf(user.id)).length;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => changeCredits(app.db, { userId: user.id, type: "manual_search", amount: -10, description: "search" })),
    );
    const succeeded = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(succeeded.length).toBe(10);
    expect(refused.every((o) => (o as PromiseRejectedResult).reason instanceof InsufficientCreditsError)).toBe(true);
    expect(await balanceOf(app.db, user.id)).toBe(0);
    const rows = (await transactionsOf(user.id)).filter((r) => r.type === "manual_search");
    expect(rows.length).toBe(10);
    expect((await transactionsOf(user.id)).length - before).toBe(10);
    // Each row records the balance after it: the ten balances are 90, 80, ..., 0.
    expect(rows.map((r) => r.balance).sort((a, b) => b - a)).toEqual([90, 80, 70, 60, 50, 40, 30, 20, 10, 0]);
  });

  test("a debit larger than the balance is refused and changes nothing", async () => {
    const user = await createUser(app.db, { email: "poor@example.com", password: "password1" });
    const rowsBefore = (await transactionsOf(user.id)).length;
    const attempt = changeCredits(app.db, { userId: user.id, type: "manual_search", amount: -30 });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCreditsError);
    await expect(attempt).rejects.toMatchObject({ status: 402, balance: 25, required: 30 });
    expect(await balanceOf(app.db, user.id)).toBe(25);
    expect((await transactionsOf(user.id)).length).toBe(rowsBefore);
  });

  test("admins are never charged for searches and no row is written", async () => {
    const admin = await createUser(app.db, { email: "boss@example.com", password: "password1", role: "admin", credits: 0 });
    const result = await changeCredits(app.db, { userId: admin.id, type: "manual_search", amount: -10 });
    expect(result).toEqual({ charged: false, balance: 0 });
    expect((await transactionsOf(admin.id)).filter((r) => r.type === "manual_search").length).toBe(0);
  });

  test("each type has its sign, amounts are whole and non-zero, unknown users are 404", async () => {
    const user = await createUser(app.db, { email: "signs@example.com", password: "password1" });
    await expect(changeCredits(app.db, { userId: user.id, type: "manual_search", amount: 10 })).rejects.toMatchObject({ status: 400 });
    await expect(changeCredits(app.db, { userId: user.id, type: "admin_credit", amount: -10 })).rejects.toMatchObject({ status: 400 });
    await expect(changeCredits(app.db, { userId: user.id, type: "admin_credit", amount: 0 })).rejects.toMatchObject({ status: 400 });
    await expect(changeCredits(app.db, { userId: user.id, type: "admin_credit", amount: 1.5 })).rejects.toMatchObject({ status: 400 });
    await expect(changeCredits(app.db, { userId: "00000000-0000-0000-0000-000000000000", type: "admin_credit", amount: 5 })).rejects.toMatchObject({
      status: 404,
    });
    expect(await balanceOf(app.db, user.id)).toBe(25);
  });

  test("every transaction type is recorded with its balance, and the ledger sums to the balance", async () => {
    const user = await createUser(app.db, { email: "all@example.com", password: "password1" });
    await changeCredits(app.db, { userId: user.id, type: "credit_purchase", amount: 500, description: "500 credits" });
    await changeCredits(app.db, { userId: user.id, type: "admin_credit", amount: 7 });
    await changeCredits(app.db, { userId: user.id, type: "manual_search", amount: -10 });
    await changeCredits(app.db, { userId: user.id, type: "automatic_search", amount: -1 });
    const rows = await transactionsOf(user.id);
    expect(rows.map((r): string => r.type).sort()).toEqual(["admin_credit", "automatic_search", "credit_bonus", "credit_purchase", "manual_search"].sort());
    const [total] = await app.db
      .select({ total: sum(schema.creditTransactions.amount) })
      .from(schema.creditTransactions)
      .where(eq(schema.creditTransactions.userId, user.id));
    expect(Number(total.total)).toBe(await balanceOf(app.db, user.id));
    expect(await balanceOf(app.db, user.id)).toBe(25 + 500 + 7 - 10 - 1);
  });

  test("a change inside a caller's transaction is undone with it", async () => {
    const user = await createUser(app.db, { email: "rollback@example.com", password: "password1" });
    await expect(
      app.db.transaction(async (tx) => {
        await changeCredits(tx, { userId: user.id, type: "manual_search", amount: -10 });
        throw new Error("the search could not be created");
      }),
    ).rejects.toThrow("the search could not be created");
    expect(await balanceOf(app.db, user.id)).toBe(25);
    expect((await transactionsOf(user.id)).length).toBe(1);
  });

  test("the database itself refuses a negative balance", async () => {
    const user = await createUser(app.db, { email: "check@example.com", password: "password1" });
    const setNegative = async () => {
      await setCredits(app.db, user.id, -1);
    };
    await expect(setNegative()).rejects.toThrow();
  });
});
