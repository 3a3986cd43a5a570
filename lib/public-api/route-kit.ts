/**
 * The parts every /api/v1 route definition is made of, and the types read off a definition: what a call sends
 * (RouteInput) and what its success answers (RouteAnswer). Definitions are plain data checked against
 * @hono/zod-openapi's RouteConfig (a type only: the browser bundle never loads the library), so the server, the
 * OpenAPI document and @duecheck/react read one description of each call.
 */
import type { RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import type { ApiKeyScope } from "../auth/api-key-scopes.ts";
import { errorSchema } from "./schemas.ts";

/** A route of the public API: its path in OpenAPI form (`/search/{searchId}`), relative to /api/v1. */
export type PublicRoute = RouteConfig;

/** Checks a definition against RouteConfig while keeping its literal types (method, path, statuses, schemas). */
export function defineRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P }>(route: R): R {
  return route;
}

/**
 * The scope an API key needs for the call, as OpenAPI states it (`security: [{ bearerAuth: [scope] }]`): the document
 * shows it, and the server refuses a key without it (server/public-api/serve.ts).
 */
export const needs = (scope: ApiKeyScope) => [{ bearerAuth: [scope] }];

/** The scope a route's definition declares; every route declares one (default deny: a route without is a bug). */
export function scopeOf(route: PublicRoute): ApiKeyScope {
  const scope = route.security?.[0]?.bearerAuth?.[0];
  if (!scope) throw new Error(`${route.method.toUpperCase()} ${route.path} declares no scope`);
  return scope as ApiKeyScope;
}

/** A JSON request body or answer of this schema. */
export const json = <S extends z.ZodType>(schema: S) => ({ "application/json": { schema } });

/** Sent with every answer of a call that passed authentication: the key's tightest window. */
export const rateLimitHeaders = z.object({
  "RateLimit-Limit": z.number().int().meta({ description: "Requests allowed in the tightest window" }),
  "RateLimit-Remaining": z.number().int().meta({ description: "Requests left in that window" }),
  "RateLimit-Reset": z.number().int().meta({ description: "Seconds until that window resets" }),
});

/** A success answer: its description, the rate-limit headers and the JSON schema of its body. */
export const answer = <S extends z.ZodType>(description: string, schema: S) => ({ description, headers: rateLimitHeaders, content: json(schema) });

const REFUSALS = {
  400: "Invalid parameters",
  401: "Missing or invalid API key, or an unknown or expired embed token",
  402: "Insufficient credits",
  403: "An embed token on a call that needs an API key or a scope it lacks, or from an origin its owner does not allow",
  404: "Not found, or not yours",
  413: "File too large",
  429: "Rate limit exceeded (see Retry-After)",
  500: "Server error",
} as const;
type RefusalCode = keyof typeof REFUSALS;
type Refusal = { description: string; content: ReturnType<typeof json<typeof errorSchema>> };

/** The `{ error }` answers a call may give, each with its usual meaning. */
export function refusals<const C extends readonly RefusalCode[]>(codes: C): Record<C[number], Refusal> {
  return Object.fromEntries(codes.map((code) => [code, refusal(REFUSALS[code])])) as Record<C[number], Refusal>;
}

/** One `{ error }` answer with a meaning of its own (409s). */
export const refusal = (description: string): Refusal => ({ description, content: json(errorSchema) });

/**
 * A path segment naming one of the caller's rows. Any text passes: an id that is not a uuid names no row, and the
 * call answers 404 as for another user's row (never 400, which would tell ids and rows apart).
 */
export const rowId = (description: string) => z.string().meta({ format: "uuid", description });

/**
 * A query number with its default. The text is coerced, and a coerced schema reads as "anything, even null" to the
 * document's generator: the document states the type, range and default itself, read off the schema.
 */
export function queryInteger<S extends z.ZodDefault<z.ZodCoercedNumber<unknown>>>(schema: S, description: string): S {
  const number = schema.unwrap();
  return schema.meta({
    type: "integer",
    minimum: number.minValue ?? undefined,
    maximum: number.maxValue ?? undefined,
    default: schema.def.defaultValue,
    description,
  }) as S;
}

type JsonSchemaOf<C> = C extends { content: { "application/json": { schema: infer S extends z.ZodType } } } ? S : never;
type FormSchemaOf<C> = C extends { content: { "multipart/form-data": { schema: infer S extends z.ZodType } } } ? S : never;
type RequestPart<R extends PublicRoute, K extends string> = R["request"] extends { [k in K]: infer S } ? S : never;

/** The success statuses a definition may declare (one per route). */
export type SuccessStatus = 200 | 201;
/** The schema of a route's success answer. */
export type AnswerSchema<R extends PublicRoute> = JsonSchemaOf<R["responses"][Extract<keyof R["responses"], SuccessStatus>]>;
/** What a route's success answers, as its schema reads it. */
export type RouteAnswer<R extends PublicRoute> = z.output<AnswerSchema<R>>;

type Slot<S, K extends string, Optional extends boolean> = [S] extends [never]
  ? unknown
  : S extends z.ZodType
    ? Optional extends true
      ? { [k in K]?: z.input<S> }
      : { [k in K]: z.input<S> }
    : unknown;
type BodyOf<R extends PublicRoute> = RequestPart<R, "body">;

/** What a call of the route sends: path params, query, and its JSON body or form, as the schemas' input. */
export type RouteInput<R extends PublicRoute> = Slot<RequestPart<R, "params">, "params", false> &
  Slot<RequestPart<R, "query">, "query", true> &
  Slot<JsonSchemaOf<BodyOf<R>>, "body", BodyOf<R> extends { required: true } ? false : true> &
  Slot<FormSchemaOf<BodyOf<R>>, "form", false>;

/** The status of a route's success answer. */
export function successStatus(route: PublicRoute): SuccessStatus {
  const status = Object.keys(route.responses)
    .map(Number)
    .find((code) => code === 200 || code === 201);
  if (!status) throw new Error(`${route.method.toUpperCase()} ${route.path} declares no success answer`);
  return status as SuccessStatus;
}

/** The JSON schema of a route's answer with this status, if it declares one. */
export function answerSchema(route: PublicRoute, status: number): z.ZodType | undefined {
  const response = route.responses[status];
  const content = response && "content" in response ? response.content?.["application/json"] : undefined;
  const schema = content && "schema" in content ? content.schema : undefined;
  return schema instanceof z.ZodType ? schema : undefined;
}
