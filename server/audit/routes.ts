import { Hono, type MiddlewareHandler } from "hono";
import { auditFilterSchema, auditQuerySchema } from "../../lib/audit/contract.ts";
import { auditCsv, auditCsvFileName } from "../../lib/audit/export.ts";
import { listAuditPage } from "../../lib/audit/list.ts";
import { readsAuditLog } from "../../lib/auth/roles.ts";
import { AppError } from "../../lib/errors.ts";
import type { AppEnv } from "../context.ts";
import { queryOf } from "../validate.ts";

/** 401 without a session, 403 for a role that does not read the audit log (lib/audit/contract.ts's rule). */
const requireAuditReader: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (!user) throw new AppError(401, "Not signed in");
  if (!readsAuditLog(user.role)) throw new AppError(403, "Administrator role required");
  await next();
};

/** /api/admin/audit: mounted before the other admin routes, whose admin-only rule it replaces with its own. */
export const auditRoutes = new Hono<AppEnv>()
  .use(requireAuditReader)
  .get("/", queryOf(auditQuerySchema), async (c) => c.json(await listAuditPage(c.get("ctx").database.db, c.req.valid("query"))))
  /** The same filters as the list, every matching entry as CSV, streamed. */
  .get("/export", queryOf(auditFilterSchema), async (c) => {
    const filter = c.req.valid("query");
    // A long log takes longer than Bun's 10 s idle timeout to write.
    c.env?.noTimeout?.(c.req.raw);
    return new Response(auditCsv(c.get("ctx").database.db, filter), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${auditCsvFileName(new Date())}"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
