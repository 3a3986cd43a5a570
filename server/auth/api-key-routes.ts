import { Hono } from "hono";
import { createApiKey, createApiKeySchema, deleteApiKey, listApiKeys } from "../../lib/auth/api-keys.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { jsonBody } from "../validate.ts";

export const apiKeyRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await listApiKeys(c.get("ctx").database.db, currentUser(c).id)))
  .post("/", jsonBody(createApiKeySchema), async (c) => {
    const { name } = c.req.valid("json");
    return c.json(await createApiKey(c.get("ctx").database.db, currentUser(c).id, name), 201);
  })
  .delete("/:id", async (c) => {
    await deleteApiKey(c.get("ctx").database.db, currentUser(c).id, c.req.param("id"));
    return c.json({ success: true });
  });
