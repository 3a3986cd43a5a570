import type { Command } from "commander";
import { findUserByEmail } from "../../lib/auth/users.ts";
import { addOperatorCredits } from "../../lib/credits/operator-credit.ts";
import { text } from "../../lib/validation/text.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { printJson } from "../ui/render.tsx";

const creditNote = text({ field: "Note", max: 500, kind: "multiline" });

export function registerCredits(program: Command) {
  const credits = program.command("credits").description("Credit balances");
  withLanguageOption(credits.command("add"))
    .description("Add credits to an account (an admin_credit entry in the ledger)")
    .argument("<email>", "the account's email")
    .argument("<amount>", "whole number of credits, more than 0")
    .option("--note <text>", "description stored with the transaction")
    .option("--json", "print the result as JSON")
    .action(async (email: string, amountText: string, options: { note?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const amount = Number(amountText);
      if (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount) || amount <= 0) {
        failWith(words(asked).t.credits.amountInvalid(amountText));
      }
      const checkedNote = creditNote.safeParse(options.note ?? "");
      if (!checkedNote.success) failWith(checkedNote.error.issues[0].message);
      const note = checkedNote.data || undefined;
      const result = await withDatabase(async ({ db }) => {
        const user = await findUserByEmail(db, email);
        if (!user) failWith(words(asked).t.noUser(email));
        const change = await addOperatorCredits(db, { kind: "cli" }, user.id, { amount, note });
        return { email: user.email, added: amount, balance: change.balance, reportLanguage: user.reportLanguage };
      });
      const { reportLanguage, ...printed } = result;
      if (options.json) printJson(printed);
      else console.log(words(asked, { reportLanguage }).t.credits.added(result.added, result.email, result.balance));
    });
}
