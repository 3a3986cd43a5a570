/**
 * What cases announce (lib/events/channel.ts): every change written to a case's timeline, inside the transaction that
 * writes it. The capabilities that react (webhook events, assignment mail and notifications) sit beside cases and
 * subscribe at start-up (lib/wiring.ts); cases imports none of them. A subscriber writes with the event's transaction,
 * so what it queues commits with the change or not at all.
 */
import type { DbOrTx } from "../../data/db.ts";
import { channel } from "../events/channel.ts";
import type { CaseEventKind } from "./contract.ts";

export interface CaseEventRecorded {
  tx: DbOrTx;
  caseId: string;
  organisationId: string;
  kind: CaseEventKind;
  /** The member who made the change; null when the system did (a screening joining, auto-assignment). */
  actorUserId: string | null;
  details: Record<string, unknown>;
  at: Date;
}

export const caseEventRecorded = channel<CaseEventRecorded>("case event recorded");
