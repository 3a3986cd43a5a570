import { answerSchema, type PublicRoute, type RouteAnswer, type RouteInput } from "@lib/public-api/route-kit.ts";
import { DuecheckError, errorOf } from "./errors.ts";

/** A fetch-like function: the transport's only contact with the network (tests and hosts may wrap it). */
export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

/** Refusals whose body is an answer of the route's own shape (the list search's 503 names the lists without data). */
type AnswerStatus<R extends PublicRoute> = {
  [S in keyof R["responses"]]: R["responses"][S] extends { content: { "application/json": { schema: infer T } } }
    ? [T] extends [RouteAnswerSchema<R>]
      ? S
      : never
    : never;
}[keyof R["responses"]];
type RouteAnswerSchema<R extends PublicRoute> = R["responses"][Extract<keyof R["responses"], 200 | 201>] extends {
  content: { "application/json": { schema: infer T } };
}
  ? T
  : never;

type Sent = { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown; form?: Record<string, unknown> };

/** The route's path with its params filled in, and its query (a list's values repeat the key). */
function urlOf(route: PublicRoute, { params = {}, query = {} }: Sent): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) search.append(key, String(item));
  }
  return search.size ? `${path}?${search}` : path;
}

function formOf(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value);
    else if (value !== undefined && value !== "") form.append(key, String(value));
  }
  return form;
}

/**
 * Calls the public API by its route definitions (lib/public-api/routes.ts): `base` is the API's address, `headers` go
 * with every call. Network failures become DuecheckError(0); a refusal, DuecheckError(status, the server's text).
 */
export function routeCaller(fetcher: Fetcher, base: string, headers: Record<string, string>) {
  async function send<R extends PublicRoute>(route: R, input: RouteInput<R>, answers: readonly number[] = []): Promise<Response> {
    const sent = input as Sent;
    const json = sent.body !== undefined;
    let response: Response;
    try {
      response = await fetcher(`${base}${urlOf(route, sent)}`, {
        method: route.method.toUpperCase(),
        headers: { Accept: "application/json", ...headers, ...(json ? { "Content-Type": "application/json" } : {}) },
        body: json ? JSON.stringify(sent.body) : sent.form ? formOf(sent.form) : undefined,
      });
    } catch (error) {
      throw new DuecheckError(0, error instanceof Error ? error.message : String(error));
    }
    if (!response.ok && !answers.includes(response.status)) throw await errorOf(response);
    return response;
  }

  return {
    /**
     * The route's JSON answer, read by the schema the route declares for its status: its type is the schema's, and an
     * answer of another shape fails as a DuecheckError naming the first difference.
     */
    async call<R extends PublicRoute>(route: R, input: RouteInput<R>, options: { answers?: AnswerStatus<R>[] } = {}): Promise<RouteAnswer<R>> {
      const response = await send(route, input, (options.answers ?? []).map(Number));
      const schema = answerSchema(route, response.status);
      const parsed = schema?.safeParse(await response.json().catch(() => undefined));
      if (!parsed?.success) {
        const issue = parsed?.error.issues[0];
        const where = issue ? `${issue.path.join(".") || "the answer"}: ${issue.message}` : `status ${response.status} is not one it declares`;
        const message = `The server's answer to ${route.operationId} is not of the shape it declares (${where})`;
        throw new DuecheckError(response.status, message, { error: message });
      }
      return parsed.data as RouteAnswer<R>;
    },
    /** The route's answer as a file (a report), named as the server's Content-Disposition says. */
    async file<R extends PublicRoute>(route: R, input: RouteInput<R>, fallbackName: string) {
      const response = await send(route, input);
      return { blob: await response.blob(), fileName: fileNameOf(response.headers.get("content-disposition"), fallbackName) };
    },
  };
}

/** `attachment; filename="duecheck-acme-2025-01-31.pdf"` -> the file name. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="?([^";]+)"?/i.exec(disposition ?? "")?.[1] ?? fallback;
}
