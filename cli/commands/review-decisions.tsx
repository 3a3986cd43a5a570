/** `duecheck review decide | approve | reject`: a decision on a hit, and the second person's answer under four eyes. */
import type { Command } from "commander";
import type { Db } from "../../data/db.ts";
import { type ReviewActor, reviewableSearch } from "../../lib/review/access.ts";
import { approveProposalSchema, decideHitSchema, type HitDecisionView, rejectProposalSchema } from "../../lib/review/contract.ts";
import { approveProposal, decideHit, rejectProposal } from "../../lib/review/decisions.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { printJson } from "../ui/render.tsx";
import { withCliUser } from "../user.ts";
import { cliReviewActor, withWebhookQueue } from "./review-actor.ts";

interface DecideOptions {
  as: string;
  reason: string;
  text?: string;
  remember?: boolean;
  replaces?: string;
  user?: string;
  json?: boolean;
  language?: string;
}

interface Decided {
  decision: HitDecisionView;
  review: { status: string; openHits: number };
  shown: Words;
}

/** The search's review status after the change, as the actor may read it. */
async function reviewAfter(db: Db, actor: ReviewActor, searchId: string) {
  const search = await reviewableSearch(db, actor, searchId);
  return { status: search.reviewStatus, openHits: search.openHits };
}

function printOutcome({ decision, review, shown }: Decided, line: string) {
  const r = shown.t.review;
  console.log(line);
  console.log(r.statusNow(r.statuses[review.status as keyof typeof r.statuses] ?? review.status, review.openHits));
  console.log(r.decisionId(decision.id));
}

export function registerReviewDecisions(review: Command) {
  withLanguageOption(review.command("decide"))
    .description("Decide a flagged hit of a search: a true match or a false positive, with a reason (under four eyes: a proposal another reviewer approves)")
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
    .option("--user <email>", "who decides (default: the first administrator)")
    .option("--json", "print the decision as JSON (the shape of POST /api/searches/{id}/decisions)")
    .action(async (searchId: string, hitId: string, options: DecideOptions) => {
      const asked = askedLanguage(options.language);
      const early = words(asked);
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
        failWith(issue.path[0] === "decision" ? early.t.review.asInvalid(options.as) : issue.message);
      }
      const outcome: Decided = await withCliUser(options.user, asked, async ({ database, user, shown }) => {
        const actor = cliReviewActor(user);
        const decision = await withWebhookQueue(database, (queue) => decideHit({ db: database.db, queue }, actor, searchId, parsed.data));
        return { decision, review: await reviewAfter(database.db, actor, searchId), shown };
      });
      if (options.json) return printJson(outcome.decision);
      const { decision } = outcome;
      const r = outcome.shown.t.review;
      const what = [decision.hitLabel, r.decisions[decision.decision], r.reasons[decision.reason]] as const;
      const proposed = decision.state === "proposed";
      printOutcome(outcome, proposed ? r.proposed(...what, `duecheck review approve ${decision.id}`) : r.decided(...what));
      if (decision.remember && !proposed) console.log(r.remembered);
    });

  for (const answer of ["approve", "reject"] as const) {
    const command = withLanguageOption(review.command(answer))
      .description(
        answer === "approve"
          ? "Approve another reviewer's proposed decision (four eyes): it takes effect (reviewers and admins)"
          : "Reject another reviewer's proposed decision (four eyes), saying why: the hit is open again (reviewers and admins)",
      )
      .argument("<decision-id>", "the proposed decision's id");
    (answer === "approve"
      ? command.option("--comment <text>", "what the approver adds")
      : command.requiredOption("--comment <text>", "why the proposal is rejected")
    )
      .option("--user <email>", "who approves or rejects (default: the first administrator)")
      .option("--json", `print the decision as JSON (the shape of POST /api/reviews/decisions/{id}/${answer})`)
      .action(async (decisionId: string, options: { comment?: string; user?: string; json?: boolean; language?: string }) => {
        const asked = askedLanguage(options.language);
        const parsed = (answer === "approve" ? approveProposalSchema : rejectProposalSchema).safeParse({ comment: options.comment });
        if (!parsed.success) failWith(parsed.error.issues[0].message);
        const comment = parsed.data.comment;
        const outcome: Decided = await withCliUser(options.user, asked, async ({ database, user, shown }) => {
          const actor = cliReviewActor(user);
          const decision = await withWebhookQueue(database, (queue) =>
            answer === "approve"
              ? approveProposal({ db: database.db, queue }, actor, decisionId, comment)
              : rejectProposal({ db: database.db, queue }, actor, decisionId, comment!),
          );
          return { decision, review: await reviewAfter(database.db, actor, decision.searchId), shown };
        });
        if (options.json) return printJson(outcome.decision);
        const r = outcome.shown.t.review;
        const { hitLabel, decision } = outcome.decision;
        printOutcome(outcome, answer === "approve" ? r.approved(hitLabel, r.decisions[decision]) : r.rejected(hitLabel, r.decisions[decision]));
      });
  }
}
