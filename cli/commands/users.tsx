import type { Command } from "commander";
import { asc } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { recordAudit } from "../../lib/audit/record.ts";
import { registerSchema } from "../../lib/auth/schemas.ts";
import { createUser, toPublicUser } from "../../lib/auth/users.ts";
import { withDatabase } from "../database.ts";
import { Table } from "../ui/table.tsx";
import { printJson, printView } from "../ui/render.tsx";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";

const cliUserSchema = registerSchema.pick({ email: true, password: true, fullName: true });

export function registerUsers(program: Command) {
  const users = program.command("users").description("Manage user accounts");

  withLanguageOption(users.command("create"))
    .description("Create an account (it gets the initial credits of the system settings)")
    .requiredOption("--email <email>", "sign-in email")
    .requiredOption("--password <password>", "password, at least 8 characters")
    .requiredOption("--name <name>", "full name")
    .option("--admin", "give the admin role")
    .option("--json", "print the new user as JSON")
    .action(async (options: { email: string; password: string; name: string; admin?: boolean; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const parsed = cliUserSchema.safeParse({ email: options.email, password: options.password, fullName: options.name });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const user = await withDatabase(async ({ db }) => {
        const created = await createUser(db, { ...parsed.data, role: options.admin ? "admin" : "user" });
        await recordAudit(db, { action: "user.created", actorKind: "cli", targetType: "user", targetId: created.id });
        return created;
      });
      if (options.json) printJson(toPublicUser(user));
      else {
        const { t } = words(asked, user);
        console.log(t.users.created(t.users.roles[user.role], user.email, user.credits));
      }
    });

  withLanguageOption(users.command("list"), "language of the output: en, de, es or fr (default en)")
    .description("List all accounts")
    .option("--json", "print as JSON")
    .action(async (options: { json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const rows = await withDatabase(({ db }) => db.select().from(schema.users).orderBy(asc(schema.users.createdAt)));
      if (options.json) return printJson(rows.map(toPublicUser));
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
}
