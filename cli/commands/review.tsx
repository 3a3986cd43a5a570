import type { Command } from "commander";
import { findUserByEmail } from "../../lib/auth/users.ts";
import { decodeCursor } from "../../lib/paging.ts";
import { reviewableSearch } from "../../lib/review/access.ts";
import { REVIEW_SOURCES, type ReviewQueueFilter, reviewQueueFilterSchema } from "../../lib/review/contract.ts";
import { listReviewQueue } from "../../lib/review/queue.ts";
import { searchDetail } from "../../lib/review/search-detail.ts";
import { RISK_LEVELS } from "../../lib/screening/results.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { parseLimit } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { ReviewQueueTable } from "../ui/review-queue-table.tsx";
import { ReviewView } from "../ui/review-view.tsx";
import { withCliUser } from "../user.ts";
import { cliReviewActor } from "./review-actor.ts";
import { registerReviewClearances } from "./review-clearances.tsx";
import { registerReviewDecisions } from "./review-decisions.tsx";
import { registerReviewNotes } from "./review-notes.tsx";

interface ListOptions {
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

/** The queue's filters from the options; an unknown value is refused naming the option and what it takes. */
function queueFilter(options: ListOptions, { t }: Words): Omit<ReviewQueueFilter, "assignee"> {
  const given = { status: options.status, risk: options.risk, source: options.source };
  const allowed = { status: QUEUE_STATUSES, risk: RISK_LEVELS, source: REVIEW_SOURCES };
  for (const key of ["status", "risk", "source"] as const) {
    const value = given[key];
    if (value !== undefined && !(allowed[key] as readonly string[]).includes(value)) failWith(t.review.filterInvalid(`--${key}`, value, allowed[key]));
  }
  if (options.olderThan !== undefined && !(/^\d{1,4}$/.test(options.olderThan) && Number(options.olderThan) <= 3650)) {
    failWith(t.review.olderThanInvalid(options.olderThan));
  }
  const parsed = reviewQueueFilterSchema.omit({ assignee: true }).safeParse({ ...given, olderThanDays: options.olderThan });
  if (!parsed.success) failWith(parsed.error.issues[0].message);
  return parsed.data;
}

export function registerReview(program: Command) {
  const review = program
    .command("review")
    .description(
      "Review decisions on hits: the queue, true match or false positive, four-eyes approvals, case notes and remembered clearances. Acts as --user (default: the first administrator); admins and reviewers review everyone's searches, a user their own",
    );

  withLanguageOption(review.command("list"))
    .description("The review queue: searches with a flagged hit undecided or a second opinion asked for, newest first")
    .option("--status <status>", "open, needs_review, escalated or awaiting_approval", "open")
    .option("--risk <level>", "low, medium, high or critical")
    .option("--source <source>", "search, batch or monitoring")
    .option("--assignee <who>", "me, unassigned, or (admins and reviewers) a user's email")
    .option("--older-than <days>", "only items at least this many days old")
    .option("--limit <n>", "items per page, 1 to 100", "50")
    .option("--cursor <cursor>", "the next page after the cursor a previous page printed")
    .option("--user <email>", "who reviews (default: the first administrator)")
    .option("--json", "print as JSON (the shape of GET /api/reviews: items, nextCursor, total)")
    .action(async (options: ListOptions) => {
      const asked = askedLanguage(options.language);
      const early = words(asked);
      const filter = queueFilter(options, early);
      const limit = parseLimit(options.limit, early);
      const cursor = options.cursor === undefined ? undefined : (decodeCursor(options.cursor) ?? failWith(early.t.batch.cursorInvalid(options.cursor)));
      const { page, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        let assignee: ReviewQueueFilter["assignee"];
        if (options.assignee === "me" || options.assignee === "unassigned") assignee = options.assignee;
        else if (options.assignee !== undefined) {
          assignee = (await findUserByEmail(db, options.assignee))?.id ?? failWith(shown.t.noUser(options.assignee));
        }
        return { page: await listReviewQueue(db, cliReviewActor(user), { ...filter, assignee, limit, cursor }), shown };
      });
      if (options.json) return printJson(page);
      const { t } = shown;
      console.log(t.review.queueTitle(page.total));
      printView(<ReviewQueueTable items={page.items} shown={shown} />);
      if (page.nextCursor) {
        const given = (["status", "risk", "source", "assignee", "olderThan", "user"] as const)
          .filter((k) => options[k] !== undefined && !(k === "status" && options.status === "open"))
          .map((k) => ` --${k === "olderThan" ? "older-than" : k} ${options[k]}`)
          .join("");
        console.log(t.review.more(`duecheck review list${given} --limit ${limit} --cursor ${page.nextCursor}`));
      }
    });

  withLanguageOption(review.command("show"))
    .description("A search's review: its flagged hits with their ids and decisions, and its notes")
    .argument("<search-id>", "the search's id")
    .option("--user <email>", "who reviews (default: the first administrator)")
    .option("--json", "print the search with its results and review as JSON (the shape of GET /api/reviews/{searchId})")
    .action(async (searchId: string, options: { user?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const { detail, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const search = await reviewableSearch(db, cliReviewActor(user), searchId);
        return { detail: await searchDetail(db, search), shown };
      });
      if (options.json) return printJson(detail);
      printView(<ReviewView detail={detail} words={shown} />);
    });

  registerReviewDecisions(review);
  registerReviewNotes(review);
  registerReviewClearances(review);
}
