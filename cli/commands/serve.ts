import type { Command } from "commander";
import { loadConfig } from "../../lib/config.ts";
import { startServer } from "../../server/start.ts";

export function registerServe(program: Command) {
  program
    .command("serve")
    .description("Start the web app and API (embedded PGlite unless DATABASE_URL is set)")
    .option("-p, --port <port>", "port to listen on (default: PORT or 3000)")
    .option("--host <host>", "address to bind (default: HOST or 127.0.0.1)")
    .action(async (options: { port?: string; host?: string }) => {
      const config = loadConfig({ ...process.env, PORT: options.port ?? process.env.PORT, HOST: options.host ?? process.env.HOST });
      const server = await startServer(config);
      console.log(`duecheck is running at ${server.url}`);
      console.log(`Database: ${server.database.description}`);
      if (server.firstAdmin) {
        console.log(`\nCreated the first admin account:`);
        console.log(`  email:    ${server.firstAdmin.email}`);
        console.log(
          server.firstAdmin.password
            ? `  password: ${server.firstAdmin.password}   (shown once: write it down, then change it under Profile > Security)`
            : `  password: the value of DUECHECK_ADMIN_PASSWORD`,
        );
      } else {
        console.log(`Sign in at ${server.url}/login, or create an account at ${server.url}/register.`);
      }
      const shutdown = async () => {
        await server.stop();
        process.exit(0);
      };
      process.once("SIGINT", shutdown);
      process.once("SIGTERM", shutdown);
    });
}
