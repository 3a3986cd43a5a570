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
    isInTransaction: () => pg.isInTransaction(),
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
    /** Called by the socket server to roll back a disconnected client's open transaction. */
    async exec(query: string) {
      const text = new TextEncoder().encode(`${query}\0`);
      const message = new Uint8Array(5 + text.length);
      message[0] = "Q".charCodeAt(0);
      new DataView(message.buffer).setInt32(1, 4 + text.length);
      message.set(text, 5);
      lastMessageType = message[0];
      await pg.runExclusive(() => pg.execProtocolRawStream(message, { onRawData: () => {} }));
      releaseIfIdle();
      void holding;
    },
  };
}

export async function serveOverSocket(pg: PGlite, socketPath: string) {
  const server = new PGLiteSocketServer({
    db: bridgeFor(pg) as unknown as PGlite,
    path: socketPath,
    // One client at a time: the queue would otherwise interleave two clients' extended-protocol sequences.
    maxConnections: 1,
  });
  await server.start();
  return server;
}
