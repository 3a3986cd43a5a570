import { Hono } from "hono";
import { z } from "zod";
import { creditBalance } from "../../lib/credits/balance.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { parseWith } from "../validate.ts";

const balanceQuery = z.object({
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(500).default(50),
});

export const creditRoutes = new Hono<AppEnv>().get("/balance", requireUser, async (c) => {
  const { limit } = parseWith(balanceQuery, c.req.query());
  return c.json(await creditBalance(c.get("ctx").database.db, currentUser(c).id, limit));
});
