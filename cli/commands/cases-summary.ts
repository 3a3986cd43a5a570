/**
 * `duecheck cases summary`: the reader's open and overdue cases and the team's open, overdue, unassigned and escalated
 * ones, as GET /api/cases/summary counts them: the morning's first look from a terminal.
 */
import type { Command } from "commander";
import { caseSummary } from "../../lib/cases/summary.ts";
import { askedLanguage, withLanguageOption } from "../language.ts";
import { printJson } from "../ui/render.tsx";
import { withCliUser } from "../user.ts";
import { cliReviewActor } from "./review-actor.ts";

export function registerCasesSummary(cases: Command) {
  withLanguageOption(cases.command("summary"))
    .description("Your open and overdue cases, and the team's open, overdue, unassigned and escalated ones")
    .option("--user <email>", "who reads (default: the first administrator)")
    .option("--json", "print as JSON (the shape of GET /api/cases/summary)")
    .action(async (options: { user?: string; json?: boolean; language?: string }) => {
      const { summary, shown } = await withCliUser(options.user, askedLanguage(options.language), async ({ db, user, shown }) => ({
        summary: await caseSummary(db, cliReviewActor(user)),
        shown,
      }));
      if (options.json) return printJson(summary);
      const s = shown.t.cases.summary;
      console.log(s.mine(summary.mine.open, summary.mine.overdue));
      console.log(s.team(summary.team.open, summary.team.overdue, summary.team.unassigned, summary.team.escalated));
    });
}
