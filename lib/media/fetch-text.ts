/** One GET to a news service, bounded in time and size, with errors that say what went wrong in a user's words. */
import { type NewsErrorCode, NewsProviderError } from "./news-article";

export interface FetchTextOptions {
  provider: string;
  timeoutMs: number;
  /** The provider's whole time limit, named in the error when part of it was spent before this request. */
  statedTimeoutMs?: number;
  signal?: AbortSignal;
  accept: string;
  /** The most bytes an answer may have. */
  maxBytes?: number;
}

export interface FetchedText {
  text: string;
  contentType: string;
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const USER_AGENT = "duecheck adverse-media screening";

/** The start of an error body, as one line of plain text. */
function excerpt(body: string): string {
  const text = body
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export async function fetchText(url: string, options: FetchTextOptions): Promise<FetchedText> {
  const { provider, timeoutMs } = options;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (options.signal?.aborted) throw new NewsProviderError(provider, "the search was cancelled", "cancelled");
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  const fail = (reason: string, code: NewsErrorCode, params?: Record<string, string | number>): never => {
    throw new NewsProviderError(provider, reason, code, params);
  };
  try {
    const response = await fetch(url, {
      headers: { accept: options.accept, "user-agent": USER_AGENT },
      signal: controller.signal,
      redirect: "follow",
    });
    const chunks: Uint8Array[] = [];
    let received = 0;
    if (response.body) {
      for await (const chunk of response.body) {
        received += chunk.byteLength;
        if (received > maxBytes) {
          controller.abort();
          fail(`the answer is larger than ${Math.round(maxBytes / 1024)} KB`, "too_large", { kilobytes: Math.round(maxBytes / 1024) });
        }
        chunks.push(chunk);
      }
    }
    const text = new TextDecoder().decode(Buffer.concat(chunks));
    if (!response.ok) {
      const detail = excerpt(text);
      const reason = `answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}${detail ? `: ${detail}` : ""}`;
      fail(reason, response.status === 429 ? "rate_limited" : "http_error", { status: response.status });
    }
    return { text, contentType: response.headers.get("content-type") ?? "" };
  } catch (error) {
    if (error instanceof NewsProviderError) throw error;
    if (timedOut)
      fail(`no answer within ${(options.statedTimeoutMs ?? timeoutMs) / 1000} s`, "timeout", { seconds: (options.statedTimeoutMs ?? timeoutMs) / 1000 });
    if (options.signal?.aborted) fail("the search was cancelled", "cancelled");
    const cause = error instanceof Error ? ((error as { code?: string }).code ?? error.message) : String(error);
    return fail(`could not be reached (${cause})`, "unreachable");
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}
