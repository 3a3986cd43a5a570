import { Hono } from "hono";
import { pageQuerySchema } from "../../lib/paging.ts";
import { createWebhookSchema, updateWebhookSchema } from "../../lib/webhooks/schemas.ts";
import { sendTestEvent } from "../../lib/webhooks/test-event.ts";
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, updateWebhook } from "../../lib/webhooks/webhooks.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { screeningService } from "../screening/service.ts";
import { jsonBody, queryOf } from "../validate.ts";

/**
 * The signed-in member's webhooks, and for the organisation's owners and admins every member's (lib/webhooks/webhooks.ts);
 * any other webhook is 404. The secret is answered whole by the creation only.
 */
export const webhookRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await listWebhooks(c.get("ctx").database.db, currentUser(c))))
  .post("/", jsonBody(createWebhookSchema), async (c) => {
    const request = c.req.valid("json");
    const { database, instanceKey } = c.get("ctx");
    return c.json(await createWebhook(database.db, currentUser(c).id, request, instanceKey), 201);
  })
  .patch("/:id", jsonBody(updateWebhookSchema), async (c) => {
    const request = c.req.valid("json");
    return c.json(await updateWebhook(c.get("ctx").database.db, currentUser(c), c.req.param("id"), request, { kind: "user", ipAddress: c.get("clientIp") }));
  })
  .delete("/:id", async (c) => {
    await deleteWebhook(c.get("ctx").database.db, currentUser(c), c.req.param("id"), { kind: "user", ipAddress: c.get("clientIp") });
    return c.json({ success: true });
  })
  .get("/:id/deliveries", queryOf(pageQuerySchema), async (c) => {
    const request = c.req.valid("query");
    return c.json(await listDeliveries(c.get("ctx").database.db, currentUser(c), c.req.param("id"), request));
  })
  .post("/:id/test", async (c) => {
    const { database } = c.get("ctx");
    return c.json(await sendTestEvent(database.db, screeningService(database).queue, currentUser(c), c.req.param("id")), 202);
  });
