/**
 * The audit log's hash chain: entries written at once by the server's connections and by a CLI process form one chain,
 * `duecheck audit verify` finds it intact, then names the entry a direct database edit altered and the place where a
 * direct delete removed one. The CLI's own entries carry the operating-system user.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { userInfo } from "node:os";
import { asc, eq, sql } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { verifyAuditChain } from "../../lib/audit/chain.ts";
import { recordAudit } from "../../lib/audit/record.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { runCli, runCliProcess } from "../helpers/cli.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
}, 60_000);
afterAll(() => app.stop());

const cli = (...args: string[]) => runCli(args, app.env);
const a = schema.auditLog;

/** A change the append-only trigger would refuse, made as someone with the database's keys would. */
async function tamper(statement: ReturnType<typeof sql>) {
  await app.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
  await app.db.execute(statement);
  await app.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
}

test("writers in two processes form one chain, and the CLI's entries name the operating-system user", async () => {
  const writes = Array.from({ length: 30 }, (_, i) =>
    app.db.transaction((tx) => recordAudit(tx, { action: "test.entry", actorKind: "system", details: { n: i, note: "x".repeat(i * 10) } })),
  );
  const [set] = await Promise.all([runCliProcess(["settings", "set", "initialCredits", "40"], app.env), ...writes]);
  expect(set.code).toBe(0);
  const chain = await app.db.select({ id: a.id, seq: a.chainSeq, prevId: a.prevId, hash: a.hash }).from(a).orderBy(asc(a.chainSeq));
  expect(chain.length).toBeGreaterThanOrEqual(31);
  chain.forEach((e, i) => {
    expect(e.seq).toBe(i + 1);
    expect(e.prevId).toBe(i === 0 ? null : chain[i - 1].id);
    expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
  });
  const [fromCli] = await app.db.select().from(a).where(eq(a.action, "admin.settings_updated"));
  expect(fromCli.actorKind).toBe("cli");
  expect(fromCli.details).toMatchObject({ osUser: userInfo().username });

  const verified = await cli("audit", "verify");
  expect(verified.code).toBe(0);
  expect(verified.stdout).toContain(`intact: ${chain.length} entries`);
  // Walking in small pages carries the hash across each page's edge.
  expect(await verifyAuditChain(app.db, { pageSize: 4 })).toMatchObject({ intact: true, entries: chain.length });
});

test("verify names an altered entry, then where an entry was removed", async () => {
  const chain = await app.db.select({ id: a.id, details: a.details }).from(a).orderBy(asc(a.chainSeq));
  const altered = chain[10];
  await tamper(sql`update audit_log set details = '{"n": 999}'::jsonb where id = ${altered.id}`);
  const found = await cli("audit", "verify");
  expect(found.code).toBe(1);
  expect(found.stdout).toContain(`altered: entry ${altered.id} does not match its hash`);
  expect(await verifyAuditChain(app.db, { pageSize: 4 })).toMatchObject({ intact: false, problem: "altered", id: altered.id });

  // Put back as it was, the chain is whole again: the hash is of the content, nothing else.
  await tamper(sql`update audit_log set details = ${JSON.stringify(altered.details)}::jsonb where id = ${altered.id}`);
  expect((await cli("audit", "verify")).code).toBe(0);

  const removed = chain[20];
  const next = chain[21];
  await tamper(sql`delete from audit_log where id = ${removed.id}`);
  const gap = await cli("audit", "verify", "--json");
  expect(gap.code).toBe(1);
  expect(JSON.parse(gap.stdout)).toMatchObject({ intact: false, problem: "removed", id: next.id, removedId: removed.id });
  const words = await cli("audit", "verify");
  expect(words.stdout).toContain(`removed: entries are missing before entry ${next.id} (it links to entry ${removed.id})`);
});

test("duecheck audit keeps long details readable: indented and wrapped, nothing cut off", async () => {
  const listed = await cli("audit", "--limit", "100");
  expect(listed.code).toBe(0);
  const long = "x".repeat(290);
  const lines = listed.stdout.split("\n");
  const start = lines.findIndex((l) => l.includes(`note: ${long.slice(0, 20)}`) && lines[lines.indexOf(l) + 1]?.startsWith("      x"));
  expect(start).toBeGreaterThan(0);
  expect(lines[start]).toMatch(/^ {4}note: x+$/);
  const joined = lines
    .slice(start, start + 4)
    .map((l) => l.trim())
    .join("")
    .replace("note: ", "");
  expect(joined.startsWith(long)).toBe(true);
  expect(lines.every((l) => l.length <= 160)).toBe(true);
});
