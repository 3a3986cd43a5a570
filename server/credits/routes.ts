import { Hono } from "hono";
import { z } from "zod";
import { schema } from "../../data/db.ts";
import { creditBalance, listCreditTransactions } from "../../lib/credits/balance.ts";
import { MAX_PAGE_SIZE, pageQuerySchema } from "../../lib/paging.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { queryOf } from "../validate.ts";

const balanceQuery = z.object({
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(MAX_PAGE_SIZE).default(50),
});

const transactionsQuery = pageQuerySchema.extend({
  type: z.enum(schema.creditTransactionType.enumValues, { error: "type must be a credit transaction type" }).optional(),
});

export const creditRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/balance", queryOf(balanceQuery), async (c) => {
    const { limit } = c.req.valid("query");
    return c.json(await creditBalance(c.get("ctx").database.db, currentUser(c).id, limit));
  })
  .get("/transactions", queryOf(transactionsQuery), async (c) => {
    const request = c.req.valid("query");
    return c.json(await listCreditTransactions(c.get("ctx").database.db, currentUser(c).id, request));
  });
