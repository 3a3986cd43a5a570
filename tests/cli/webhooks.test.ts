/** `duecheck webhooks` as a separate process on a server's database: add (secret once), list, deliveries, remove, errors. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
  await createUser(app.db, { email: "cli-hooks@example.com", password: "password-1" });
  await createUser(app.db, { email: "someone-else@example.com", password: "password-1" });
}, 60_000);
afterAll(() => app.stop());

const cli = (...args: string[]) => runCli(["webhooks", ...args], app.env);

describe("duecheck webhooks", () => {
  test("add prints the secret once; list shows it masked; deliveries lists what was sent; remove deletes it", async () => {
    const added = await cli(
      "add",
      "https://example.com/hooks",
      "--events",
      "search.completed, batch.completed",
      "--description",
      "Nightly",
      "--user",
      "cli-hooks@example.com",
    );
    expect(added.code).toBe(0);
    const secret = /Signing secret: (whsec_\S+)/.exec(added.stdout)?.[1];
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(added.stdout).toContain("Store the secret now: it is not shown again.");
    const id = /Webhook (\S+) created for https:\/\/example.com\/hooks/.exec(added.stdout)![1];

    const list = await cli("list", "--user", "cli-hooks@example.com", "--json");
    const [hook] = JSON.parse(list.stdout);
    expect(hook).toMatchObject({
      id,
      url: "https://example.com/hooks",
      events: ["search.completed", "batch.completed"],
      enabled: true,
      description: "Nightly",
    });
    expect(hook.secret).toBe(`whsec_…${secret!.slice(-4)}`);
    expect(list.stdout).not.toContain(secret!);

    await app.db
      .insert(schema.webhookDeliveries)
      .values({ webhookId: id, event: "search.completed", payload: {}, status: "delivered", attempts: 2, lastStatusCode: 200 });
    const table = await cli("list", "--user", "cli-hooks@example.com");
    expect(table.stdout).toMatch(/https:\/\/example.com\/hooks\s+search.completed, batch.completed\s+yes\s+delivered/);
    const german = await cli("deliveries", id, "--user", "cli-hooks@example.com", "--language", "de");
    expect(german.code).toBe(0);
    expect(german.stdout).toContain("Zustellungen an https://example.com/hooks (1)");
    expect(german.stdout).toMatch(/search.completed\s+zugestellt\s+2\s+200/);
    const json = JSON.parse((await cli("deliveries", id, "--user", "cli-hooks@example.com", "--json")).stdout);
    expect(json).toMatchObject({ total: 1, nextCursor: null, items: [{ event: "search.completed", status: "delivered", attempts: 2, lastStatusCode: 200 }] });

    const removed = await cli("remove", id, "--user", "cli-hooks@example.com");
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(`Webhook ${id} deleted`);
    expect(await app.db.$count(schema.webhooks, eq(schema.webhooks.id, id))).toBe(0);
  });

  test("bad events or URL, and another user's webhook, exit 1 naming the problem and change nothing", async () => {
    const badEvent = await cli("add", "https://example.com/x", "--events", "search.done", "--user", "cli-hooks@example.com");
    expect(badEvent.code).toBe(1);
    expect(badEvent.stderr).toContain(
      "--events must be a comma-separated list of monitoring.changed, search.completed, batch.completed, review.decided, case.opened, case.assigned, case.escalated, case.closed, got 'search.done'",
    );
    const badUrl = await cli("add", "http://example.com/x", "--events", "search.completed", "--user", "cli-hooks@example.com");
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toContain("URL must start with https://");

    const added = await cli("add", "https://example.com/mine", "--events", "monitoring.changed", "--user", "cli-hooks@example.com", "--json");
    const { id } = JSON.parse(added.stdout);
    for (const args of [
      ["remove", id],
      ["deliveries", id],
    ]) {
      const other = await cli(...args, "--user", "someone-else@example.com");
      expect(other.code).toBe(1);
      expect(other.stderr).toContain(`No webhook ${id} of this user`);
    }
    expect(await app.db.$count(schema.webhooks)).toBe(1);
    expect((await cli("list", "--user", "someone-else@example.com")).stdout).toContain("No webhooks yet.");
  });
});
