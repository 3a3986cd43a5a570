import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** How a path answers: normally, with a 500, cut off half way, stalling before the end, or with random bytes. */
export type ListMode = "normal" | "error" | "truncated" | "slow" | "garbage";

export interface ServedRequest {
  path: string;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  status: number;
}

interface ServedFile {
  content: Uint8Array;
  etag: string;
  lastModified: string;
}

/**
 * A loopback HTTP server that publishes list files the way the official sources do: with an ETag and a
 * Last-Modified date, answering 304 to a matching conditional request. Each path can be switched into a failure mode.
 */
export class ListServer {
  readonly requests: ServedRequest[] = [];
  private readonly files = new Map<string, ServedFile>();
  private readonly modes = new Map<string, ListMode>();
  private server!: Server;
  url = "";
  /** How long a "slow" answer stalls before its last bytes. */
  slowMs = 5_000;

  static async start(): Promise<ListServer> {
    const list = new ListServer();
    list.server = createServer((req, res) => list.answer(req.url ?? "/", req.headers, res));
    await new Promise<void>((resolve) => list.server.listen(0, "127.0.0.1", resolve));
    list.url = `http://127.0.0.1:${(list.server.address() as AddressInfo).port}`;
    return list;
  }

  /** Publishes (or replaces) a file; a new content gets a new ETag and Last-Modified. */
  publish(path: string, content: Uint8Array | string, lastModified = new Date()) {
    const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
    this.files.set(path, {
      content: bytes,
      etag: `"${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}"`,
      lastModified: lastModified.toUTCString(),
    });
  }

  setMode(path: string, mode: ListMode) {
    this.modes.set(path, mode);
  }

  resetModes() {
    this.modes.clear();
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(path: string, headers: Record<string, string | string[] | undefined>, res: import("node:http").ServerResponse) {
    const record = (status: number) =>
      this.requests.push({
        path,
        ifNoneMatch: (headers["if-none-match"] as string) ?? null,
        ifModifiedSince: (headers["if-modified-since"] as string) ?? null,
        status,
      });
    const file = this.files.get(path);
    const mode = this.modes.get(path) ?? "normal";
    if (!file) {
      record(404);
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    if (mode === "error") {
      record(500);
      res.writeHead(500, { "content-type": "text/html" }).end("<html><body>Internal Server Error</body></html>");
      return;
    }
    if (mode === "garbage") {
      record(200);
      const noise = new Uint8Array(2048).map((_, i) => (i * 7919 + 13) % 256);
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(noise.length) }).end(noise);
      return;
    }
    const validators = { etag: file.etag, "last-modified": file.lastModified };
    const ifNoneMatch = headers["if-none-match"];
    const ifModifiedSince = headers["if-modified-since"] as string | undefined;
    const unchanged =
      ifNoneMatch !== undefined ? ifNoneMatch === file.etag : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Date.parse(file.lastModified);
    if (unchanged && mode === "normal") {
      record(304);
      res.writeHead(304, validators).end();
      return;
    }
    record(200);
    res.writeHead(200, { ...validators, "content-type": "application/octet-stream", "content-length": String(file.content.length) });
    const half = file.content.subarray(0, Math.floor(file.content.length / 2));
    if (mode === "truncated") {
      // Declares the whole length, sends half, and hangs up.
      res.write(half, () => res.socket?.destroy());
    } else if (mode === "slow") {
      res.write(half);
      const timer = setTimeout(() => res.end(file.content.subarray(half.length)), this.slowMs);
      res.on("close", () => clearTimeout(timer));
    } else {
      res.end(file.content);
    }
  }
}
