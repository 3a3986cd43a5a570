import { Hono } from "hono";
import { createApiKey, createApiKeySchema, deleteApiKey, listApiKeys } from "../../lib/auth/api-keys.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { jsonBody } from "../validate.ts";

export const apiKeyRoutes = new Hono<AppEnv>()
  .use(requireUser)
  /** The caller's keys; for the organisation's owners and admins every member's, each with who made it. */
  .get("/", async (c) => c.json(await listApiKeys(c.get("ctx").database.db, currentUser(c))))
  .post("/", jsonBody(createApiKeySchema), async (c) => {
    const { name } = c.req.valid("json");
    return c.json(await createApiKey(c.get("ctx").database.db, currentUser(c).id, name), 201);
  })
  .delete("/:id", async (c) => {
    await deleteApiKey(c.get("ctx").database.db, currentUser(c), c.req.param("id"), { kind: "user", ipAddress: c.get("clientIp") });
    return c.json({ success: true });
  });
