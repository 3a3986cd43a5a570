import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { AppError } from "../lib/errors.ts";
import { hasForbiddenCharacters } from "../lib/validation/text.ts";
import type { AppEnv } from "./context.ts";

const MAX_JSON_BYTES = 64 * 1024;
const MAX_URL_LENGTH = 8 * 1024;

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    throw new AppError(400, "The address is not valid UTF-8");
  }
}

/**
 * Path parameters and query strings reach lib/ and the database before any schema of their own (ids, dataset
 * selectors): every decoded segment and query value passes the character rule of lib/validation/text.ts here, once
 * for all routes. Field schemas still check each value's length and form.
 */
export const checkUrl: MiddlewareHandler = async (c, next) => {
  if (c.req.url.length > MAX_URL_LENGTH) throw new AppError(414, "The address is too long");
  const url = new URL(c.req.url);
  const values = [decodePath(url.pathname), ...[...url.searchParams].flat()];
  if (values.some((value) => hasForbiddenCharacters(value))) {
    throw new AppError(400, "The address must not contain control characters or unpaired surrogates");
  }
  await next();
};

/**
 * Reads a JSON body and validates it; bad input becomes a 400 with the first rule it breaks. maxBytes: 64 KB unless a
 * route takes a list of its own size (a batch's entities).
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S, { maxBytes = MAX_JSON_BYTES } = {}): Promise<z.infer<S>> {
  const length = Number(c.req.header("content-length") ?? 0);
  if (length > maxBytes) throw new AppError(413, "Request body is too large");
  let body: unknown;
  try {
    const text = await c.req.text();
    if (text.length > maxBytes) throw new AppError(413, "Request body is too large");
    body = text === "" ? {} : JSON.parse(text);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, "Request body must be valid JSON");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new AppError(400, "Request body must be a JSON object");
  }
  return parseWith(schema, body);
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.length ? String(issue.path[0]) : "";
    const generic = issue.code === "invalid_type" && !issue.message.includes(" ");
    throw new AppError(400, generic && field ? `${field}: ${issue.message}` : issue.message);
  }
  return parsed.data;
}

/**
 * What a client made with Hono's `hc` may send as a query: every key of the schema's input, as text. The schema
 * coerces (numbers, booleans, repeated keys) on the server.
 */
type QueryInput<S extends z.ZodType> = { [K in keyof z.input<S>]?: string | string[] };

/**
 * The JSON body, read and validated as readJson does, declared on the route: handlers read it with
 * `c.req.valid("json")`, and a client made with `hc` from the route's type is typed by the schema's input.
 */
export function jsonBody<S extends z.ZodType>(
  schema: S,
  options?: { maxBytes?: number },
): MiddlewareHandler<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return async (c, next) => {
    c.req.addValidatedData("json", (await readJson(c, schema, options)) as object);
    await next();
  };
}

/** The query string validated by a schema (as parseWith), declared on the route: `c.req.valid("query")`. */
export function queryOf<S extends z.ZodType>(schema: S): MiddlewareHandler<AppEnv, string, { in: { query: QueryInput<S> }; out: { query: z.output<S> } }> {
  return async (c, next) => {
    c.req.addValidatedData("query", parseWith(schema, c.req.query()) as object);
    await next();
  };
}
