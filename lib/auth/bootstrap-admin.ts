import type { DbOrTx } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { generateToken } from "./tokens.ts";
import { countUsers, createUser } from "./users.ts";

/**
 * On an empty database, creates the first admin from the configured email and password, or with a
 * generated password that the caller prints once (only its hash is stored).
 */
export async function ensureFirstAdmin(db: DbOrTx, options: { email?: string; password?: string }) {
  if ((await countUsers(db)) > 0) return null;
  const email = options.email ?? "admin@duecheck.local";
  const password = options.password ?? generateToken(12);
  const user = await createUser(db, { email, password, fullName: "Administrator", role: "admin" });
  await recordAudit(db, { action: "user.bootstrap_admin", actorKind: "system", targetType: "user", targetId: user.id });
  return { email, password: options.password ? undefined : password };
}
