/**
 * The signed-in member's notifications over HTTP: GET /api/notifications (paged `items`, newest first, with the
 * `unread` count; ?unread=true for those not read) and POST /api/notifications/read ({ ids } or { all: true }).
 * lib/notifications keeps every member to their own: another member's notification is 404, as an unknown id.
 */
import { Hono } from "hono";
import { markReadSchema, notificationFilterSchema } from "../../lib/notifications/contract.ts";
import { listNotifications, markNotificationsRead } from "../../lib/notifications/list.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { jsonBody, queryOf } from "../validate.ts";

const listQuerySchema = pageQuerySchema.extend(notificationFilterSchema.shape);

/** Under /api/notifications. */
export const notificationRoutes = new Hono<AppEnv>()
  .use(requireUser)

  /** ?unread=true&limit=&cursor= */
  .get("/", queryOf(listQuerySchema), async (c) => {
    const user = currentUser(c);
    return c.json(await listNotifications(c.get("ctx").database.db, { id: user.id, organisationId: user.organisationId }, c.req.valid("query")));
  })

  .post("/read", jsonBody(markReadSchema), async (c) => {
    const user = currentUser(c);
    return c.json(await markNotificationsRead(c.get("ctx").database.db, { id: user.id, organisationId: user.organisationId }, c.req.valid("json")));
  });
