import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type { z } from "zod";
import { type LlmConfig, loadLlmConfig } from "./config.ts";

/** A server that just failed gets a moment before the second attempt. */
const RETRY_PAUSE_MS = 250;

export type LlmFailure = "timeout" | "unreachable" | "http" | "invalid_answer";

/** The model could not give a usable answer; callers fall back to their built-in path. */
export class LlmError extends Error {
  constructor(
    readonly kind: LlmFailure,
    message: string,
    /** The HTTP status when the server answered with an error. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface JsonRequest<T> {
  /** Names the answer's JSON schema for the API (letters, digits, _ and -). */
  name: string;
  system: string;
  user: string;
  /** Both the response_format sent and the check of the answer. Refinements are checked but not sent. */
  schema: z.ZodType<T>;
  maxTokens?: number;
}

/** A chat-completions model that answers in JSON checked against a zod schema. */
export class LanguageModel {
  private readonly client: OpenAI;
  readonly model: string;
  private readonly timeoutMs: number;
  private readonly retries: number;

  constructor(config: LlmConfig, options: { retries?: number } = {}) {
    this.client = new OpenAI({
      // A compatible server reached through OPENAI_BASE_URL may need no key, but the SDK insists on one.
      apiKey: config.apiKey ?? "unused",
      baseURL: config.baseURL,
      timeout: config.timeoutMs,
      // Retries are ours, so a timeout, an HTTP failure and an invalid answer are all retried the same way.
      maxRetries: 0,
    });
    this.model = config.model;
    this.timeoutMs = config.timeoutMs;
    this.retries = options.retries ?? 1;
  }

  async json<T>(request: JsonRequest<T>): Promise<T> {
    let last: LlmError | undefined;
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      try {
        return await this.attempt(request);
      } catch (error) {
        last = error instanceof LlmError ? error : new LlmError("http", String(error));
        if (!retryable(error)) break;
        if (last.kind === "http" || last.kind === "unreachable") await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
      }
    }
    throw last!;
  }

  private async attempt<T>(request: JsonRequest<T>): Promise<T> {
    // The SDK's own timeout stops waiting for the headers; this one also covers a body that stalls.
    const signal = AbortSignal.timeout(this.timeoutMs);
    let content: string | null | undefined;
    try {
      const completion = await this.client.chat.completions.create(
        {
          // No temperature: reasoning models refuse any but the default.
          model: this.model,
          max_completion_tokens: request.maxTokens,
          messages: [
            { role: "system", content: `${request.system}\nAnswer with one JSON object that follows the given schema, and nothing else.` },
            { role: "user", content: request.user },
          ],
          response_format: zodResponseFormat(request.schema, request.name),
        },
        { signal },
      );
      content = completion.choices?.[0]?.message?.content;
    } catch (error) {
      throw toLlmError(error, signal.aborted);
    }
    if (!content) throw new LlmError("invalid_answer", "The model gave an empty answer");
    let parsed: unknown;
    try {
      parsed = JSON.parse(stripCodeFence(content));
    } catch {
      throw new LlmError("invalid_answer", "The model's answer is not JSON");
    }
    const checked = request.schema.safeParse(parsed);
    if (!checked.success) {
      const issues = checked.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "answer"}: ${i.message}`);
      throw new LlmError("invalid_answer", `The model's answer does not follow the schema (${issues.join("; ")})`);
    }
    return checked.data;
  }
}

/** The model of the environment, or null when none is configured. */
export function languageModelFromEnv(env: Record<string, string | undefined> = process.env): LanguageModel | null {
  const config = loadLlmConfig(env);
  return config.configured ? new LanguageModel(config) : null;
}

function toLlmError(error: unknown, timedOut: boolean): LlmError {
  if (timedOut || error instanceof APIUserAbortError || error instanceof APIConnectionTimeoutError) {
    return new LlmError("timeout", "The model did not answer in time");
  }
  if (error instanceof APIConnectionError) return new LlmError("unreachable", `The model could not be reached: ${error.message}`);
  if (error instanceof APIError) return new LlmError("http", `The model answered HTTP ${error.status}`, error.status);
  return new LlmError("http", error instanceof Error ? error.message : String(error));
}

function retryable(error: unknown): boolean {
  const status = error instanceof LlmError ? error.status : undefined;
  // A refused request (bad request, key, permission, unknown model) fails again the same way.
  return status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Some compatible servers wrap JSON in a Markdown code fence even when asked for JSON. */
function stripCodeFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  return fenced ? fenced[1] : text;
}
