import { Hono } from "hono";
import { addEmbedOrigin, listEmbedOrigins, removeEmbedOrigin } from "../../lib/embed/origins.ts";
import { addEmbedOriginSchema, removeEmbedOriginQuerySchema } from "../../lib/embed/schemas.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { jsonBody, queryOf } from "../validate.ts";

/** /api/embed/origins: the signed-in user's allowed origins for embed tokens (cookie session; never CORS). */
export const embedOriginRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/origins", async (c) => c.json(await listEmbedOrigins(c.get("ctx").database.db, currentUser(c).id)))
  .post("/origins", jsonBody(addEmbedOriginSchema), async (c) => {
    const { origin } = c.req.valid("json");
    const added = await addEmbedOrigin(c.get("ctx").database.db, currentUser(c).id, origin, { kind: "user", ipAddress: c.get("clientIp") });
    return c.json(added, 201);
  })
  .delete("/origins", queryOf(removeEmbedOriginQuerySchema), async (c) => {
    const { origin } = c.req.valid("query");
    await removeEmbedOrigin(c.get("ctx").database.db, currentUser(c).id, origin, { kind: "user", ipAddress: c.get("clientIp") });
    return c.json({ success: true });
  });
