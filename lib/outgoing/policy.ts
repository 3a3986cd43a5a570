/** Where the private-network allowance is read, and the check a URL passes when it is saved. */
import type { DbOrTx } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { readSettings } from "../settings/system-settings.ts";
import { outgoingUrlProblem } from "./guard.ts";
import { outgoingSettings } from "./system-settings.ts";

/** The admin setting (stored as webhooksAllowPrivateNetworks); it covers every guarded request, not webhooks only. */
export async function privateNetworksAllowed(db: DbOrTx): Promise<boolean> {
  return (await readSettings(db, outgoingSettings)).webhooksAllowPrivateNetworks;
}

/** Refuses (400) a URL the request would refuse, with the request's words. */
export async function assertOutgoingUrlAllowed(db: DbOrTx, url: string): Promise<void> {
  const problem = await outgoingUrlProblem(url, await privateNetworksAllowed(db));
  if (problem) throw new AppError(400, problem);
}
