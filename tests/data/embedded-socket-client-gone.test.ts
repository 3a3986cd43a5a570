/**
 * The embedded database's socket (data/pglite-bridge.ts) when its client goes away holding the database: a CLI killed
 * in the middle of a statement's extended-protocol sequence, or inside a transaction. The server's own queries must go
 * on at once, and what the dead client left unfinished must not be kept.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { serveOverSocket } from "../../data/pglite-bridge.ts";
import { TEST_DB } from "../helpers/database.ts";

let pg: PGlite;
let server: Awaited<ReturnType<typeof serveOverSocket>>;
let folder: string;
let socketPath: string;

/** A protocol message: its type byte, its length, its body. */
function message(type: string, ...parts: (string | number[])[]) {
  const bytes = parts.flatMap((part) => (typeof part === "string" ? [...new TextEncoder().encode(part), 0] : part));
  const out = Buffer.alloc(5 + bytes.length);
  out[0] = type.charCodeAt(0);
  out.writeInt32BE(4 + bytes.length, 1);
  Buffer.from(bytes).copy(out, 5);
  return out;
}
const int16 = (n: number) => [(n >> 8) & 255, n & 255];
const int32 = (n: number) => [(n >> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255];

interface Client {
  socket: Socket;
  send(bytes: Buffer): void;
  received(type: string, count?: number): Promise<void>;
}

/**
 * A client that has started its session (ReadyForQuery received). The server takes one client at a time and turns
 * away one that comes before the last one's goodbye is handled: like the CLI, it then tries again.
 */
async function client(): Promise<Client> {
  for (;;) {
    const started = await attempt();
    if (started) return started;
    await Bun.sleep(50);
  }
}

async function attempt(): Promise<Client | null> {
  const socket = connect(socketPath);
  let seen = Buffer.alloc(0);
  let closed = false;
  socket.on("data", (chunk: Buffer) => {
    seen = Buffer.concat([seen, chunk]);
  });
  for (const event of ["end", "close"])
    socket.on(event, () => {
      closed = true;
    });
  socket.on("error", () => {});
  const count = (type: string) => {
    let n = 0;
    for (let i = 0; i + 5 <= seen.length; i += 1 + seen.readInt32BE(i + 1)) if (seen[i] === type.charCodeAt(0)) n++;
    return n;
  };
  const received = async (type: string, wanted = 1) => {
    while (count(type) < wanted) {
      if (closed) throw new Error(`the server closed the connection before ${wanted} × ${type}`);
      await Bun.sleep(10);
    }
  };
  const body = [...int32(196608), ...new TextEncoder().encode("user\0postgres\0database\0postgres\0\0")];
  const startup = Buffer.alloc(4 + body.length);
  startup.writeInt32BE(4 + body.length, 0);
  Buffer.from(body).copy(startup, 4);
  socket.write(startup);
  try {
    await received("Z");
  } catch {
    socket.destroy();
    return null;
  }
  return { socket, send: (bytes) => socket.write(bytes), received };
}

beforeAll(async () => {
  if (TEST_DB !== "pglite") return;
  folder = mkdtempSync(join(tmpdir(), "dc-socket-"));
  socketPath = join(folder, "db.sock");
  pg = await PGlite.create();
  await pg.exec("create table marks (n int)");
  server = await serveOverSocket(pg, socketPath);
});

afterAll(async () => {
  await server?.stop();
  await pg?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(TEST_DB !== "pglite")("a socket client that goes away", () => {
  test("in the middle of a statement (its Sync never sent): the server's next query answers, and so does the next client", async () => {
    const gone = await client();
    gone.send(
      Buffer.concat([
        message("P", "", "insert into marks values (1)", int16(0)),
        message("B", "", "", [...int16(0), ...int16(0), ...int16(0)]),
        message("E", "", int32(0)),
      ]),
    );
    await gone.received("C");
    gone.socket.destroy();

    expect((await pg.query<{ n: number }>("select count(*)::int as n from marks")).rows[0].n).toBeLessThanOrEqual(1);
    await pg.exec("delete from marks");
    const next = await client();
    next.send(message("Q", "select 1"));
    await next.received("Z", 2);
    next.socket.destroy();
  }, 30_000);

  test("inside a transaction: its writes are rolled back, and the server's next query answers", async () => {
    const gone = await client();
    gone.send(message("Q", "begin"));
    await gone.received("Z", 2);
    gone.send(message("Q", "insert into marks values (2)"));
    await gone.received("Z", 3);
    gone.socket.destroy();

    expect((await pg.query<{ n: number }>("select count(*)::int as n from marks")).rows[0].n).toBe(0);
    expect(pg.isInTransaction()).toBe(false);
  }, 30_000);
});
