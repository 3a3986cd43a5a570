import type { Command } from "commander";
import { loadConfig } from "../../lib/config.ts";
import { exitOnUnexpectedError } from "../../server/last-resort.ts";
import { startServer } from "../../server/start.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";

export function registerServe(program: Command) {
  withLanguageOption(program.command("serve"), "language of what this command prints: en, de, es or fr (default en)")
    .description("Start the web app and API (embedded PGlite unless DATABASE_URL is set)")
    .option("-p, --port <port>", "port to listen on (default: PORT or 3000)")
    .option("--host <host>", "address to bind (default: HOST or 127.0.0.1)")
    .action(async (options: { port?: string; host?: string; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const config = loadConfig({ ...process.env, PORT: options.port ?? process.env.PORT, HOST: options.host ?? process.env.HOST });
      const server = await startServer(config);
      console.log(t.serve.running(server.url));
      console.log(t.serve.database(server.database.description));
      if (server.firstAdmin) {
        const width = Math.max(t.serve.email.length, t.serve.password.length) + 1;
        console.log(`\n${t.serve.firstAdmin}`);
        console.log(`  ${t.serve.email.padEnd(width)}${server.firstAdmin.email}`);
        console.log(
          server.firstAdmin.password
            ? `  ${t.serve.password.padEnd(width)}${server.firstAdmin.password}   ${t.serve.passwordOnce}`
            : `  ${t.serve.password.padEnd(width)}${t.serve.passwordFromEnv}`,
        );
      } else {
        console.log(t.serve.signIn(server.url));
      }
      const shutdown = async () => {
        await server.stop();
        process.exit(0);
      };
      process.once("SIGINT", shutdown);
      process.once("SIGTERM", shutdown);
      exitOnUnexpectedError(server);
    });
}
