import type { Context } from "hono";
import { z } from "zod";
import { searchQuerySchema } from "../../lib/sanctions/datasets/schemas.ts";
import { NoSanctionsDataError, searchSanctions } from "../../lib/sanctions/search.ts";
import { detailsFromText, searchDetailsSchema } from "../../lib/screening/schemas.ts";
import type { AppEnv } from "../context.ts";
import { parseWith, queryOf } from "../validate.ts";
import { sanctionsService } from "./service.ts";

/**
 * Every key the list search reads from its query, declared on GET /api/sanctions/search so a typed client may send
 * them all. The repeatable ones (dataset, identifier) and the details are read by answerListSearch itself (all their
 * values, and the details' own rules); here they only pass, so the first error is the one searchQuerySchema gives.
 */
export const listSearchQuery = queryOf(
  searchQuerySchema.extend({
    dataset: z.string().optional(),
    birthDate: z.string().optional(),
    nationality: z.string().optional(),
    identifier: z.string().optional(),
  }),
);

/**
 * The list search by name (GET /api/sanctions/search and /api/v1/sanctions/search): term, type, limit and dataset,
 * plus the query-by-example details birthDate, nationality and identifier=KIND:VALUE (repeatable); 503 with the lists
 * when none has data. It reads its query itself: the embed API mounts it without listSearchQuery.
 */
export async function answerListSearch(c: Context<AppEnv>) {
  const query = parseWith(searchQuerySchema, c.req.query());
  const details = parseWith(
    searchDetailsSchema.optional(),
    detailsFromText({ birthDate: c.req.query("birthDate"), nationality: c.req.query("nationality"), identifiers: c.req.queries("identifier") }),
  );
  const { database } = c.get("ctx");
  try {
    const answer = await searchSanctions(database.db, sanctionsService(database).index, (c.req.queries("dataset") ?? []).filter(Boolean), {
      ...query,
      ...(details ? { details } : {}),
    });
    return c.json(answer);
  } catch (error) {
    if (error instanceof NoSanctionsDataError) {
      return c.json({ found: false, results: [], error: error.message, searched: [], lists: error.lists }, 503);
    }
    throw error;
  }
}
