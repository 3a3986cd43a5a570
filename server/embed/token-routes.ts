import { Hono } from "hono";
import { createEmbedTokenSchema } from "../../lib/embed/schemas.ts";
import { createEmbedToken } from "../../lib/embed/tokens.ts";
import { AppError } from "../../lib/errors.ts";
import type { AppEnv } from "../context.ts";
import { currentUser } from "../middleware/session.ts";
import { readJson } from "../validate.ts";

/**
 * POST /api/v1/embed-tokens, behind publicApiAuth: a host application's backend, with its API key, asks for a
 * short-lived token for its page's embedded components. An embed token cannot ask (publicApiAuth answers 403).
 */
export const embedTokenRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const request = await readJson(c, createEmbedTokenSchema);
  const apiKeyId = c.get("apiKeyId");
  if (!apiKeyId) throw new AppError(403, "Embed tokens are created with an API key");
  const created = await createEmbedToken(c.get("ctx").database.db, { userId: currentUser(c).id, apiKeyId, ...request });
  return c.json(created, 201);
});
