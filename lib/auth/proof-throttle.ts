import type { DbOrTx } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { recordLoginFailure, spentAccountWindow, tooManyFailures } from "./login-throttle.ts";
import { deleteSessionById, type UserRow } from "./sessions.ts";

/** A signed-in session proving who it is again: the session and the client address it came from. */
export interface ProofContext {
  sessionId: string | null;
  ipAddress?: string | null;
}

const SIGNED_OUT = "Too many wrong passwords or codes: you have been signed out.";

/**
 * Runs a check of the current password or a code asked of a signed-in session (changing the password or the email,
 * turning 2FA off, new recovery codes). A wrong answer counts in the sign-in throttle's windows, so a stolen session
 * guesses no faster than the sign-in form. Once this address has used up its failures on this account, the session
 * ends (429), since whoever holds it does not know the password. (Failures of other accounts from the same address,
 * colleagues behind one office address, do not end it.) Answers whether the check passed.
 */
export async function checkProof(db: DbOrTx, user: UserRow, proof: ProofContext, purpose: string, check: () => Promise<boolean>): Promise<boolean> {
  const endSessionIfSpent = async () => {
    const spent = await spentAccountWindow(db, user.email, proof.ipAddress);
    if (!spent) return;
    if (proof.sessionId) await deleteSessionById(db, proof.sessionId);
    throw tooManyFailures(spent, SIGNED_OUT);
  };
  await endSessionIfSpent();
  if (await check()) return true;
  await recordLoginFailure(db, user.email, proof.ipAddress);
  await recordAudit(db, { action: "auth.proof_failed", actorKind: "user", actorUserId: user.id, ipAddress: proof.ipAddress, details: { purpose } });
  await endSessionIfSpent();
  return false;
}
