/**
 * `duecheck cases assign | close | reopen`: the changes of PUT /api/cases/{id}/assignee and POST
 * /api/cases/{id}/status, made as --user. lib/cases refuses what the API refuses, with its message (exit 1): an
 * auditor (403), another organisation's case (404), a hit still undecided (409, naming how many).
 */
import type { Command } from "commander";
import { assignCase } from "../../lib/cases/assign.ts";
import { type AssignCaseInput, CASE_OUTCOMES, type CaseStatusInput, type CaseView, caseStatusSchema } from "../../lib/cases/contract.ts";
import { changeCaseStatus } from "../../lib/cases/status.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { printJson } from "../ui/render.tsx";
import { withCliUser } from "../user.ts";
import { oneOf, userIdOf } from "./cases-member.ts";
import { cliReviewActor } from "./review-actor.ts";

interface ChangeOptions {
  user?: string;
  json?: boolean;
  language?: string;
}

/** The status change from the options, checked as the API checks its body. */
function statusInput(input: { status: string; outcome?: string; reason?: string }): CaseStatusInput {
  const parsed = caseStatusSchema.safeParse(input);
  if (!parsed.success) failWith(parsed.error.issues[0].message);
  return parsed.data;
}

/** Prints the case after the change: as JSON (the API's answer), else the line that says what happened. */
function printChanged(view: CaseView, shown: Words, json: boolean | undefined, line: (view: CaseView) => string) {
  if (json) return printJson(view);
  console.log(line(view));
  console.log(shown.t.cases.caseId(view.id));
}

export function registerCasesChanges(cases: Command) {
  withLanguageOption(cases.command("assign"))
    .description(
      "Claim a case (me), give it to a member (owners, admins and reviewers), or hand it back (none); an escalated case is taken when a reviewer gets it",
    )
    .argument("<case-id>", "the case's id")
    .requiredOption("--to <who>", "me, a member's email or user id, or none")
    .option("--user <email>", "who assigns (default: the first administrator)")
    .option("--json", "print the case as JSON (the answer of PUT /api/cases/{id}/assignee)")
    .action(async (caseId: string, options: ChangeOptions & { to: string }) => {
      const asked = askedLanguage(options.language);
      const { view, shown } = await withCliUser(options.user, asked, async ({ database, db, user, shown }) => {
        const assignee: AssignCaseInput["assignee"] = options.to === "me" ? "me" : options.to === "none" ? null : await userIdOf(db, options.to, shown);
        return { view: await assignCase({ db: database.db }, cliReviewActor(user), caseId, { assignee }), shown };
      });
      const c = shown.t.cases;
      printChanged(view, shown, options.json, (v) => (v.assignee ? c.assigned(v.title, v.assignee.name) : c.handedBack(v.title)));
    });

  withLanguageOption(cases.command("close"))
    .description("Close a case with an outcome, once every hit of its searches is decided")
    .argument("<case-id>", "the case's id")
    .requiredOption("--outcome <outcome>", CASE_OUTCOMES.join(", "))
    .option("--reason <text>", "why, kept on the timeline")
    .option("--user <email>", "who closes (default: the first administrator)")
    .option("--json", "print the case as JSON (the answer of POST /api/cases/{id}/status)")
    .action(async (caseId: string, options: ChangeOptions & { outcome: string; reason?: string }) => {
      const asked = askedLanguage(options.language);
      const outcome = oneOf("--outcome", options.outcome, CASE_OUTCOMES, words(asked));
      const input = statusInput({ status: "closed", outcome, reason: options.reason });
      const { view, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => ({
        view: await changeCaseStatus({ db }, cliReviewActor(user), caseId, input),
        shown,
      }));
      const c = shown.t.cases;
      printChanged(view, shown, options.json, (v) => c.closed(v.title, v.outcome ? c.outcomes[v.outcome] : "-"));
    });

  withLanguageOption(cases.command("reopen"))
    .description("Reopen a closed case, saying why: it is due again, counted from now")
    .argument("<case-id>", "the case's id")
    .requiredOption("--reason <text>", "why the case is opened again, kept on the timeline")
    .option("--status <status>", "open or investigating", "open")
    .option("--user <email>", "who reopens (default: the first administrator)")
    .option("--json", "print the case as JSON (the answer of POST /api/cases/{id}/status)")
    .action(async (caseId: string, options: ChangeOptions & { reason: string; status: string }) => {
      const asked = askedLanguage(options.language);
      const status = oneOf("--status", options.status, ["open", "investigating"] as const, words(asked));
      const input = statusInput({ status: status!, reason: options.reason });
      const { view, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => ({
        view: await changeCaseStatus({ db }, cliReviewActor(user), caseId, input),
        shown,
      }));
      const c = shown.t.cases;
      printChanged(view, shown, options.json, (v) => c.reopened(v.title, c.statuses[v.status]));
    });
}
