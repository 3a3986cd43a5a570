import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HttpClient } from "../../support/http-client.ts";
import { runCliProcess, startServeProcess } from "../helpers/cli.ts";
import { TEST_DB } from "../helpers/database.ts";

// These tests are about the embedded folder itself, so they run in the PGlite pass only.
const dirs: string[] = [];
function freshDataDir() {
  const dir = mkdtempSync(join(tmpdir(), "dc-embedded-"));
  const template = process.env.DUECHECK_TEST_PGLITE_TEMPLATE;
  if (template && existsSync(join(template, "pgdata"))) cpSync(join(template, "pgdata"), join(dir, "pgdata"), { recursive: true });
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(TEST_DB !== "pglite")("embedded PGlite folder", () => {
  test("first start creates an admin with a generated password, printed once and working", async () => {
    const dir = freshDataDir();
    const server = await startServeProcess({ DUECHECK_DATA_DIR: dir });
    try {
      expect(server.output).toContain("Created the first admin account");
      const password = /password: (\S+)/.exec(server.output)![1];
      const user = await new HttpClient(server.url).signIn("admin@duecheck.local", password);
      expect(user.role).toBe("admin");
    } finally {
      await server.stop();
    }
    const again = await startServeProcess({ DUECHECK_DATA_DIR: dir });
    try {
      expect(again.output).not.toContain("Created the first admin account");
    } finally {
      await again.stop();
    }
  });

  test("a second server on the same folder refuses to start with a clear message", async () => {
    const dir = freshDataDir();
    const server = await startServeProcess({ DUECHECK_DATA_DIR: dir, DUECHECK_ADMIN_PASSWORD: "Admin-password-1" });
    try {
      const second = await runCliProcess(["serve", "--port", "0"], { DUECHECK_DATA_DIR: dir });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`Another duecheck server (pid ${server.proc.pid}`);
      expect(second.stderr).toContain("already uses the embedded database");
      // The first server is unaffected.
      expect((await fetch(`${server.url}/api/auth/me`)).status).toBe(401);
    } finally {
      await server.stop();
    }
  });

  test("while the server runs, the CLI writes through its socket and the server sees it at once", async () => {
    const dir = freshDataDir();
    const server = await startServeProcess({ DUECHECK_DATA_DIR: dir, DUECHECK_ADMIN_PASSWORD: "Admin-password-1" });
    try {
      const created = await runCliProcess(["users", "create", "--email", "sock@example.com", "--password", "sock-password", "--name", "Sock"], {
        DUECHECK_DATA_DIR: dir,
      });
      expect(created.code).toBe(0);
      // Several CLI runs at once take turns on the socket: the last waits for the other two, so each may take longer
      // than one run alone on a busy machine.
      const runs = await Promise.all(
        [1, 2, 3].map((n) => runCliProcess(["credits", "add", "sock@example.com", String(n)], { DUECHECK_DATA_DIR: dir }, 150_000)),
      );
      expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
      const http = new HttpClient(server.url);
      await http.signIn("sock@example.com", "sock-password");
      expect((await http.get("/api/credits/balance")).json.balance).toBe(25 + 1 + 2 + 3);
    } finally {
      await server.stop();
    }
  }, 180_000);

  test("without a server the CLI opens the folder itself and releases it", async () => {
    const dir = freshDataDir();
    const created = await runCliProcess(["users", "create", "--email", "solo@example.com", "--password", "solo-password", "--name", "Solo"], {
      DUECHECK_DATA_DIR: dir,
    });
    expect(created.code).toBe(0);
    expect(existsSync(join(dir, "duecheck.lock"))).toBe(false);
    const server = await startServeProcess({ DUECHECK_DATA_DIR: dir });
    try {
      // The folder already had a user, so no first admin is created.
      expect(server.output).not.toContain("Created the first admin account");
      await new HttpClient(server.url).signIn("solo@example.com", "solo-password");
    } finally {
      await server.stop();
    }
  });

  test("a lock left by a process that died does not block the next start", async () => {
    const dir = freshDataDir();
    await Bun.write(join(dir, "duecheck.lock"), JSON.stringify({ pid: 2 ** 22 + 12345, holder: "server", startedAt: new Date().toISOString() }));
    const res = await runCliProcess(["users", "list", "--json"], { DUECHECK_DATA_DIR: dir });
    expect(res.code).toBe(0);
  });
});
