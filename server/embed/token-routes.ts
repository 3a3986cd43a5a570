import { Hono } from "hono";
import { createEmbedToken as create } from "../../lib/embed/tokens.ts";
import { AppError } from "../../lib/errors.ts";
import { createEmbedToken } from "../../lib/public-api/search-routes.ts";
import type { AppEnv } from "../context.ts";
import { currentUser } from "../middleware/session.ts";
import { serve } from "../public-api/serve.ts";

/**
 * POST /api/v1/embed-tokens, behind publicApiAuth: a host application's backend, with its API key, asks for a
 * short-lived token for its page's embedded components. An embed token cannot ask (publicApiAuth answers 403).
 */
export const embedTokenRoutes = serve(new Hono<AppEnv>(), createEmbedToken, async (c, { body }) => {
  const apiKeyId = c.get("apiKeyId");
  if (!apiKeyId) throw new AppError(403, "Embed tokens are created with an API key");
  return create(c.get("ctx").database.db, { userId: currentUser(c).id, apiKeyId, ...body });
});
