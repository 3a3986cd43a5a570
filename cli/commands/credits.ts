import type { Command } from "commander";
import { recordAudit } from "../../lib/audit/record.ts";
import { findUserByEmail } from "../../lib/auth/users.ts";
import { creditReasons } from "../../lib/credits/descriptions.ts";
import { changeCredits } from "../../lib/credits/ledger.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { printJson } from "../ui/render.tsx";

export function registerCredits(program: Command) {
  const credits = program.command("credits").description("Credit balances");
  credits
    .command("add")
    .description("Add credits to an account (an admin_credit entry in the ledger)")
    .argument("<email>", "the account's email")
    .argument("<amount>", "whole number of credits, more than 0")
    .option("--note <text>", "description stored with the transaction")
    .option("--json", "print the result as JSON")
    .action(async (email: string, amountText: string, options: { note?: string; json?: boolean }) => {
      const amount = Number(amountText);
      if (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount) || amount <= 0) {
        failWith(`Amount must be a whole number greater than 0, got '${amountText}'`);
      }
      const result = await withDatabase(async ({ db }) => {
        const user = await findUserByEmail(db, email);
        if (!user) failWith(`No user with email ${email}`);
        return db.transaction(async (tx) => {
          const change = await changeCredits(tx, {
            userId: user.id,
            type: "admin_credit",
            amount,
            ...(options.note ? { description: options.note } : { reason: creditReasons.cliCredit() }),
          });
          await recordAudit(tx, {
            action: "credits.admin_credit",
            actorKind: "cli",
            targetType: "user",
            targetId: user.id,
            details: { amount, note: options.note },
          });
          return { email: user.email, added: amount, balance: change.balance };
        });
      });
      if (options.json) printJson(result);
      else console.log(`Added ${result.added} credits to ${result.email}. New balance: ${result.balance}.`);
    });
}
