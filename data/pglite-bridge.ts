import type { Server, Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/**
 * Serves an in-process PGlite to other processes (the CLI) over a Unix socket.
 *
 * pglite-socket serialises single protocol messages with PGlite's query mutex only, while PGlite's own
 * query() and transaction() take its transaction mutex. Without this bridge a CLI statement could run in
 * the middle of a server transaction (and be rolled back with it), or a server query could replace the
 * unnamed statement between a client's Parse and Execute. The bridge holds the transaction mutex from a
 * client's first message until the backend is idle again: outside a transaction and not in the middle of
 * an extended-protocol sequence.
 *
 * A client that goes away (a CLI killed mid-import) leaves what it held: an open transaction, or a sequence its
 * Sync never ended, when the socket server drops the messages still queued. The socket server asks the bridge whether
 * a transaction is open and, if so, to roll it back; the bridge answers "yes" for as long as a client holds the
 * database, and ends both, so that the server's own queries never wait for a client that is gone.
 */
const MID_SEQUENCE = new Set(["P", "B", "D", "E", "C", "H"].map((c) => c.charCodeAt(0)));

function bridgeFor(pg: PGlite) {
  let release: (() => void) | null = null;
  let holding: Promise<void> | null = null;
  let lastMessageType = 0;

  const acquire = () =>
    new Promise<() => void>((resolveRelease) => {
      holding = pg._runExclusiveTransaction(() => new Promise<void>((done) => resolveRelease(() => done()))) as Promise<void>;
    });

  const releaseIfIdle = () => {
    if (!release) return;
    if (pg.isInTransaction() || MID_SEQUENCE.has(lastMessageType)) return;
    const r = release;
    release = null;
    holding = null;
    r();
  };

  return {
    get waitReady() {
      return pg.waitReady;
    },
    /** A client holds the database: in a transaction, or in a sequence not yet ended by its Sync. */
    isInTransaction: () => release !== null || pg.isInTransaction(),
    async runExclusive<T>(fn: () => Promise<T>): Promise<T> {
      if (!release) release = await acquire();
      try {
        return await pg.runExclusive(fn);
      } finally {
        releaseIfIdle();
      }
    },
    execProtocolRawStream(message: Uint8Array, options: Parameters<PGlite["execProtocolRawStream"]>[1]) {
      lastMessageType = message[0] ?? 0;
      return pg.execProtocolRawStream(message, options);
    },
    /** Called by the socket server with ROLLBACK when a client holding the database has disconnected. */
    async exec(query: string) {
      await pg.runExclusive(async () => {
        // An unfinished sequence ends with a Sync, as the client's would have ended it; then its transaction is rolled back.
        if (MID_SEQUENCE.has(lastMessageType)) await pg.execProtocolRawStream(SYNC, { onRawData: () => {} });
        lastMessageType = SYNC[0];
        if (pg.isInTransaction()) await pg.execProtocolRawStream(simpleQuery(query), { onRawData: () => {} });
      });
      releaseIfIdle();
      void holding;
    },
  };
}

const SYNC = new Uint8Array(["S".charCodeAt(0), 0, 0, 0, 4]);

function simpleQuery(query: string) {
  const text = new TextEncoder().encode(`${query}\0`);
  const message = new Uint8Array(5 + text.length);
  message[0] = "Q".charCodeAt(0);
  new DataView(message.buffer).setInt32(1, 4 + text.length);
  message.set(text, 5);
  return message;
}

export async function serveOverSocket(pg: PGlite, socketPath: string) {
  const server = new PGLiteSocketServer({
    db: bridgeFor(pg) as unknown as PGlite,
    path: socketPath,
    // One client at a time: the queue would otherwise interleave two clients' extended-protocol sequences.
    maxConnections: 1,
  });
  await server.start();
  const listener = (server as unknown as { server: Server }).server;
  // The one-client rule is kept by the socket server itself, which turns a second client away with a message (the CLI
  // tries again). The listener's own count, which it also sets, was seen to stay up after a client that was turned
  // away had gone, and then to drop every later client unanswered.
  listener.maxConnections = Number.MAX_SAFE_INTEGER;
  // Stopping closes the listener, which waits for every connection to end: a client that never says goodbye (one
  // turned away, one killed) would keep the server from stopping. They are ended instead.
  const open = new Set<Socket>();
  listener.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  const stop = server.stop.bind(server);
  server.stop = async () => {
    const stopped = stop();
    for (const socket of open) socket.destroy();
    await stopped;
  };
  return server;
}
