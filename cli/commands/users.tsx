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

const cliUserSchema = registerSchema.pick({ email: true, password: true, fullName: true });

export function registerUsers(program: Command) {
  const users = program.command("users").description("Manage user accounts");

  users
    .command("create")
    .description("Create an account (it gets the initial credits of the system settings)")
    .requiredOption("--email <email>", "sign-in email")
    .requiredOption("--password <password>", "password, at least 8 characters")
    .requiredOption("--name <name>", "full name")
    .option("--admin", "give the admin role")
    .option("--json", "print the new user as JSON")
    .action(async (options: { email: string; password: string; name: string; admin?: boolean; json?: boolean }) => {
      const parsed = cliUserSchema.safeParse({ email: options.email, password: options.password, fullName: options.name });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const user = await withDatabase(async ({ db }) => {
        const created = await createUser(db, { ...parsed.data, role: options.admin ? "admin" : "user" });
        await recordAudit(db, { action: "user.created", actorKind: "cli", targetType: "user", targetId: created.id });
        return created;
      });
      if (options.json) printJson(toPublicUser(user));
      else console.log(`Created ${user.role} ${user.email} with ${user.credits} credits.`);
    });

  users
    .command("list")
    .description("List all accounts")
    .option("--json", "print as JSON")
    .action(async (options: { json?: boolean }) => {
      const rows = await withDatabase(({ db }) => db.select().from(schema.users).orderBy(asc(schema.users.createdAt)));
      if (options.json) return printJson(rows.map(toPublicUser));
      printView(
        <Table
          rows={rows}
          empty="No users."
          columns={[
            { header: "EMAIL", value: (u) => u.email },
            { header: "NAME", value: (u) => u.fullName },
            { header: "ROLE", value: (u) => u.role },
            { header: "CREDITS", value: (u) => (u.role === "admin" ? "unlimited" : String(u.credits)) },
            { header: "STATUS", value: (u) => (u.isActive ? "active" : "inactive") },
            { header: "2FA", value: (u) => (u.twoFactorEnabled ? "on" : "off") },
            { header: "LAST LOGIN", value: (u) => u.lastLogin?.toISOString().slice(0, 16).replace("T", " ") ?? "never" },
          ]}
        />,
      );
    });
}
