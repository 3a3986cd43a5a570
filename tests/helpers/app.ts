import type { Db } from "../../data/db.ts";
import type { UserRole } from "../../lib/auth/schemas.ts";
import { createUser as createAccount } from "../../lib/auth/users.ts";
import { type AppConfig, loadConfig } from "../../lib/config.ts";
import { type RunningServer, startServer } from "../../server/start.ts";
import { HttpClient } from "../../support/http-client.ts";
import { balanceOf, setCredits } from "./credits.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { noteStart } from "./starts.ts";

export interface TestApp {
  url: string;
  db: Db;
  server: RunningServer;
  testDatabase: TestDatabase;
  config: AppConfig;
  /** Environment for a CLI process on the same database. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts the real server (HTTP on a random loopback port) on a fresh database. */
export async function startApp(options: { env?: Record<string, string> } = {}): Promise<TestApp> {
  noteStart("app");
  const testDatabase = await createTestDatabase();
  const env = {
    DUECHECK_ADMIN_EMAIL: "admin@test.local",
    DUECHECK_ADMIN_PASSWORD: "Admin-password-1",
    ...testDatabase.env,
    PORT: "0",
    ...options.env,
  };
  let config: AppConfig;
  let server: RunningServer;
  try {
    config = loadConfig(env);
    server = await startServer(config);
  } catch (error) {
    await testDatabase.drop();
    throw error;
  }
  return {
    url: server.url,
    db: server.database.db,
    server,
    testDatabase,
    config,
    env: { ...testDatabase.env },
    async stop() {
      await server.stop();
      await testDatabase.drop();
    },
  };
}

export interface TestUserInput {
  email: string;
  password: string;
  fullName?: string;
  role?: UserRole;
  credits?: number;
}

/**
 * Creates an account directly (with the welcome credits), then sets the credits if asked. The answer carries the
 * balance of the user's organisation as `credits` (the balance the user spends from).
 */
export async function createUser(db: Db, input: TestUserInput) {
  const user = await createAccount(db, {
    email: input.email,
    password: input.password,
    fullName: input.fullName ?? "Test User",
    phoneNumber: "0123456789",
    company: "Acme Compliance",
    position: "Analyst",
    role: input.role,
  });
  if (input.credits !== undefined) {
    await setCredits(db, user.id, input.credits);
    return { ...user, credits: input.credits };
  }
  return { ...user, credits: await balanceOf(db, user.id) };
}

/** A new user (as createUser makes one) and a client signed in as them. */
export async function signedIn(app: Pick<TestApp, "url" | "db">, input: TestUserInput): Promise<HttpClient> {
  await createUser(app.db, input);
  const http = new HttpClient(app.url);
  await http.signIn(input.email, input.password);
  return http;
}
