import { type Context, Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import type { OrganisationActor } from "../../lib/organisations/actor.ts";
import {
  createWatchlistSchema,
  renameWatchlistSchema,
  WATCHLIST_IMPORT_MODES,
  WATCHLIST_UPLOAD_FIELD,
  WATCHLIST_UPLOAD_MAX_BYTES,
  watchlistEntriesQuerySchema,
  watchlistEntryInputSchema,
} from "../../lib/watchlists/contract.ts";
import {
  addWatchlistEntry,
  checkWatchlistEditable,
  createWatchlist,
  deleteWatchlist,
  exportWatchlistCsv,
  getWatchlist,
  importWatchlistCsv,
  listWatchlists,
  removeWatchlistEntry,
  renameWatchlist,
} from "../../lib/watchlists/store.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { jsonBody, queryOf } from "../validate.ts";

const actorOf = (c: Context<AppEnv>): OrganisationActor => ({ kind: "user", id: currentUser(c).id, ipAddress: c.get("clientIp") });
const db = (c: Context<AppEnv>) => c.get("ctx").database.db;

export const SEND_CSV = "Send the watchlist CSV as multipart/form-data in a field named file";
export const CSV_TOO_LARGE = "The file is larger than 50 MB; import it with duecheck watchlists import";
const importQuerySchema = z.object({ mode: z.enum(WATCHLIST_IMPORT_MODES, { error: "mode must be add or replace" }).default("add") });

/**
 * /api/organisation/watchlists: the signed-in user's organisation's own watchlists. Every member reads them; owners
 * and admins change them (lib/watchlists decides, and answers 403 or 404).
 */
export const watchlistRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await listWatchlists(db(c), actorOf(c))))
  .post("/", jsonBody(createWatchlistSchema), async (c) => c.json(await createWatchlist(db(c), actorOf(c), c.req.valid("json")), 201))
  .get("/:id", queryOf(watchlistEntriesQuerySchema), async (c) => c.json(await getWatchlist(db(c), actorOf(c), c.req.param("id"), c.req.valid("query"))))
  .put("/:id", jsonBody(renameWatchlistSchema), async (c) => c.json(await renameWatchlist(db(c), actorOf(c), c.req.param("id"), c.req.valid("json"))))
  .delete("/:id", async (c) => c.json(await deleteWatchlist(db(c), actorOf(c), c.req.param("id"))))
  .post("/:id/entries", jsonBody(watchlistEntryInputSchema), async (c) =>
    c.json(await addWatchlistEntry(db(c), actorOf(c), c.req.param("id"), c.req.valid("json")), 201),
  )
  .delete("/:id/entries/:entryId", async (c) => c.json(await removeWatchlistEntry(db(c), actorOf(c), c.req.param("id"), c.req.param("entryId"))))
  /** The CSV (field `file`); `mode` (query or form field): add (default) or replace. */
  .post("/:id/import", async (c) => {
    await checkWatchlistEditable(db(c), actorOf(c), c.req.param("id"));
    if (Number(c.req.header("content-length") ?? 0) > WATCHLIST_UPLOAD_MAX_BYTES + 64 * 1024) throw new AppError(413, CSV_TOO_LARGE);
    let form: Record<string, string | File>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new AppError(400, SEND_CSV);
    }
    const file = form[WATCHLIST_UPLOAD_FIELD];
    if (!(file instanceof File)) throw new AppError(400, SEND_CSV);
    if (file.size > WATCHLIST_UPLOAD_MAX_BYTES) throw new AppError(413, CSV_TOO_LARGE);
    const mode = importQuerySchema.safeParse({ mode: c.req.query("mode") ?? (typeof form.mode === "string" ? form.mode : undefined) });
    if (!mode.success) throw new AppError(400, "mode must be add or replace");
    c.env?.noTimeout?.(c.req.raw);
    return c.json(await importWatchlistCsv(db(c), actorOf(c), c.req.param("id"), new Uint8Array(await file.arrayBuffer()), mode.data.mode));
  })
  .get("/:id/export", async (c) => {
    const { name, csv } = await exportWatchlistCsv(db(c), actorOf(c), c.req.param("id"));
    const fileName = `${name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "watchlist"}.csv`;
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
