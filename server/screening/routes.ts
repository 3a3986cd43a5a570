import { type Context, Hono } from "hono";
import { recordAudit } from "../../lib/audit/record.ts";
import { findUserById } from "../../lib/auth/users.ts";
import { AppError } from "../../lib/errors.ts";
import { pageWithTermQuerySchema } from "../../lib/paging.ts";
import { fileSlug } from "../../lib/reports/file-name.ts";
import { buildSearchPdf, buildSearchXlsx, type SearchReport } from "../../lib/reports/index.ts";
import { searchDetail } from "../../lib/review/search-detail.ts";
import { searchReview } from "../../lib/review/search-review.ts";
import type { SearchResults } from "../../lib/screening/results.ts";
import { createSearchSchema, readSearchDetails } from "../../lib/screening/schemas.ts";
import { searchWaitQuerySchema, waitForSearchEnd } from "../../lib/screening/search-wait.ts";
import { createSearch, deleteSearch, getSearch, listSearches, type SearchRow } from "../../lib/screening/searches.ts";
import { isReportLanguage } from "../../lib/screening/summary/index.ts";
import { searchListView } from "../../lib/screening/views.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { parseWith, readJson } from "../validate.ts";
import { screeningService } from "./service.ts";

const EXPORTS = {
  pdf: { build: buildSearchPdf, contentType: "application/pdf", extension: "pdf" },
  excel: { build: buildSearchXlsx, contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" },
} as const;

/** "duecheck-acme-trading-2025-01-31.pdf": letters, digits and dashes only, whatever the term holds. */
export function exportFileName(search: Pick<SearchRow, "searchTerm" | "createdAt">, extension: string): string {
  return `duecheck-${fileSlug(search.searchTerm) || "search"}-${search.createdAt.toISOString().slice(0, 10)}.${extension}`;
}

/** The report of one of the user's searches (also the public API's export, server/public-api/embed-routes.ts). */
export async function exportSearch(c: Context<AppEnv>, format: keyof typeof EXPORTS, id: string = c.req.param("id")!) {
  const { db } = c.get("ctx").database;
  const user = currentUser(c);
  const search = await getSearch(db, user.id, id);
  if (search.status !== "completed" || !search.results) {
    throw new AppError(409, search.status === "failed" ? "A failed search has no report" : "The search has not completed yet");
  }
  const owner = (await findUserById(db, search.userId))!;
  const report: SearchReport = {
    search: {
      id: search.id,
      searchTerm: search.searchTerm,
      entityType: search.entityType,
      createdAt: search.createdAt,
      language: search.language,
      country: search.country,
      details: readSearchDetails(search.details),
    },
    user: { fullName: owner.fullName, email: owner.email },
    results: search.results as SearchResults,
    aiSummary: search.aiSummary ?? "",
    review: await searchReview(db, search),
    generatedAt: new Date(),
    reportLanguage: isReportLanguage(owner.reportLanguage) ? owner.reportLanguage : undefined,
  };
  const { build, contentType, extension } = EXPORTS[format];
  const bytes = await build(report);
  // On the search's record (its timeline): who took its report away, and when.
  await recordAudit(db, {
    action: "search.exported",
    actorKind: c.get("apiKeyId") ? "api_key" : "user",
    actorUserId: user.id,
    targetType: "search",
    targetId: search.id,
    ipAddress: c.get("clientIp"),
    details: { format },
  });
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${exportFileName(search, extension)}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}

export const searchRoutes = new Hono<AppEnv>()
  .use(requireUser)

  .post("/", async (c) => {
    const input = await readJson(c, createSearchSchema);
    const { database } = c.get("ctx");
    const search = await createSearch({ db: database.db, queue: screeningService(database).queue }, { userId: currentUser(c).id, ...input });
    return c.json({ id: search.id }, 201);
  })

  .get("/", async (c) => {
    const request = parseWith(pageWithTermQuerySchema, c.req.query());
    const page = await listSearches(c.get("ctx").database.db, currentUser(c).id, request);
    return c.json({ ...page, items: page.items.map(searchListView) });
  })

  /** ?wait=N (0-30 s): answers as soon as the search has ended, or as it stands after N seconds (the web app's long poll). */
  .get("/:id", async (c) => {
    const { wait } = parseWith(searchWaitQuerySchema, c.req.query());
    // Bun closes a connection idle for 10 s; a long poll is quiet for longer on purpose.
    if (wait > 0) c.env?.noTimeout?.(c.req.raw);
    const search = await waitForSearchEnd(c.get("ctx").database.db, currentUser(c).id, c.req.param("id"), wait * 1000, { signal: c.req.raw.signal });
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
