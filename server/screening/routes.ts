import { type Context, Hono } from "hono";
import { exportSearchReport, type SearchReportFormat } from "../../lib/exports/search-report.ts";
import { searchDetail } from "../../lib/review/search-detail.ts";
import { searchHistoryQuerySchema } from "../../lib/screening/history-query.ts";
import { createSearchSchema } from "../../lib/screening/schemas.ts";
import { searchWaitQuerySchema, waitForSearchEnd } from "../../lib/screening/search-wait.ts";
import { createSearch, deleteSearch, listSearches } from "../../lib/screening/searches.ts";
import { searchListView } from "../../lib/screening/views.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { jsonBody, queryOf } from "../validate.ts";
import { screeningService } from "./service.ts";

/** The report of one of the user's searches (also the public API's export, server/public-api/embed-routes.ts). */
export async function exportSearch(c: Context<AppEnv>, format: SearchReportFormat, id: string = c.req.param("id")!) {
  const user = currentUser(c);
  const actor = { kind: c.get("apiKeyId") ? "api_key" : "user", userId: user.id, reader: user, ipAddress: c.get("clientIp") } as const;
  const { bytes, contentType, fileName } = await exportSearchReport(c.get("ctx").database.db, actor, id, format);
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}

export const searchRoutes = new Hono<AppEnv>()
  .use(requireUser)

  .post("/", jsonBody(createSearchSchema), async (c) => {
    const input = c.req.valid("json");
    const { database } = c.get("ctx");
    const search = await createSearch({ db: database.db, queue: screeningService(database).queue }, { userId: currentUser(c).id, ...input });
    return c.json({ id: search.id }, 201);
  })

  .get("/", queryOf(searchHistoryQuerySchema), async (c) => {
    const request = c.req.valid("query");
    const page = await listSearches(c.get("ctx").database.db, currentUser(c), request);
    return c.json({ ...page, items: page.items.map(searchListView) });
  })

  /** ?wait=N (0-30 s): answers as soon as the search has ended, or as it stands after N seconds (the web app's long poll). */
  .get("/:id", queryOf(searchWaitQuerySchema), async (c) => {
    const { wait } = c.req.valid("query");
    // Bun closes a connection idle for 10 s; a long poll is quiet for longer on purpose.
    if (wait > 0) c.env?.noTimeout?.(c.req.raw);
    const search = await waitForSearchEnd(c.get("ctx").database.db, currentUser(c), c.req.param("id"), wait * 1000, { signal: c.req.raw.signal });
    return c.json(await searchDetail(c.get("ctx").database.db, search));
  })

  .delete("/:id", async (c) => {
    // Hides it from the owner; the record is kept (lib/screening/searches.ts deleteSearch).
    await deleteSearch(c.get("ctx").database.db, currentUser(c).id, c.req.param("id"), {
      actorKind: c.get("apiKeyId") ? "api_key" : "user",
      ipAddress: c.get("clientIp"),
    });
    return c.json({ success: true });
  })

  .get("/:id/export/pdf", (c) => exportSearch(c, "pdf"))
  .get("/:id/export/excel", (c) => exportSearch(c, "excel"));
