import type { Command } from "commander";
import { asc, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { adminResetLink, adminResetTwoFactor } from "../../lib/admin/account-recovery.ts";
import { adminUserUpdateSchema } from "../../lib/admin/schemas.ts";
import { type AdminActor, adminUserViewOf, setUserActive, updateAdminUser } from "../../lib/admin/users.ts";
import { registerSchema } from "../../lib/auth/schemas.ts";
import { createUserAs, publicUserOf } from "../../lib/auth/users.ts";
import { localLinkBaseUrl } from "../../lib/config.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { cliUser } from "../user.ts";

const cliUserSchema = registerSchema.pick({ email: true, password: true, fullName: true }).extend({ company: registerSchema.shape.company.optional() });

export function registerUsers(program: Command) {
  const users = program.command("users").description("Manage user accounts");

  withLanguageOption(users.command("create"))
    .description("Create an account (it gets the initial credits of the system settings)")
    .requiredOption("--email <email>", "sign-in email")
    .requiredOption("--password <password>", "password, at least 8 characters")
    .requiredOption("--name <name>", "full name")
    .option("--company <company>", "the user's company (optional)")
    .option("--admin", "give the admin role")
    .option("--json", "print the new user as JSON")
    .action(async (options: { email: string; password: string; name: string; company?: string; admin?: boolean; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const parsed = cliUserSchema.safeParse({ email: options.email, password: options.password, fullName: options.name, company: options.company });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const { user, view } = await withDatabase(async ({ db }) => {
        const user = await createUserAs(db, CLI, { ...parsed.data, role: options.admin ? "admin" : "user" });
        return { user, view: await publicUserOf(db, user) };
      });
      if (options.json) printJson(view);
      else {
        const { t } = words(asked, user);
        console.log(t.users.created(t.users.roles[user.role], user.email, view.credits));
      }
    });

  withLanguageOption(users.command("list"), "language of the output: en, de, es or fr (default en)")
    .description("List all accounts")
    .option("--json", "print as JSON")
    .action(async (options: { json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const { rows, views } = await withDatabase(async ({ db }) => {
        // Each account with its organisation's balance: credits belong to the organisation (the column says so).
        const rows = await db
          .select({ user: schema.users, credits: schema.organisations.credits })
          .from(schema.users)
          .innerJoin(schema.organisations, eq(schema.organisations.id, schema.users.organisationId))
          .orderBy(asc(schema.users.createdAt));
        return {
          rows: rows.map(({ user, credits }) => ({ ...user, credits })),
          views: options.json ? await Promise.all(rows.map((row) => publicUserOf(db, row.user))) : [],
        };
      });
      if (options.json) return printJson(views);
      printView(
        <Table
          rows={rows}
          empty={t.users.none}
          columns={[
            { header: t.users.columns.email, value: (u) => u.email },
            { header: t.users.columns.name, value: (u) => u.fullName },
            { header: t.users.columns.role, value: (u) => t.users.roles[u.role] },
            { header: t.users.columns.credits, value: (u) => (u.role === "admin" ? t.users.unlimited : String(u.credits)) },
            { header: t.users.columns.status, value: (u) => (u.isActive ? t.users.active : t.users.inactive) },
            { header: t.users.columns.twoFactor, value: (u) => (u.twoFactorEnabled ? t.users.on : t.users.off) },
            { header: t.users.columns.lastLogin, value: (u) => u.lastLogin?.toISOString().slice(0, 16).replace("T", " ") ?? t.users.never },
          ]}
        />,
      );
    });

  registerUserAdministration(users);
}

const CLI: AdminActor = { kind: "cli" };

/** users show|edit|activate|deactivate|set-role: the admin screen's user actions, as the system (audited, actor "cli"). */
function registerUserAdministration(users: Command) {
  withLanguageOption(users.command("show"))
    .description("One account: profile, role, credits, status, 2FA, last sign-in")
    .argument("<email>", "the account's email")
    .option("--json", "print as JSON (the shape of an item of GET /api/admin/users)")
    .action(async (email: string, options: { json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const { user, view } = await withDatabase(async ({ db }) => {
        const user = await cliUser(db, email, words(asked));
        return { user, view: await adminUserViewOf(db, user) };
      });
      if (options.json) return printJson(view);
      const { t } = words(asked, user);
      const rows: [string, string][] = [
        [t.users.columns.email, view.email],
        [t.users.columns.name, view.fullName],
        [t.admin.fields.company, view.company ?? "-"],
        [t.admin.fields.position, view.position ?? "-"],
        [t.users.columns.role, t.users.roles[view.role]],
        [t.users.columns.credits, view.role === "admin" ? t.users.unlimited : String(view.credits)],
        [t.users.columns.status, view.isActive ? t.users.active : t.users.inactive],
        [t.users.columns.twoFactor, view.twoFactorEnabled ? t.users.on : t.users.off],
        [t.users.columns.lastLogin, view.lastLogin?.slice(0, 16).replace("T", " ") ?? t.users.never],
        [t.admin.fields.createdAt, view.createdAt.slice(0, 16).replace("T", " ")],
      ];
      const width = Math.max(...rows.map(([label]) => label.length));
      for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
    });

  withLanguageOption(users.command("edit"))
    .description("Change an account's name, company or position")
    .argument("<email>", "the account's email")
    .option("--name <name>", "full name")
    .option("--company <company>", "company")
    .option("--position <position>", "position")
    .action(async (email: string, options: { name?: string; company?: string; position?: string; language?: string }) => {
      const asked = askedLanguage(options.language);
      if (options.name === undefined && options.company === undefined && options.position === undefined) failWith(words(asked).t.admin.nothingToEdit);
      const user = await withDatabase(async ({ db }) => {
        const found = await cliUser(db, email, words(asked));
        const input = adminUserUpdateSchema.partial().safeParse({ fullName: options.name, company: options.company, position: options.position });
        if (!input.success) failWith(input.error.issues[0].message);
        await updateAdminUser(db, CLI, found.id, input.data);
        return found;
      });
      console.log(words(asked, user).t.admin.userUpdated(user.email));
    });

  for (const active of [true, false]) {
    withLanguageOption(users.command(active ? "activate" : "deactivate"))
      .description(active ? "Let an account sign in again" : "Stop an account: its sessions end and its API keys stop working at once")
      .argument("<email>", "the account's email")
      .action(async (email: string, options: { language?: string }) => {
        const asked = askedLanguage(options.language);
        const user = await withDatabase(async ({ db }) => {
          const found = await cliUser(db, email, words(asked));
          await setUserActive(db, CLI, found.id, active);
          return found;
        });
        const { t } = words(asked, user);
        console.log(active ? t.admin.activated(user.email) : t.admin.deactivated(user.email));
      });
  }

  withLanguageOption(users.command("set-role"))
    .description("Give an account a role: user, reviewer, admin or auditor (read-only); the last active admin keeps the role")
    .argument("<email>", "the account's email")
    .argument("<role>", "user, reviewer, admin or auditor")
    .action(async (email: string, role: string, options: { language?: string }) => {
      const asked = askedLanguage(options.language);
      const parsed = adminUserUpdateSchema.shape.role.safeParse(role);
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const user = await withDatabase(async ({ db }) => {
        const found = await cliUser(db, email, words(asked));
        await updateAdminUser(db, CLI, found.id, { role: parsed.data });
        return found;
      });
      const { t }: Pick<Words, "t"> = words(asked, user);
      console.log(t.admin.roleSet(user.email, t.users.roles[parsed.data]));
    });

  withLanguageOption(users.command("reset-link"))
    .description("Print a one-time password reset link (24 hours; DUECHECK_PUBLIC_URL, else http://127.0.0.1:$PORT); using it ends the user's sessions")
    .argument("<email>", "the account's email")
    .action(async (email: string, options: { language?: string }) => {
      const asked = askedLanguage(options.language);
      const { user, link } = await withDatabase(async ({ db }) => {
        const found = await cliUser(db, email, words(asked));
        return { user: found, link: await adminResetLink(db, CLI, found.id, localLinkBaseUrl()) };
      });
      // The link alone on stdout, so a script can take it; the note for the reader on stderr.
      console.log(link.link);
      console.error(words(asked, user).t.admin.resetLinkNote(user.email, `${link.expiresAt.slice(0, 16).replace("T", " ")} UTC`));
    });

  withLanguageOption(users.command("reset-2fa"))
    .description("Turn an account's two-factor authentication off (a lost phone): secret, recovery codes and remembered browsers go; audited")
    .argument("<email>", "the account's email")
    .action(async (email: string, options: { language?: string }) => {
      const asked = askedLanguage(options.language);
      const user = await withDatabase(async ({ db }) => {
        const found = await cliUser(db, email, words(asked));
        await adminResetTwoFactor(db, CLI, found.id);
        return found;
      });
      console.log(words(asked, user).t.admin.twoFactorReset(user.email));
    });
}
