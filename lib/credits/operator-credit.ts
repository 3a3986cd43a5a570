import type { Db } from "../../data/db.ts";
import { type AuditActor, actorFields, recordAudit } from "../audit/record.ts";
import { creditReasons } from "./descriptions.ts";
import { changeCredits } from "./ledger.ts";

/**
 * Credits an operator adds to an account outside the web app (`duecheck credits add`): an admin_credit in the ledger,
 * described by the note or else as added from the command line, audited in the same transaction with the amount and
 * the note (a change and its record stand or fall together).
 */
export async function addOperatorCredits(db: Db, actor: AuditActor, userId: string, input: { amount: number; note?: string }) {
  const { amount, note } = input;
  return db.transaction(async (tx) => {
    const change = await changeCredits(tx, {
      userId,
      type: "admin_credit",
      amount,
      ...(note ? { description: note } : { reason: creditReasons.cliCredit() }),
    });
    await recordAudit(tx, { action: "credits.admin_credit", ...actorFields(actor), targetType: "user", targetId: userId, details: { amount, note } });
    return change;
  });
}
