import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { cliOperator } from "../../lib/audit/record.ts";
import { HttpClient } from "../../support/http-client.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { auditEntries, userIdOf } from "../helpers/audit.ts";
import { runCli } from "../helpers/cli.ts";
import { balanceOfEmail } from "../helpers/credits.ts";

// The CLI works on the database of a running server: on PGlite through the server's socket.
let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.stop());

describe("duecheck CLI on the server's database", () => {
  test("users create makes an account the web app can sign in with", async () => {
    const res = await runCli(["users", "create", "--email", "Cli.User@Example.com", "--password", "cli-password", "--name", "Cli User"], app.env);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("Created user cli.user@example.com with 25 credits.");
    const user = await new HttpClient(app.url).signIn("cli.user@example.com", "cli-password");
    expect(user.fullName).toBe("Cli User");
    expect(await auditEntries(app.db, "user.created")).toEqual([
      {
        action: "user.created",
        actorKind: "cli",
        actorUserId: null,
        ipAddress: null,
        targetType: "user",
        targetId: await userIdOf(app.db, "cli.user@example.com"),
        details: cliOperator(),
      },
    ]);
  });

  test("users create --admin --json gives an admin and prints JSON", async () => {
    const res = await runCli(["users", "create", "--email", "ops@example.com", "--password", "ops-password", "--name", "Ops", "--admin", "--json"], app.env);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ email: "ops@example.com", role: "admin" });
  });

  test("users create refuses bad input and duplicates with a clear message and exit code 1", async () => {
    const short = await runCli(["users", "create", "--email", "x@example.com", "--password", "short", "--name", "X"], app.env);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("Password must be at least 8 characters");
    const dup = await runCli(["users", "create", "--email", "ops@example.com", "--password", "ops-password", "--name", "Ops"], app.env);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain("An account with this email already exists");
    const missing = await runCli(["users", "create", "--email", "y@example.com"], app.env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("required option");
  });

  test("users list shows every account, as a table and as JSON", async () => {
    const table = await runCli(["users", "list"], app.env);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/EMAIL\s+NAME\s+ROLE\s+ORG CREDITS/);
    expect(table.stdout).toMatch(/admin@test\.local\s+Administrator\s+admin\s+unlimited/);
    const json = JSON.parse((await runCli(["users", "list", "--json"], app.env)).stdout);
    expect(json.map((u: { email: string }) => u.email)).toContain("cli.user@example.com");
    expect(json[0].password).toBeUndefined();
  });

  test("credits add records an admin_credit in the ledger with the note", async () => {
    const res = await runCli(["credits", "add", "cli.user@example.com", "100", "--note", "Invoice 42", "--json"], app.env);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ email: "cli.user@example.com", added: 100, balance: 125 });
    const [user] = await app.db.select().from(schema.users).where(eq(schema.users.email, "cli.user@example.com"));
    const rows = await app.db.select().from(schema.creditTransactions).where(eq(schema.creditTransactions.userId, user.id));
    expect(rows.find((r) => r.type === "admin_credit")).toMatchObject({ amount: 100, balance: 125, description: "Invoice 42" });
    expect(await auditEntries(app.db, "credits.admin_credit")).toEqual([
      {
        action: "credits.admin_credit",
        actorKind: "cli",
        actorUserId: null,
        ipAddress: null,
        targetType: "user",
        targetId: user.id,
        details: { amount: 100, note: "Invoice 42", ...cliOperator() },
      },
    ]);
  });

  test("credits add refuses a bad amount or an unknown email and changes nothing", async () => {
    for (const amount of ["0", "-5", "1.5", "ten"]) {
      const res = await runCli(["credits", "add", "cli.user@example.com", amount], app.env);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain("Amount must be a whole number greater than 0");
    }
    const unknown = await runCli(["credits", "add", "ghost@example.com", "5"], app.env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No user with email ghost@example.com");
    expect(await balanceOfEmail(app.db, "cli.user@example.com")).toBe(125);
  });

  test("users, credits and db print in --language; credits add defaults to the account's report language", async () => {
    const created = await runCli(
      ["users", "create", "--email", "fr.user@example.com", "--password", "fr-password", "--name", "Fr User", "--language", "fr"],
      app.env,
    );
    expect(created.stdout).toBe("Compte utilisateur fr.user@example.com créé avec 25 crédits.\n");
    const list = await runCli(["users", "list", "--language", "de"], app.env);
    expect(list.stdout).toMatch(/E-MAIL\s+NAME\s+ROLLE\s+ORG\.-CREDITS\s+STATUS\s+2FA\s+LETZTE ANMELDUNG/);
    expect(list.stdout).toMatch(/admin@test\.local\s+Administrator\s+Administrator\s+unbegrenzt\s+aktiv\s+aus/);
    expect(list.stdout).toMatch(/fr\.user@example\.com\s+Fr User\s+Benutzer\s+25\s+aktiv\s+aus\s+nie/);
    const added = await runCli(["credits", "add", "fr.user@example.com", "5", "--language", "es"], app.env);
    expect(added.stdout).toBe("Se añadieron 5 créditos a la organización de fr.user@example.com. Nuevo saldo: 30.\n");
    const bad = await runCli(["credits", "add", "fr.user@example.com", "cinq", "--language", "fr"], app.env);
    expect([bad.code, bad.stderr]).toEqual([1, "duecheck: Le montant doit être un nombre entier supérieur à 0, reçu « cinq »\n"]);

    // the account's own report language when --language is not given
    const client = new HttpClient(app.url);
    await client.signIn("fr.user@example.com", "fr-password");
    expect((await client.post("/api/auth/update-languages", { profileLanguage: "fr", reportLanguage: "fr" })).status).toBe(200);
    expect((await runCli(["credits", "add", "fr.user@example.com", "1"], app.env)).stdout).toBe(
      "1 crédit ajouté à l’organisation de fr.user@example.com. Nouveau solde : 31.\n",
    );
    expect((await runCli(["db", "migrate", "--language", "de"], app.env)).stdout).toStartWith("Migrationen angewendet: ");
  });

  test("db migrate reports the database", async () => {
    const res = await runCli(["db", "migrate", "--json"], app.env);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout).migrated).toBe(true);
  });

  test("--help describes the commands and their options", async () => {
    const help = await runCli(["--help"], {});
    expect(help.code).toBe(0);
    for (const command of ["serve", "db", "users", "credits"]) expect(help.stdout).toContain(command);
    const credits = await runCli(["credits", "add", "--help"], {});
    expect(credits.stdout).toContain("--note <text>");
  });
});
