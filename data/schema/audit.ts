import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Append-only record of every decision and change; a trigger (migration 0001) refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: the record outlives the user. */
    actorUserId: uuid(),
    actorKind: text().notNull(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    ipAddress: text(),
    details: jsonb(),
  },
  (t) => [index().on(t.at), index().on(t.actorUserId), index("audit_log_target").on(t.targetType, t.targetId, t.at)],
);
