/** A webhook receiver on 127.0.0.1: records every request (raw body, headers) and answers the statuses it is told. */
export interface ReceivedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Statuses of the next answers, in order; then 200. */
  answers: number[];
  /** Waits until `count` requests have arrived (30 s at most). */
  waitFor(count: number): Promise<ReceivedRequest[]>;
  stop(): void;
}

export function startWebhookReceiver(): WebhookReceiver {
  const received: ReceivedRequest[] = [];
  const answers: number[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      received.push({ path: new URL(request.url).pathname, headers: Object.fromEntries(request.headers), body: await request.text() });
      const status = answers.shift() ?? 200;
      return new Response(status === 200 ? "ok" : `receiver says no (${status})`, { status });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/hooks`,
    received,
    answers,
    async waitFor(count) {
      const deadline = Date.now() + 30_000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`the receiver got ${received.length} of ${count} requests`);
        await Bun.sleep(50);
      }
      return received;
    },
    stop: () => server.stop(true),
  };
}
