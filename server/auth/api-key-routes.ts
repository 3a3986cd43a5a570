import { Hono } from "hono";
import { createApiKey, createApiKeySchema, deleteApiKey, listApiKeys, rotateApiKey, rotateApiKeySchema } from "../../lib/auth/api-keys.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { jsonBody } from "../validate.ts";

export const apiKeyRoutes = new Hono<AppEnv>()
  .use(requireUser)
  /** The caller's keys; for the organisation's owners and admins every member's, each with who made it. */
  .get("/", async (c) => c.json(await listApiKeys(c.get("ctx").database.db, currentUser(c))))
  /** `{name, scopes?, expiresAt?}`: without scopes, screen and read. */
  .post("/", jsonBody(createApiKeySchema), async (c) => {
    const { name, scopes, expiresAt } = c.req.valid("json");
    return c.json(await createApiKey(c.get("ctx").database.db, currentUser(c).id, name, { scopes, expiresAt }), 201);
  })
  /** A new secret for the key; the old one keeps working for `graceHours` (default 24). */
  .post("/:id/rotate", jsonBody(rotateApiKeySchema), async (c) => {
    const { graceHours } = c.req.valid("json");
    const actor = { kind: "user", ipAddress: c.get("clientIp") } as const;
    return c.json(await rotateApiKey(c.get("ctx").database.db, currentUser(c), c.req.param("id"), graceHours, actor), 201);
  })
  .delete("/:id", async (c) => {
    await deleteApiKey(c.get("ctx").database.db, currentUser(c), c.req.param("id"), { kind: "user", ipAddress: c.get("clientIp") });
    return c.json({ success: true });
  });
