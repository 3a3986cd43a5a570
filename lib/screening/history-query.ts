import { z } from "zod";
import { pageWithTermQuerySchema } from "../paging.ts";

export const SEARCH_SCOPES = ["mine", "team"] as const;

/** GET /api/searches: a page of the history, the caller's own searches by default, ?scope=team for the whole team's. */
export const searchHistoryQuerySchema = pageWithTermQuerySchema.extend({
  scope: z.enum(SEARCH_SCOPES, { error: `scope must be one of ${SEARCH_SCOPES.join(", ")}` }).default("mine"),
});
