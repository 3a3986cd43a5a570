/**
 * What every process wires at start-up, before it creates or runs a search: the server (server/start.ts), each CLI
 * command (cli/database.ts) and the tests' stand-ins for them. Screening announces through lib/events and imports
 * none of the capabilities that react; they are subscribed here, in one place, so that every process that creates or
 * ends searches runs the same reactions. Subscribing twice changes nothing.
 *
 * A monitoring scheduler subscribes to searchesEnded by itself while it runs (it records its checks as their searches
 * end): it runs only in the processes that start one.
 *
 * Loading this module also loads the settings catalog, which registers every capability's system settings
 * (lib/settings/registry.ts): the seed that follows at start-up inserts them all, and every setting can be read.
 */
import "./admin/settings-schema.ts";
import { caseEventsRecorded } from "./cases/events.ts";
import { groupFinishedSearches } from "./cases/grouping.ts";
import { autoMonitorNewSearch } from "./monitoring/auto-add.ts";
import { notifyCasesAssigned } from "./notifications/case-assigned.ts";
import { writeFirstReviews } from "./review/first-review.ts";
import { searchCreated, searchesEnded, searchesFinished } from "./screening/events.ts";
import { emitCaseWebhookEvents } from "./webhooks/case-events.ts";
import { emitWebhooksOfEndedSearches } from "./webhooks/search-events.ts";

export function wireCapabilities(): void {
  // A manual search's subject joins its owner's monitoring, in the search's transaction.
  searchCreated.subscribe(autoMonitorNewSearch);
  // The review the hits call for, written in the transaction that writes the outcome.
  searchesFinished.subscribe(writeFirstReviews);
  // A search whose hits need review joins its subject's case, in the same transaction (after its first review).
  searchesFinished.subscribe(groupFinishedSearches);
  // search.completed and batch.completed, queued once the outcomes are committed, without holding the worker up.
  searchesEnded.subscribe(emitWebhooksOfEndedSearches);
  // case.opened, case.assigned, case.escalated and case.closed, queued in the transaction of the case's change.
  caseEventsRecorded.subscribe(emitCaseWebhookEvents);
  // A case given to a member notifies them (the bell; a mail with SMTP), written in the assignment's transaction.
  caseEventsRecorded.subscribe(notifyCasesAssigned);
}
