/**
 * `duecheck cases list`: the organisation's cases as GET /api/cases lists them, with its filters and views ("Needs
 * decision" --needs-decision, "Mine" --assignee me, "Unassigned", "Overdue", "Escalated"); `show`, `assign`, `close` and `reopen` are in the files
 * beside. Acts as --user, as the review commands do: lib/cases decides what they read and may change.
 */
import type { Command } from "commander";
import { CASE_PRIORITIES, CASE_STATUSES, type CaseListFilter, caseListFilterSchema } from "../../lib/cases/contract.ts";
import { listCases } from "../../lib/cases/list.ts";
import { decodeCursor } from "../../lib/paging.ts";
import { REVIEW_SOURCES } from "../../lib/review/contract.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { minute, parseLimit } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { withCliUser } from "../user.ts";
import { registerCasesAttach } from "./cases-attach.ts";
import { registerCasesChanges } from "./cases-change.ts";
import { registerCasesManual } from "./cases-manual.ts";
import { oneOf, userIdOf } from "./cases-member.ts";
import { registerCasesReport } from "./cases-report.ts";
import { registerCasesShow } from "./cases-show.tsx";
import { registerCasesSummary } from "./cases-summary.ts";
import { cliReviewActor } from "./review-actor.ts";

interface ListOptions {
  status?: string;
  assignee?: string;
  overdue?: boolean;
  escalated?: boolean;
  needsDecision?: boolean;
  priority?: string;
  source?: string;
  tag?: string;
  olderThan?: string;
  limit: string;
  cursor?: string;
  user?: string;
  json?: boolean;
  language?: string;
}

/** The list's filters from the options, but the assignee (which needs the database). */
function listFilter(options: ListOptions, shown: Words): Omit<CaseListFilter, "assignee"> {
  return {
    status: oneOf("--status", options.status, CASE_STATUSES, shown),
    priority: oneOf("--priority", options.priority, CASE_PRIORITIES, shown),
    source: oneOf("--source", options.source, REVIEW_SOURCES, shown),
    overdue: options.overdue ? "true" : undefined,
    escalated: options.escalated ? "true" : undefined,
    needsDecision: options.needsDecision ? "true" : undefined,
    tag: options.tag === undefined ? undefined : checkedFilter("tag", options.tag),
    olderThan: options.olderThan === undefined ? undefined : checkedFilter("olderThan", options.olderThan),
  };
}

/** A filter's value checked as GET /api/cases checks its query (--tag pep,urgent; --older-than 7). */
function checkedFilter<K extends "tag" | "olderThan">(key: K, value: string): CaseListFilter[K] {
  const parsed = caseListFilterSchema.shape[key].safeParse(value);
  if (!parsed.success) failWith(parsed.error.issues[0].message);
  return parsed.data as CaseListFilter[K];
}

/** The command that prints the next page: the options given, and the cursor. */
function nextPageCommand(options: ListOptions, limit: number, cursor: string) {
  const valued = (["status", "assignee", "priority", "source", "tag", "user"] as const)
    .filter((k) => options[k] !== undefined)
    .map((k) => ` --${k} ${options[k]}`);
  if (options.olderThan !== undefined) valued.push(` --older-than ${options.olderThan}`);
  const flags = (["overdue", "escalated"] as const).filter((k) => options[k]).map((k) => ` --${k}`);
  if (options.needsDecision) flags.push(" --needs-decision");
  return `duecheck cases list${valued.join("")}${flags.join("")} --limit ${limit} --cursor ${cursor}`;
}

export function registerCases(program: Command) {
  const cases = program
    .command("cases")
    .description(
      "Cases: a subject's searches that need review, with status, outcome, priority, assignee and due date. Acts as --user (default: the first administrator), who reads the cases of their organisation",
    );

  withLanguageOption(cases.command("list"))
    .description("The cases, newest first (--overdue: the earliest due date first), with the filters of GET /api/cases; overdue cases are marked")
    .option("--status <status>", "open, investigating or closed")
    .option("--assignee <who>", "me, unassigned, or a member's email or user id")
    .option("--overdue", "only cases past their due date and not closed")
    .option("--escalated", "only cases escalated to the reviewers and not taken yet")
    .option("--needs-decision", "only cases not closed with a hit undecided or a second opinion unanswered (the review queue, by case)")
    .option("--priority <priority>", "sanctions, pep or media")
    .option("--source <source>", "cases holding a search of this kind: search, batch or monitoring")
    .option("--tag <tags>", "cases carrying every tag given, separated by commas: pep,urgent")
    .option("--older-than <days>", "cases first opened more than this many days ago")
    .option("--limit <n>", "cases per page, 1 to 100", "50")
    .option("--cursor <cursor>", "the next page after the cursor a previous page printed")
    .option("--user <email>", "who reads (default: the first administrator)")
    .option("--json", "print as JSON (the shape of GET /api/cases: items, nextCursor, total)")
    .action(async (options: ListOptions) => {
      const asked = askedLanguage(options.language);
      const early = words(asked);
      const filter = listFilter(options, early);
      const limit = parseLimit(options.limit, early);
      const cursor = options.cursor === undefined ? undefined : (decodeCursor(options.cursor) ?? failWith(early.t.batch.cursorInvalid(options.cursor)));
      const { page, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const named = options.assignee;
        const assignee = named === undefined || named === "me" || named === "unassigned" ? named : await userIdOf(db, named, shown);
        return { page: await listCases(db, cliReviewActor(user), { ...filter, assignee, limit, cursor }), shown };
      });
      if (options.json) return printJson(page);
      const { t } = shown;
      const c = t.cases;
      console.log(c.listTitle(page.total));
      printView(
        <Table
          rows={page.items}
          empty={c.listEmpty}
          columns={[
            { header: c.listColumns.opened, value: (i) => minute(i.openedAt) },
            { header: c.listColumns.subject, value: (i) => i.title, shrinkTo: 16 },
            { header: c.listColumns.priority, value: (i) => c.priorities[i.priority] },
            { header: c.listColumns.status, value: (i) => c.status(c.statuses[i.status], i.escalatedAt !== null) },
            { header: c.listColumns.assignee, value: (i) => i.assignee?.name ?? "-", shrinkTo: 12 },
            { header: c.listColumns.due, value: (i) => c.due(minute(i.dueAt), i.overdue) },
            { header: c.listColumns.openHits, value: (i) => String(i.openHits) },
            { header: c.listColumns.searches, value: (i) => String(i.searchCount) },
            { header: c.listColumns.id, value: (i) => i.id },
          ]}
        />,
      );
      if (page.nextCursor) console.log(c.more(nextPageCommand(options, limit, page.nextCursor)));
    });

  registerCasesShow(cases);
  registerCasesSummary(cases);
  registerCasesChanges(cases);
  registerCasesManual(cases);
  registerCasesAttach(cases);
  registerCasesReport(cases);
}
