import type { Context, Hono } from "hono";
import type { z } from "zod";
import { requireKeyScope } from "../../lib/auth/api-keys.ts";
import type { AnswerSchema, PublicRoute } from "../../lib/public-api/route-kit.ts";
import { scopeOf, successStatus } from "../../lib/public-api/route-kit.ts";
import type { AppEnv } from "../context.ts";
import { currentUser } from "../middleware/session.ts";
import { parseWith, readJson } from "../validate.ts";

type Part<R extends PublicRoute, K extends string> = R["request"] extends { [k in K]: infer S extends z.ZodType } ? z.output<S> : undefined;
type JsonBody<R extends PublicRoute> = R["request"] extends { body: { content: { "application/json": { schema: infer S extends z.ZodType } } } }
  ? z.output<S>
  : undefined;

/** What a handler receives: the route's path params, query and JSON body, validated by the definition's schemas. */
export type Validated<R extends PublicRoute, Q extends z.ZodType | undefined = undefined> = {
  params: Part<R, "params">;
  query: Q extends z.ZodType ? z.output<Q> : Part<R, "query">;
  body: JsonBody<R>;
};

/** The JSON a handler answers with (the success answer's schema, as its input), or a Response of its own. */
type Answered<R extends PublicRoute> = z.input<AnswerSchema<R>> | Response;

/** `/search/{searchId}` -> `/search/:searchId`. */
const routerPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** A list schema, under optional and default: its key may repeat in the query, and every value is read. */
function isList(schema: z.ZodType): boolean {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType };
  if (def.type === "array") return true;
  return (def.type === "optional" || def.type === "default") && def.innerType !== undefined && isList(def.innerType);
}

/** The query as a schema reads it: the first value of each key, every value of a list's key. */
function queryValues(c: Context<AppEnv>, schema: z.ZodType): Record<string, unknown> {
  const values: Record<string, unknown> = c.req.query();
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  for (const [key, field] of Object.entries(shape)) {
    if (isList(field) && values[key] !== undefined) values[key] = c.req.queries(key);
  }
  return values;
}

/**
 * Mounts a handler on a route definition's method and path. Before it runs, an API key's scopes must hold the one the
 * definition declares (403 naming it); then the path params, the query and the JSON
 * body (readJson: the 64 KB cap, whatever the Content-Type) are validated by the definition's schemas in that order,
 * each refusal a 400 with parseWith's text; its JSON answer goes out with the definition's success status.
 * `query` replaces the definition's query schema where the server reads more of a value than the document says
 * (a cursor's content).
 */
export function serve<R extends PublicRoute, Q extends z.ZodType | undefined = undefined>(
  app: Hono<AppEnv>,
  route: R,
  handle: (c: Context<AppEnv>, input: Validated<R, Q>) => Promise<Answered<R>> | Answered<R>,
  options: { query?: Q } = {},
) {
  const status = successStatus(route);
  const querySchema = options.query ?? route.request?.query;
  const bodyContent = route.request?.body?.content["application/json"];
  const bodySchema = bodyContent && "schema" in bodyContent ? (bodyContent.schema as z.ZodType) : undefined;
  const scope = scopeOf(route);
  app.on(route.method.toUpperCase(), routerPath(route.path), async (c) => {
    // A key's scopes before anything is read: a refused call learns nothing and changes nothing. An embed token's
    // scopes were checked by publicApiAuth.
    const scopes = c.get("apiKeyScopes");
    if (scopes) requireKeyScope({ scopes, user: currentUser(c) }, scope);
    const params = route.request?.params ? parseWith(route.request.params, c.req.param()) : undefined;
    const query = querySchema ? parseWith(querySchema, queryValues(c, querySchema)) : undefined;
    const body = bodySchema ? await readJson(c, bodySchema) : undefined;
    const answer = await handle(c, { params, query, body } as Validated<R, Q>);
    return answer instanceof Response ? answer : c.json(answer as object, status);
  });
  return app;
}
