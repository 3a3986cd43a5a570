import type { Command } from "commander";
import type { Db } from "../../data/db.ts";
import { findUserByEmail } from "../../lib/auth/users.ts";
import { loadConfig, localLinkBaseUrl } from "../../lib/config.ts";
import { mailerFor } from "../../lib/mail/mailer.ts";
import type { OrganisationActor } from "../../lib/organisations/actor.ts";
import {
  changeMemberRoleSchema,
  inviteMemberSchema,
  memberCapSchema,
  type OrganisationMemberView,
  organisationSettingsSchema,
} from "../../lib/organisations/contract.ts";
import { inviteMember } from "../../lib/organisations/invite.ts";
import { changeMemberRole, setMemberCap } from "../../lib/organisations/manage.ts";
import { listMembers } from "../../lib/organisations/members.ts";
import { listOrganisations, showOrganisation } from "../../lib/organisations/organisation.ts";
import { changeOrganisationSettings } from "../../lib/organisations/settings.ts";
import { type Cursor, decodeCursor, MAX_PAGE_SIZE } from "../../lib/paging.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { minute } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { registerOrgsAdmin } from "./orgs-admin.ts";

interface SettingsOptions {
  language?: string;
  json?: boolean;
  membersSeeTeam?: string;
  fourEyes?: string;
  require2fa?: string;
  retentionYears?: string;
  country?: string;
}

/** The operator acts as the instance's administrator: lib/organisations lets them act on every organisation. */
const OPERATOR: OrganisationActor = { kind: "cli", id: null };

const day = (iso: string | null) => iso?.slice(0, 10) ?? "-";

/** Every member of an organisation, page after page. */
async function allMembers(db: Db, organisationId: string) {
  const members: OrganisationMemberView[] = [];
  let cursor: Cursor | undefined;
  for (;;) {
    const page = await listMembers(db, OPERATOR, { organisationId, limit: MAX_PAGE_SIZE, cursor });
    members.push(...page.items);
    if (!page.nextCursor) return members;
    cursor = decodeCursor(page.nextCursor);
  }
}

