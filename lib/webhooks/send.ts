/**
 * One HTTP attempt at a delivery, through the outgoing-request guard (lib/outgoing/guard.ts): the host's every
 * address is checked, and the connection pinned to the checked one. Redirects are not followed (a receiver answers
 * at the URL it was registered with); the body read is at most what the error message keeps.
 */
import { guardedRequest, OutgoingRefusedError } from "../outgoing/guard.ts";

export const DELIVERY_TIMEOUT_MS = 10_000;
const ERROR_BODY_CHARS = 200;

export interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivateNetworks: boolean;
  timeoutMs?: number;
}

export type SendOutcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

export async function sendDelivery(request: SendRequest): Promise<SendOutcome> {
  const timeoutMs = request.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const { response } = await guardedRequest(request.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      allowPrivateNetworks: request.allowPrivateNetworks,
      maxRedirects: 0,
      signal: controller.signal,
    });
    const statusCode = response.statusCode ?? 0;
    if (statusCode >= 200 && statusCode < 300) {
      response.resume();
      return { ok: true, statusCode };
    }
    let text = "";
    response.setEncoding("utf8");
    try {
      for await (const chunk of response) {
        text += chunk;
        if (text.length >= ERROR_BODY_CHARS) break;
      }
    } catch {
      // The reason is the status; a broken body only shortens the excerpt.
    }
    response.destroy();
    const location = statusCode >= 300 && statusCode < 400 ? ` (redirect to ${response.headers.location ?? "?"} not followed)` : "";
    const shown = text.slice(0, ERROR_BODY_CHARS).trim();
    return { ok: false, statusCode, error: `HTTP ${statusCode}${location}${shown ? `: ${shown}` : ""}` };
  } catch (error) {
    if (error instanceof OutgoingRefusedError) return { ok: false, statusCode: null, error: error.message };
    if (timedOut) return { ok: false, statusCode: null, error: `No answer within ${timeoutMs / 1000} s` };
    const code = (error as { code?: string }).code;
    if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
      return { ok: false, statusCode: null, error: `Could not resolve ${new URL(request.url).hostname}: ${(error as Error).message}` };
    }
    return { ok: false, statusCode: null, error: `Connection failed: ${(error as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}
