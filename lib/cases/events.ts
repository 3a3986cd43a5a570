/**
 * What cases announce (lib/events/channel.ts): the changes written to cases' timelines, inside the transaction that
 * writes them, as one event for the entries written together (a batch's new cases are opened, assigned and joined a
 * statement for all of them, so their reactions are written a statement for all of them too). The capabilities that
 * react (webhook events, assignment mail and notifications) sit beside cases and subscribe at start-up
 * (lib/wiring.ts); cases imports none of them. A subscriber writes with the event's transaction, so what it queues
 * commits with the change or not at all, and reads the cases as the announced entries left them.
 */
import type { DbOrTx } from "../../data/db.ts";
import { channel } from "../events/channel.ts";
import type { CaseEventKind } from "./contract.ts";

/** One timeline entry. */
export interface CaseEventRecorded {
  caseId: string;
  organisationId: string;
  kind: CaseEventKind;
  /** The member who made the change; null when the system did (a screening joining, auto-assignment). */
  actorUserId: string | null;
  details: Record<string, unknown>;
  at: Date;
}

/** The entries written together, in the order written. */
export interface CaseEventsRecorded {
  tx: DbOrTx;
  events: CaseEventRecorded[];
}

export const caseEventsRecorded = channel<CaseEventsRecorded>("case events recorded");