export function registerOrgs(program: Command) {
  const orgs = program.command("orgs").description("Organisations: the teams users work in, their members and roles (every organisation; audited as the CLI)");

  withLanguageOption(orgs.command("list"), "language of the output: en, de, es or fr (default en)")
    .description("Every organisation: id, name, members, created")
    .option("--json", "print as JSON")
    .action(async (options: { json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const list = await withDatabase(({ db }) => listOrganisations(db, OPERATOR));
      if (options.json) return printJson(list.map(({ id, name, members, createdAt }) => ({ id, name, members, createdAt })));
      printView(
        <Table
          rows={list}
          empty={t.organisations.none}
          columns={[
            { header: t.organisations.columns.name, value: (o) => o.name, shrinkTo: 20 },
            { header: t.organisations.columns.members, value: (o) => String(o.members) },
            { header: t.organisations.columns.status, value: (o) => (o.suspendedAt ? t.organisations.suspended : t.organisations.active) },
            { header: t.organisations.columns.created, value: (o) => day(o.createdAt) },
            { header: t.organisations.columns.id, value: (o) => o.id },
          ]}
        />,
      );
    });

  withLanguageOption(orgs.command("show"), "language of the output: en, de, es or fr (default en)")
    .description("One organisation: name, members, created, suspended")
    .argument("<id>", "the organisation's id")
    .option("--json", "print as JSON")
    .action(async (id: string, options: { json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const organisation = await withDatabase(({ db }) => showOrganisation(db, OPERATOR, id));
      if (options.json) return printJson(organisation);
      const c = t.organisations.columns;
      const rows: [string, string][] = [
        [c.id, organisation.id],
        [c.name, organisation.name],
        [c.members, String(organisation.members)],
        [c.created, day(organisation.createdAt)],
        [c.status, organisation.suspendedAt ? `${t.organisations.suspended} ${day(organisation.suspendedAt)}` : t.organisations.active],
      ];
      const width = Math.max(...rows.map(([label]) => label.length));
      for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
    });

  withLanguageOption(orgs.command("members"), "language of the output: en, de, es or fr (default en)")
    .description("An organisation's members: email, name, role, last sign-in, 2FA, invitation pending")
    .argument("<id>", "the organisation's id")
    .option("--json", "print as JSON (the items of GET /api/organisation/members)")
    .action(async (id: string, options: { json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const members = await withDatabase(({ db }) => allMembers(db, id));
      if (options.json) return printJson(members);
      const o = t.organisations;
      printView(
        <Table
          rows={members}
          empty={o.noMembers}
          columns={[
            { header: o.columns.email, value: (m) => m.email, shrinkTo: 20 },
            { header: o.columns.name, value: (m) => m.fullName, shrinkTo: 16 },
            { header: o.columns.role, value: (m) => o.roles[m.role] },
            { header: o.columns.status, value: (m) => (m.invitationPending ? o.invited : o.active) },
            { header: o.columns.twoFactor, value: (m) => (m.twoFactorEnabled ? o.on : o.off) },
            { header: o.columns.lastLogin, value: (m) => (m.lastLoginAt ? minute(m.lastLoginAt) : o.never) },
          ]}
        />,
      );
    });

  withLanguageOption(orgs.command("invite"))
    .description("Invite a colleague into an organisation: mailed with SMTP, else the one-time link is printed (7 days)")
    .argument("<orgId>", "the organisation's id")
    .requiredOption("--email <email>", "the colleague's email")
    .requiredOption("--name <name>", "the colleague's full name")
    .requiredOption("--role <role>", "owner, admin, analyst, reviewer or auditor")
    .option("--json", "print the member as JSON (with invitationLink when there is no SMTP)")
    .action(async (orgId: string, options: { email: string; name: string; role: string; json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const parsed = inviteMemberSchema.safeParse({ email: options.email, fullName: options.name, role: options.role });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const { invited, organisation } = await withDatabase(async ({ db }) => {
        const organisation = await showOrganisation(db, OPERATOR, orgId);
        const deps = { db, baseUrl: localLinkBaseUrl(), mailer: mailerFor(loadConfig()) };
        return { invited: await inviteMember(deps, OPERATOR, parsed.data, { organisationId: orgId }), organisation };
      });
      if (options.json) return printJson(invited);
      console.error(t.organisations.invitedMember(invited.email, t.organisations.roles[invited.role], organisation.name));
      if (!invited.invitationLink) return console.error(t.organisations.invitationMailed(invited.email));
      // The link alone on stdout, so a script can take it; the note for the reader on stderr.
      console.log(invited.invitationLink);
      console.error(t.organisations.linkOnce);
    });

  withLanguageOption(orgs.command("set-role"))
    .description("Give a member another role in their organisation; the last owner keeps the role")
    .argument("<orgId>", "the organisation's id")
    .argument("<email>", "the member's email")
    .argument("<role>", "owner, admin, analyst, reviewer or auditor")
    .action(async (orgId: string, email: string, role: string, options: { language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const parsed = changeMemberRoleSchema.safeParse({ role });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const member = await withDatabase(async ({ db }) => {
        const user = await findUserByEmail(db, email);
        if (!user) failWith(t.organisations.noUser(email));
        return changeMemberRole(db, OPERATOR, user.id, parsed.data.role, { organisationId: orgId });
      });
      console.log(t.organisations.roleSet(member.email, t.organisations.roles[member.role]));
    });

  withLanguageOption(orgs.command("set-cap"))
    .description("Set a member's monthly spending cap in credits, or 'none' to lift it")
    .argument("<orgId>", "the organisation's id")
    .argument("<email>", "the member's email")
    .argument("<credits>", "credits a calendar month (UTC), or none")
    .option("--json", "print the member as JSON")
    .action(async (orgId: string, email: string, credits: string, options: { language?: string; json?: boolean }) => {
      const { t } = words(askedLanguage(options.language));
      const value = credits === "none" ? null : /^\d+$/.test(credits) ? Number(credits) : Number.NaN;
      const parsed = memberCapSchema.safeParse({ monthlyCreditCap: value });
      if (!parsed.success) failWith(t.organisations.capInvalid(credits));
      const member = await withDatabase(async ({ db }) => {
        const user = await findUserByEmail(db, email);
        if (!user) failWith(t.organisations.noUser(email));
        return setMemberCap(db, OPERATOR, user.id, parsed.data.monthlyCreditCap, { organisationId: orgId });
      });
      if (options.json) return printJson(member);
      console.log(member.monthlyCreditCap === null ? t.organisations.capLifted(member.email) : t.organisations.capSet(member.email, member.monthlyCreditCap));
    });

  withLanguageOption(orgs.command("settings"))
    .description("Show or change an organisation's team settings")
    .argument("<orgId>", "the organisation's id")
    .option("--members-see-team <on|off>", "whether analysts see their colleagues' screenings")
    .option("--four-eyes <on|off|instance>", "whether decisions wait for a reviewer's approval (instance: as the instance's setting)")
    .option("--require-2fa <on|off|instance>", "whether members must use two-factor authentication (never off while the instance requires it)")
    .option("--retention-years <n|instance>", "years the organisation's screenings are kept (at least the instance's retentionYears)")
    .option("--country <code|none>", "the organisation's country (ISO 3166-1 alpha-2): a PEP whose post is elsewhere is foreign")
    .option("--json", "print the settings as JSON")
    .action(async (orgId: string, options: SettingsOptions) => {
      const { t } = words(askedLanguage(options.language));
      const onOff = (option: string, value: string | undefined, extra: Record<string, null> = {}) => {
        if (value === undefined) return undefined;
        const choices: Record<string, boolean | null> = { on: true, off: false, ...extra };
        if (!(value in choices)) failWith(t.organisations.settingInvalid(option, value, Object.keys(choices).join(", ")));
        return choices[value];
      };
      const years = (value: string | undefined) => {
        if (value === undefined || value === "instance") return value === undefined ? undefined : null;
        if (!/^\d{1,3}$/.test(value)) failWith(t.organisations.settingInvalid("--retention-years", value, "a whole number of years, instance"));
        return Number(value);
      };
      const parsed = organisationSettingsSchema.safeParse({
        membersSeeTeam: onOff("--members-see-team", options.membersSeeTeam) ?? undefined,
        fourEyes: onOff("--four-eyes", options.fourEyes, { instance: null }),
        requireTwoFactor: onOff("--require-2fa", options.require2fa, { instance: null }),
        retentionYears: years(options.retentionYears),
        country: options.country === undefined ? undefined : options.country === "none" ? null : options.country,
      });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const request = parsed.data;
      const settings = await withDatabase(({ db }) => changeOrganisationSettings(db, OPERATOR, request, { organisationId: orgId }));
      if (options.json) return printJson(settings);
      const word = (value: boolean | null) => (value === null ? t.organisations.instance : value ? t.organisations.on : t.organisations.off);
      const kept = settings.retentionYears === null ? t.organisations.instance : t.organisations.years(settings.retentionYears);
      console.log(
        t.organisations.settings(word(settings.membersSeeTeam), word(settings.fourEyes), word(settings.requireTwoFactor), kept, settings.country ?? "-"),
      );
    });

  registerOrgsAdmin(orgs);
}
