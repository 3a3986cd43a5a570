/** `duecheck review clearances`: remembered false positives (a user's own; an administrator's: everyone's), and revoking one. */
import type { Command } from "commander";
import { decodeCursor } from "../../lib/paging.ts";
import { memberOf } from "../../lib/review/access.ts";
import { listClearances, revokeClearance } from "../../lib/review/clearances.ts";
import { clearanceFilterSchema, reasonSchema } from "../../lib/review/contract.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { minute, parseLimit } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { withCliUser } from "../user.ts";

interface ClearanceOptions {
  revoke?: string;
  reason?: string;
  all?: boolean;
  query?: string;
  limit: string;
  cursor?: string;
  user?: string;
  json?: boolean;
  language?: string;
}

export function registerReviewClearances(review: Command) {
  withLanguageOption(review.command("clearances"))
    .description(
      "Remembered clearances, newest first: a false positive kept for one subject and one listing, so later screenings show the hit as cleared; --revoke ends one",
    )
    .option("--revoke <id>", "revoke this clearance: later screenings flag the hit again (needs --reason)")
    .option("--reason <text>", "why the clearance is revoked")
    .option("--all", "revoked clearances too")
    .option("--query <text>", "only subjects or listings containing this text")
    .option("--limit <n>", "clearances per page, 1 to 100", "50")
    .option("--cursor <cursor>", "the next page after the cursor a previous page printed")
    .option("--user <email>", "whose clearances (default: the first administrator, who sees everyone's)")
    .option("--json", "print as JSON (the shape of GET /api/reviews/clearances; with --revoke, the clearance revoked)")
    .action(async (options: ClearanceOptions) => {
      const asked = askedLanguage(options.language);
      const early = words(asked);
      const { t: e } = early;
      let reason: string | undefined;
      if (options.revoke !== undefined) {
        if (options.reason === undefined) failWith(e.review.revokeNeedsReason);
        const parsed = reasonSchema.safeParse({ reason: options.reason });
        if (!parsed.success) failWith(parsed.error.issues[0].message);
        reason = parsed.data.reason;
      }
      const query = clearanceFilterSchema.shape.q.safeParse(options.query);
      if (!query.success) failWith(query.error.issues[0].message);
      const limit = parseLimit(options.limit, early);
      const cursor = options.cursor === undefined ? undefined : (decodeCursor(options.cursor) ?? failWith(e.batch.cursorInvalid(options.cursor)));
      const outcome = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const reader = { ...memberOf(user), kind: "cli" as const };
        if (options.revoke !== undefined) return { revoked: await revokeClearance(db, reader, options.revoke, reason!), shown };
        return { page: await listClearances(db, reader, { q: query.data, all: options.all, limit, cursor }), shown };
      });
      const { t, labels } = outcome.shown;
      if (outcome.revoked) {
        if (options.json) return printJson(outcome.revoked);
        return console.log(t.review.revoked(outcome.revoked.subjectName, outcome.revoked.listingName));
      }
      const page = outcome.page!;
      if (options.json) return printJson(page);
      const c = t.review.clearanceColumns;
      console.log(t.review.clearancesTitle(page.total, !!options.all));
      printView(
        <Table
          rows={page.items}
          empty={t.review.clearancesEmpty}
          columns={[
            { header: c.subject, value: (x) => `${x.subjectName} (${labels.entity[x.entityType]})` },
            { header: c.listing, value: (x) => x.listingName },
            { header: c.kind, value: (x) => t.review.kinds[x.hitKind] },
            { header: c.reason, value: (x) => t.review.reasons[x.reason] },
            { header: c.decidedBy, value: (x) => x.decidedBy ?? "-" },
            { header: c.decidedAt, value: (x) => minute(x.decidedAt) },
            { header: c.revoked, value: (x) => minute(x.revokedAt) },
            { header: c.id, value: (x) => x.id },
          ]}
        />,
      );
      if (page.nextCursor) {
        const given = `${options.user ? ` --user ${options.user}` : ""}${options.all ? " --all" : ""}${options.query ? ` --query "${options.query}"` : ""}`;
        console.log(t.review.more(`duecheck review clearances${given} --limit ${limit} --cursor ${page.nextCursor}`));
      }
    });
}
