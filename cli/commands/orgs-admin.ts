import type { Command } from "commander";
import { findUserByEmail } from "../../lib/auth/users.ts";
import { loadConfig, localLinkBaseUrl } from "../../lib/config.ts";
import { mailerFor } from "../../lib/mail/mailer.ts";
import type { OrganisationActor } from "../../lib/organisations/actor.ts";
import { addOrganisationCredits } from "../../lib/organisations/admin.ts";
import { createOrganisationSchema, moveUserSchema, organisationCreditsSchema } from "../../lib/organisations/admin-contract.ts";
import { createOrganisation } from "../../lib/organisations/create.ts";
import { moveUser } from "../../lib/organisations/move-user.ts";
import { showOrganisation } from "../../lib/organisations/organisation.ts";
import { suspendOrganisation, unsuspendOrganisation } from "../../lib/organisations/suspend.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { printJson } from "../ui/render.tsx";

/** The operator acts as the instance's administrator (lib/organisations audits it as the CLI). */
const OPERATOR: OrganisationActor = { kind: "cli", id: null };

/** The first message of a failed zod parse, as every command of the CLI reports it. */
function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) failWith(result.error.issues[0].message);
  return result.data;
}

/** `duecheck orgs create|add-credits|suspend|unsuspend|move-user`: the instance administrator's part of `orgs`. */
export function registerOrgsAdmin(orgs: Command) {
  withLanguageOption(orgs.command("create"))
    .description("Create an organisation with its owner: an existing account moves in, an unknown email is invited (the link printed without SMTP)")
    .requiredOption("--name <name>", "the organisation's name")
    .requiredOption("--owner <email>", "the owner's email")
    .option("--owner-name <name>", "the owner's full name, needed when the email has no account yet")
    .option("--json", "print the organisation, the owner and (without SMTP, for a new owner) invitationLink as JSON")
    .action(async (options: { name: string; owner: string; ownerName?: string; json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const input = parsed(createOrganisationSchema.safeParse({ name: options.name, ownerEmail: options.owner, ownerName: options.ownerName }));
      const created = await withDatabase(({ db }) => createOrganisation({ db, baseUrl: localLinkBaseUrl(), mailer: mailerFor(loadConfig()) }, OPERATOR, input));
      if (options.json) return printJson(created);
      const a = t.organisations.admin;
      console.error(a.created(created.organisation.name, created.organisation.id));
      if (created.owner.moved) return console.error(a.ownerMoved(created.owner.email));
      console.error(a.ownerInvited(created.owner.email));
      if (!created.invitationLink) return console.error(t.organisations.invitationMailed(created.owner.email));
      // The link alone on stdout, so a script can take it; the note for the reader on stderr.
      console.log(created.invitationLink);
      console.error(t.organisations.linkOnce);
    });

  withLanguageOption(orgs.command("add-credits"))
    .description("Add credits to an organisation's pool (an admin_credit entry in the ledger; audited)")
    .argument("<orgId>", "the organisation's id")
    .argument("<amount>", "whole number of credits, more than 0")
    .option("--reason <text>", "description stored with the ledger entry")
    .option("--json", "print the new balance and the organisation as JSON")
    .action(async (orgId: string, amountText: string, options: { reason?: string; json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      if (!/^\d+$/.test(amountText)) failWith(t.organisations.admin.amountInvalid(amountText));
      const input = parsed(organisationCreditsSchema.safeParse({ amount: Number(amountText), reason: options.reason }));
      const result = await withDatabase(({ db }) => addOrganisationCredits(db, OPERATOR, orgId, input));
      if (options.json) return printJson(result);
      console.log(t.organisations.admin.creditsAdded(input.amount, result.organisation.name, result.balance));
    });

  for (const suspend of [true, false]) {
    withLanguageOption(orgs.command(suspend ? "suspend" : "unsuspend"))
      .description(
        suspend
          ? "Suspend an organisation: its members cannot sign in, their sessions end, their API keys and embed tokens are refused; nothing is deleted"
          : "Lift an organisation's suspension: its members sign in again",
      )
      .argument("<orgId>", "the organisation's id")
      .option("--json", "print the organisation as JSON")
      .action(async (orgId: string, options: { json?: boolean; language?: string }) => {
        const { t } = words(askedLanguage(options.language));
        const organisation = await withDatabase(({ db }) => (suspend ? suspendOrganisation : unsuspendOrganisation)(db, OPERATOR, orgId));
        if (options.json) return printJson(organisation);
        console.log((suspend ? t.organisations.admin.suspended : t.organisations.admin.unsuspended)(organisation.name));
      });
  }

  withLanguageOption(orgs.command("move-user"))
    .description("Move a user into another organisation with a role; their records stay with the old one, which keeps an owner")
    .argument("<email>", "the user's email")
    .argument("<orgId>", "the organisation's id")
    .requiredOption("--role <role>", "owner, admin, analyst, reviewer or auditor")
    .option("--json", "print where the user was and is now as JSON")
    .action(async (email: string, orgId: string, options: { role: string; json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const input = parsed(moveUserSchema.safeParse({ organisationId: orgId, role: options.role }));
      const { moved, organisation } = await withDatabase(async ({ db }) => {
        const user = await findUserByEmail(db, email);
        if (!user) failWith(t.organisations.noUser(email));
        const moved = await moveUser(db, OPERATOR, user.id, input);
        return { moved, organisation: await showOrganisation(db, OPERATOR, orgId) };
      });
      if (options.json) return printJson(moved);
      console.log(t.organisations.admin.moved(moved.email, organisation.name, t.organisations.roles[moved.to.role]));
    });
}
