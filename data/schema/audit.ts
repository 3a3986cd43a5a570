import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Append-only record of every decision and change; a trigger (migration 0001) refuses UPDATE and DELETE. A BEFORE
 * INSERT trigger (lib/audit/chain.ts explains it) links each entry into a hash chain: its place in the chain, the
 * entry before it and the SHA-256 of its content and of that entry's hash. Never written by the application.
 */
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
    /**
     * The organisation the entry belongs to, for its owners, admins and auditors: the organisation of the record it is
     * about, else of the member who acted; null for the instance's own (settings, datasets, the purge). No foreign key,
     * as for the actor: the record outlives what it names. Not part of the hash (lib/audit/chain.ts says why).
     */
    organisationId: uuid(),
    /** Position in the chain, in the order the trigger linked entries (commit order may differ from id order). */
    chainSeq: bigint({ mode: "number" }),
    /** The entry linked before this one; null for the first. */
    prevId: bigint({ mode: "number" }),
    /** Hex SHA-256 of the previous entry's hash followed by this entry's canonical JSON. */
    hash: text(),
  },
  (t) => [
    index().on(t.at),
    index().on(t.actorUserId),
    index("audit_log_target").on(t.targetType, t.targetId, t.at),
    uniqueIndex("audit_log_chain_seq").on(t.chainSeq),
    index("audit_log_action").on(t.action, t.id),
    // An organisation's log, newest first.
    index("audit_log_organisation").on(t.organisationId, t.id),
  ],
);
