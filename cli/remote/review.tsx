/**
 * `duecheck review list | show | decide | approve | reject | notes` against a server: the review queue, a search's
 * review, and decisions, four-eyes answers and notes as the API key's owner (reading needs the read scope, deciding
 * the review scope). Remembered clearances are managed on the server's own machine or in the app.
 */
import type { Command } from "commander";
import {
  addNoteSchema,
  approveProposalSchema,
  decideHitSchema,
  REVIEW_SOURCES,
  rejectProposalSchema,
  reviewQueueFilterSchema,
} from "../../lib/review/contract.ts";
import { RISK_LEVELS } from "../../lib/screening/results.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { minute, parseLimit } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { ReviewQueueTable } from "../ui/review-queue-table.tsx";
import { ReviewView } from "../ui/review-view.tsx";
import { localOnlyCommand, type RemoteOptions, refuseUserOption, remoteClient, withRemoteOptions } from "./client.ts";

interface ListOptions extends RemoteOptions {
  status: string;
  risk?: string;
  source?: string;
  assignee?: string;
  olderThan?: string;
  limit: string;
  cursor?: string;
  user?: string;
  json?: boolean;
  language?: string;
}

const QUEUE_STATUSES = ["open", "needs_review", "escalated", "awaiting_approval"] as const;

/** The queue's filters from the options, checked as the local command checks them; assignee is me, unassigned or an id. */
function queueFilter(options: ListOptions, { t }: Words) {
  const given = { status: options.status, risk: options.risk, source: options.source };
  const allowed = { status: QUEUE_STATUSES, risk: RISK_LEVELS, source: REVIEW_SOURCES };
  for (const key of ["status", "risk", "source"] as const) {
    const value = given[key];
    if (value !== undefined && !(allowed[key] as readonly string[]).includes(value)) failWith(t.review.filterInvalid(`--${key}`, value, allowed[key]));
  }
  if (options.olderThan !== undefined && !(/^\d{1,4}$/.test(options.olderThan) && Number(options.olderThan) <= 3650)) {
    failWith(t.review.olderThanInvalid(options.olderThan));
  }
  if (options.assignee?.includes("@")) failWith("--assignee takes me, unassigned or a user's id against a server (an email names a local account)");
  const parsed = reviewQueueFilterSchema.safeParse({ ...given, olderThanDays: options.olderThan, assignee: options.assignee });
  if (!parsed.success) failWith(parsed.error.issues[0].message);
  return parsed.data;
}

/** The review status after a change, and the decision's id, as the local commands print them. */
function printOutcome(line: string, review: { status: string; openHits: number }, decisionId: string, { t }: Words) {
  const r = t.review;
  console.log(line);
  console.log(r.statusNow(r.statuses[review.status as keyof typeof r.statuses] ?? review.status, review.openHits));
  console.log(r.decisionId(decisionId));
}

