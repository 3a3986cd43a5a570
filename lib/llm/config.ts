import { z } from "zod";

export const DEFAULT_LLM_MODEL = "gpt-4o-mini";
export const DEFAULT_LLM_TIMEOUT_MS = 20_000;

const envSchema = z.object({
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url("OPENAI_BASE_URL must be a URL").optional(),
  DUECHECK_LLM_MODEL: z.string().optional(),
  DUECHECK_LLM_TIMEOUT_MS: z.coerce.number().int().min(100, "DUECHECK_LLM_TIMEOUT_MS must be at least 100").optional(),
});

export interface LlmConfig {
  /** A model can be asked: an API key or a base URL (a compatible server that may need no key) is set. */
  configured: boolean;
  apiKey?: string;
  baseURL?: string;
  model: string;
  /** For one attempt; a failed attempt is retried once. */
  timeoutMs: number;
}

export function loadLlmConfig(env: Record<string, string | undefined> = process.env): LlmConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) throw new Error(`Configuration error: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  const e = parsed.data;
  return {
    configured: Boolean(e.OPENAI_API_KEY || e.OPENAI_BASE_URL),
    apiKey: e.OPENAI_API_KEY,
    baseURL: e.OPENAI_BASE_URL,
    model: e.DUECHECK_LLM_MODEL?.trim() || DEFAULT_LLM_MODEL,
    timeoutMs: e.DUECHECK_LLM_TIMEOUT_MS ?? DEFAULT_LLM_TIMEOUT_MS,
  };
}
