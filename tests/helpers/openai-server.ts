import type { Server } from "bun";

/**
 * How the next chat completion answers: with scripted content, an HTTP 500, content that is not JSON,
 * or not at all (the connection stays open until the client gives up or the server stops).
 */
export type ModelMode = "answer" | "error" | "invalid" | "hang";

export interface ChatMessage {
  role: string;
  content: string;
}

export interface RecordedRequest {
  path: string;
  authorization: string | null;
  body: {
    model: string;
    messages: ChatMessage[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
    [key: string]: unknown;
  };
}

type Answer = string | Record<string, unknown> | ((request: RecordedRequest) => string | Record<string, unknown>);

/** A loopback server speaking the OpenAI chat-completions protocol, recording what it was sent. */
export class OpenAiServer {
  readonly requests: RecordedRequest[] = [];
  private readonly scripted: Answer[] = [];
  private fallback: Answer | undefined;
  private mode: ModelMode = "answer";
  private readonly hanging = new Set<() => void>();
  private server!: Server<undefined>;

  static start(): OpenAiServer {
    const stub = new OpenAiServer();
    stub.server = Bun.serve({ hostname: "127.0.0.1", port: 0, idleTimeout: 0, fetch: (req) => stub.handle(req) });
    return stub;
  }

  /** The base URL to configure, like https://api.openai.com/v1. */
  get url(): string {
    return `http://127.0.0.1:${this.server.port}/v1`;
  }

  /** Queues answers, one per request; an object is sent as its JSON text. */
  answer(...answers: Answer[]) {
    this.scripted.push(...answers);
  }

  /** Answers every request once the queue is empty. */
  answerAlways(answer: Answer) {
    this.fallback = answer;
  }

  setMode(mode: ModelMode) {
    this.mode = mode;
  }

  reset() {
    this.requests.length = 0;
    this.scripted.length = 0;
    this.fallback = undefined;
    this.mode = "answer";
    this.releaseHanging();
  }

  /** The text of the messages of request i with the given role, joined. */
  prompt(i: number, role: "system" | "user" = "user"): string {
    return this.requests[i].body.messages
      .filter((m) => m.role === role)
      .map((m) => m.content)
      .join("\n");
  }

  stop() {
    this.releaseHanging();
    this.server.stop(true);
  }

  private releaseHanging() {
    for (const release of this.hanging) release();
    this.hanging.clear();
  }

  private async handle(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname;
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      return errorResponse(404, `Unknown path ${req.method} ${path}`, "invalid_request_error");
    }
    const recorded: RecordedRequest = { path, authorization: req.headers.get("authorization"), body: await req.json() };
    this.requests.push(recorded);
    switch (this.mode) {
      case "error":
        return errorResponse(500, "The server had an error while processing your request.", "server_error");
      case "invalid":
        return completion(recorded.body.model, "Sure! Here is the analysis you asked for, { not json");
      case "hang":
        await new Promise<void>((resolve) => this.hanging.add(resolve));
        return errorResponse(503, "stopped", "server_error");
      case "answer": {
        const next = this.scripted.shift() ?? this.fallback;
        if (next === undefined) return errorResponse(500, "No scripted answer left", "server_error");
        const value = typeof next === "function" ? next(recorded) : next;
        return completion(recorded.body.model, typeof value === "string" ? value : JSON.stringify(value));
      }
    }
  }
}

let sequence = 0;

function completion(model: string, content: string): Response {
  return Response.json({
    id: `chatcmpl-test${++sequence}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });
}

function errorResponse(status: number, message: string, type: string): Response {
  return Response.json({ error: { message, type, param: null, code: null } }, { status });
}