export function registerRemoteReview(program: Command) {
  const review = program
    .command("review")
    .description("Review decisions on hits on the server, as the API key's owner: the queue, true match or false positive, four-eyes approvals and notes");

  withRemoteOptions(withLanguageOption(review.command("list")))
    .description("The review queue: searches with a flagged hit undecided or a second opinion asked for, newest first")
    .option("--status <status>", "open, needs_review, escalated or awaiting_approval", "open")
    .option("--risk <level>", "low, medium, high or critical")
    .option("--source <source>", "search, batch or monitoring")
    .option("--assignee <who>", "me, unassigned, or (reviewers) a user's id")
    .option("--older-than <days>", "only items at least this many days old")
    .option("--limit <n>", "items per page, 1 to 100", "50")
    .option("--cursor <cursor>", "the next page after the cursor a previous page printed")
    .option("--user <email>", "this machine's database only")
    .option("--json", "print as JSON (the shape of GET /api/v1/reviews: items, nextCursor, total)")
    .action(async (options: ListOptions) => {
      const shown = words(askedLanguage(options.language));
      refuseUserOption(options);
      const filter = queueFilter(options, shown);
      const limit = parseLimit(options.limit, shown);
      const page = await remoteClient(options).listReviewQueue({ ...filter, limit, cursor: options.cursor });
      if (options.json) return printJson(page);
      const { t } = shown;
      console.log(t.review.queueTitle(page.total));
      printView(<ReviewQueueTable items={page.items} shown={shown} />);
      if (page.nextCursor) {
        const given = (["status", "risk", "source", "assignee", "olderThan"] as const)
          .filter((k) => options[k] !== undefined && !(k === "status" && options.status === "open"))
          .map((k) => ` --${k === "olderThan" ? "older-than" : k} ${options[k]}`)
          .join("");
        console.log(t.review.more(`duecheck review list${given} --limit ${limit} --cursor ${page.nextCursor}`));
      }
    });

  withRemoteOptions(withLanguageOption(review.command("show")))
    .description("A search's review: its flagged hits with their ids and decisions, and its notes")
    .argument("<search-id>", "the search's id")
    .option("--user <email>", "this machine's database only")
    .option("--json", "print the search with its results and review as JSON (the shape of GET /api/v1/search/{searchId})")
    .action(async (searchId: string, options: RemoteOptions & { user?: string; json?: boolean; language?: string }) => {
      const shown = words(askedLanguage(options.language));
      refuseUserOption(options);
      const search = await remoteClient(options).getSearch(searchId);
      if (options.json) return printJson(search);
      printView(<ReviewView detail={search} words={shown} />);
    });

  withRemoteOptions(withLanguageOption(review.command("decide")))
    .description("Decide a flagged hit of a search: a true match or a false positive, with a reason (needs a key with the review scope)")
    .argument("<search-id>", "the search's id")
    .argument("<hit-id>", "the hit's id (see `duecheck review show SEARCH_ID`)")
    .requiredOption("--as <decision>", "true_match or false_positive")
    .requiredOption(
      "--reason <reason>",
      "false positive: different_birth_date, different_nationality, different_gender, common_name or other; true match: confirmed_identity or other",
    )
    .option("--text <text>", "what the reviewer saw (required with --reason other)")
    .option("--remember", "false positives only: clear this listing for this subject in later screenings until the listing changes")
    .option("--replaces <decision-id>", "change a decided hit: the id of its current decision")
    .option("--user <email>", "this machine's database only")
    .option("--json", "print the decision as JSON (the shape of POST /api/v1/search/{searchId}/decisions)")
    .action(
      async (
        searchId: string,
        hitId: string,
        options: RemoteOptions & {
          as: string;
          reason: string;
          text?: string;
          remember?: boolean;
          replaces?: string;
          user?: string;
          json?: boolean;
          language?: string;
        },
      ) => {
        const shown = words(askedLanguage(options.language));
        refuseUserOption(options);
        const parsed = decideHitSchema.safeParse({
          hitId,
          decision: options.as,
          reason: options.reason,
          text: options.text,
          remember: options.remember,
          replaces: options.replaces,
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          failWith(issue.path[0] === "decision" ? shown.t.review.asInvalid(options.as) : issue.message);
        }
        const client = remoteClient(options);
        const decision = await client.decideHit(searchId, parsed.data);
        if (options.json) return printJson(decision);
        const { review: after } = await client.getSearch(searchId);
        const r = shown.t.review;
        const what = [decision.hitLabel, r.decisions[decision.decision], r.reasons[decision.reason]] as const;
        const proposed = decision.state === "proposed";
        printOutcome(proposed ? r.proposed(...what, `duecheck review approve ${decision.id}`) : r.decided(...what), after, decision.id, shown);
        if (decision.remember && !proposed) console.log(r.remembered);
      },
    );

  for (const answer of ["approve", "reject"] as const) {
    const command = withRemoteOptions(withLanguageOption(review.command(answer)))
      .description(
        answer === "approve"
          ? "Approve another reviewer's proposed decision (four eyes): it takes effect"
          : "Reject another reviewer's proposed decision (four eyes), saying why: the hit is open again",
      )
      .argument("<decision-id>", "the proposed decision's id");
    (answer === "approve"
      ? command.option("--comment <text>", "what the approver adds")
      : command.requiredOption("--comment <text>", "why the proposal is rejected")
    )
      .option("--user <email>", "this machine's database only")
      .option("--json", `print the decision as JSON (the shape of POST /api/v1/decisions/{decisionId}/${answer})`)
      .action(async (decisionId: string, options: RemoteOptions & { comment?: string; user?: string; json?: boolean; language?: string }) => {
        const shown = words(askedLanguage(options.language));
        refuseUserOption(options);
        const client = remoteClient(options);
        let decision: Awaited<ReturnType<typeof client.approveDecision>>;
        if (answer === "approve") {
          const parsed = approveProposalSchema.safeParse({ comment: options.comment });
          if (!parsed.success) failWith(parsed.error.issues[0].message);
          decision = await client.approveDecision(decisionId, parsed.data);
        } else {
          const parsed = rejectProposalSchema.safeParse({ comment: options.comment });
          if (!parsed.success) failWith(parsed.error.issues[0].message);
          decision = await client.rejectDecision(decisionId, parsed.data);
        }
        if (options.json) return printJson(decision);
        const { review: after } = await client.getSearch(decision.searchId);
        const r = shown.t.review;
        const line =
          answer === "approve" ? r.approved(decision.hitLabel, r.decisions[decision.decision]) : r.rejected(decision.hitLabel, r.decisions[decision.decision]);
        printOutcome(line, after, decision.id, shown);
      });
  }

  withRemoteOptions(withLanguageOption(review.command("notes")))
    .description("A search's case notes, oldest first (escalations and dismissals too); --add appends one (needs the review scope)")
    .argument("<search-id>", "the search's id")
    .option("--add <text>", "append this note")
    .option("--user <email>", "this machine's database only")
    .option("--json", "print as JSON: the notes (the search's review.notes), or with --add the note added")
    .action(async (searchId: string, options: RemoteOptions & { add?: string; user?: string; json?: boolean; language?: string }) => {
      const shown = words(askedLanguage(options.language));
      const { t } = shown;
      refuseUserOption(options);
      const text = options.add === undefined ? undefined : addNoteSchema.safeParse({ text: options.add });
      if (text && !text.success) failWith(text.error.issues[0].message);
      const client = remoteClient(options);
      const noteLine = (n: { createdAt: string; author: string | null; kind: "note" | "escalation" | "dismissal"; text: string }) =>
        t.review.noteLine(minute(n.createdAt), n.author ?? "-", t.review.noteKinds[n.kind], n.text);
      if (text?.success) {
        const added = await client.addSearchNote(searchId, text.data);
        if (options.json) return printJson(added);
        const search = await client.getSearch(searchId);
        console.log(t.review.noteAdded(search.searchTerm));
        return console.log(noteLine(added));
      }
      const { review: current } = await client.getSearch(searchId);
      if (options.json) return printJson(current.notes);
      console.log(t.review.notesTitle);
      if (current.notes.length === 0) console.log(`  ${t.review.notesEmpty}`);
      for (const n of current.notes) console.log(noteLine(n));
    });

  localOnlyCommand(review, "clearances", "Remembered clearances, and revoking one");
}
